//! A replayed move → UCI, castling spelled as asked ([`UciCastling`]).

use std::fmt;
use std::str::FromStr;

use chess960::UciMove;
use cozy_chess::{File, Move};

/// How castling is written in UCI.
///
/// ```
/// use chess960_pgn::moves::{Replay, UciCastling};
///
/// let replay = Replay::of_pgn(b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *");
/// let last = |castling| replay.uci(castling).last().map(|mv| mv.to_string());
/// assert_eq!(last(UciCastling::KingTakesRook).as_deref(), Some("e1h1"));
/// assert_eq!(last(UciCastling::KingTwoSquares).as_deref(), Some("e1g1"));
/// assert_eq!("king-two-squares".parse(), Ok(UciCastling::KingTwoSquares));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum UciCastling {
    /// The king takes its own rook (`e1h1`): as `UCI_Chess960` engines, lichess's dumps and
    /// python-chess's `board.uci(move, chess960=True)` write it.
    #[default]
    KingTakesRook,
    /// The king moves two squares (`e1g1`, standard UCI) where it stands on the e-file;
    /// elsewhere, where this spelling does not exist, the king takes its rook.
    KingTwoSquares,
}

impl UciCastling {
    /// The names, as [`FromStr`] reads them and [`Display`](fmt::Display) writes them.
    pub const NAMES: [&str; 2] = ["king-takes-rook", "king-two-squares"];
    /// Every spelling, in the order of [`UciCastling::NAMES`].
    pub const ALL: [UciCastling; 2] = [UciCastling::KingTakesRook, UciCastling::KingTwoSquares];
}

impl fmt::Display for UciCastling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = UciCastling::ALL.iter().position(|c| c == self).unwrap_or(0);
        f.write_str(UciCastling::NAMES.get(at).copied().unwrap_or_default())
    }
}

impl FromStr for UciCastling {
    type Err = chess960::ParseNameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let at = UciCastling::NAMES.iter().position(|name| *name == s);
        at.and_then(|at| UciCastling::ALL.get(at).copied()).ok_or(
            chess960::ParseNameError::Unknown {
                what: "a spelling of castling in UCI",
                name: chess960::Excerpt::new(s),
                names: &UciCastling::NAMES,
            },
        )
    }
}

/// `mv` (which `castles`, or not) in UCI; a null move is `0000`.
pub fn uci(mv: Move, castles: bool, castling: UciCastling) -> UciMove {
    if mv.from == mv.to {
        return UciMove::NULL;
    }
    let mut to = mv.to;
    if castles && castling == UciCastling::KingTwoSquares && mv.from.file() == File::E {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        to = cozy_chess::Square::new(file, mv.from.rank());
    }
    let mut text = [0u8; 5];
    let square =
        |square: cozy_chess::Square| [b'a' + square.file() as u8, b'1' + square.rank() as u8];
    for (slot, byte) in text
        .iter_mut()
        .zip(square(mv.from).into_iter().chain(square(to)))
    {
        *slot = byte;
    }
    let len = match mv.promotion {
        Some(piece) => {
            if let Some(slot) = text.get_mut(4) {
                *slot = char::from(piece).to_ascii_lowercase() as u8;
            }
            5
        }
        None => 4,
    };
    UciMove::from_ascii(text.get(..len).unwrap_or_default()).unwrap_or(UciMove::NULL)
}
