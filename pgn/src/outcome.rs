//! How a game ended ([`Outcome`]), read once from its result: what statistics, trees and
//! every face count.

use std::fmt;

/// How a finished game ended.
///
/// ```
/// use chess960_pgn::Outcome;
///
/// assert_eq!(Outcome::of("1/2-1/2"), Some(Outcome::Draw));
/// assert_eq!(Outcome::of("*"), None); // unfinished
/// assert_eq!(Outcome::Black.winner(), Some("black"));
/// assert_eq!(Outcome::White.to_string(), "1-0");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Outcome {
    /// White won: `1-0`.
    White,
    /// A draw: `1/2-1/2`.
    Draw,
    /// Black won: `0-1`.
    Black,
}

impl Outcome {
    /// Every outcome, in the order of [`Outcome::index`]: White's win, the draw, Black's win.
    ///
    /// ```
    /// use chess960_pgn::Outcome;
    ///
    /// assert!(Outcome::ALL.iter().enumerate().all(|(at, outcome)| usize::from(outcome.index()) == at));
    /// ```
    pub const ALL: [Outcome; 3] = [Outcome::White, Outcome::Draw, Outcome::Black];

    /// Its place in [`Outcome::ALL`] (0, 1, 2): the two bits an index stores it in.
    pub const fn index(self) -> u8 {
        match self {
            Outcome::White => 0,
            Outcome::Draw => 1,
            Outcome::Black => 2,
        }
    }

    /// The outcome of a result: `1-0`, `1/2-1/2`, `0-1`; `None` for anything else (an
    /// unfinished game).
    pub fn of(result: &str) -> Option<Outcome> {
        match result.trim() {
            "1-0" => Some(Outcome::White),
            "1/2-1/2" => Some(Outcome::Draw),
            "0-1" => Some(Outcome::Black),
            _ => None,
        }
    }

    /// As lichess's explorer names a game's winner: `white`, `black`, or none for a draw.
    pub const fn winner(self) -> Option<&'static str> {
        match self {
            Outcome::White => Some("white"),
            Outcome::Black => Some("black"),
            Outcome::Draw => None,
        }
    }

    /// As PGN writes it: `1-0`, `1/2-1/2`, `0-1`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::White => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::Black => "0-1",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
