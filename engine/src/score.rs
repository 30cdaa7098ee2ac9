//! What an engine says of a position: a score in centipawns or a mate, and where the engine
//! offers it, its win/draw/loss expectation.

use core::fmt;

/// A score from the side to move's view (White's, at a start): centipawns, or moves to mate
/// (negative: being mated).
///
/// ```
/// use chess960_engine::Score;
///
/// assert_eq!(Score::Centipawns(31).to_string(), "+0.31");
/// assert_eq!(Score::Centipawns(-5).to_string(), "-0.05");
/// assert_eq!(Score::Mate(-3).to_string(), "#-3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// Moves to mate; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// The centipawns, if the score is not a mate.
    ///
    /// ```
    /// use chess960_engine::Score;
    /// assert_eq!(Score::Centipawns(31).centipawns(), Some(31));
    /// assert_eq!(Score::Mate(2).centipawns(), None);
    /// ```
    pub const fn centipawns(self) -> Option<i32> {
        match self {
            Score::Centipawns(cp) => Some(cp),
            Score::Mate(_) => None,
        }
    }

    /// The moves to mate, if the score is a mate.
    ///
    /// ```
    /// use chess960_engine::Score;
    /// assert_eq!(Score::Mate(-2).mate(), Some(-2));
    /// assert_eq!(Score::Centipawns(0).mate(), None);
    /// ```
    pub const fn mate(self) -> Option<i32> {
        match self {
            Score::Centipawns(_) => None,
            Score::Mate(moves) => Some(moves),
        }
    }
}

/// Pawns with two decimals and a sign, or `#N` for a mate.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Score::Mate(moves) => write!(f, "#{moves}"),
        }
    }
}

/// The engine's expectation for the side to move, per mille: wins, draws and losses (UCI's
/// `wdl`, with `UCI_ShowWDL`). The three need not add up to 1000 if the engine says so.
///
/// ```
/// use chess960_engine::Wdl;
///
/// let wdl = Wdl { win: 82, draw: 917, loss: 1 };
/// assert_eq!(wdl.draw_rate(), 0.917);
/// assert_eq!(wdl.to_string(), "82/917/1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wdl {
    /// Wins per mille.
    pub win: u32,
    /// Draws per mille.
    pub draw: u32,
    /// Losses per mille.
    pub loss: u32,
}

impl Wdl {
    /// The draws as a fraction of the three.
    ///
    /// ```
    /// use chess960_engine::Wdl;
    /// assert_eq!(Wdl { win: 250, draw: 500, loss: 250 }.draw_rate(), 0.5);
    /// assert_eq!(Wdl { win: 0, draw: 0, loss: 0 }.draw_rate(), 0.0);
    /// ```
    pub fn draw_rate(self) -> f64 {
        let total = f64::from(self.win) + f64::from(self.draw) + f64::from(self.loss);
        if total == 0.0 {
            0.0
        } else {
            f64::from(self.draw) / total
        }
    }
}

/// `W/D/L`.
impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.win, self.draw, self.loss)
    }
}
