//! Why a POS, or a line that should hold one, is not a start.

use std::fmt;

use chess960::ParseBackRankError;
use chess960::StartingPosition;
use chess960::fen::ParseFenError;
use chess960::numbering::{NumberError, Numbering};

/// Why a POS is not a starting position (or a pair of them).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PosError {
    /// Nothing but white space.
    Empty,
    /// A number outside the numbering's range that fits a `u16`.
    Number(NumberError),
    /// A negative number, or one too large for `u16`.
    NumberNotInRange(Numbering),
    /// Text that is not a back rank.
    Rank(ParseBackRankError),
    /// A FEN that is not a Chess960 start position.
    Fen(ParseFenError),
    /// Text that is none of a number, a back rank or a FEN (`0x10`, `518.0`, `abc`).
    Unrecognised,
    /// `NUMBER RANK` where the number is another back rank's.
    Mismatch {
        /// The number as written.
        number: u16,
        /// What the number is.
        named: StartingPosition,
        /// What the rank beside it is.
        rank: StartingPosition,
    },
    /// More words than White's POS and Black's.
    TooManyWords {
        /// How many there are.
        words: usize,
    },
    /// A CSV line without a back-rank field, or with more than two.
    CsvRanks {
        /// How many fields are back ranks.
        ranks: usize,
    },
    /// A JSON line that is not an object with the keys the tool writes.
    Json(String),
    /// A PGN tag line that is not `[Name "value"]`.
    PgnTag,
    /// A line that holds no position (a CSV header, a PGN tag other than FEN) where one
    /// position was asked for.
    NoPosition(&'static str),
    /// A pair of positions where one was asked for (`--black`, `--exclude`).
    Pair,
    /// A pair given to `fen --black`, which already names Black's back rank.
    BlackTwice,
}

impl fmt::Display for PosError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PosError::Empty => {
                f.write_str("empty: expected a number, a back rank such as RNBQKBNR, or a FEN")
            }
            PosError::Number(err) => err.fmt(f),
            PosError::NumberNotInRange(numbering) => {
                let (low, high) = numbering.range();
                write!(f, "{numbering} is not in {low}..={high}")
            }
            PosError::Rank(err) => err.fmt(f),
            PosError::Fen(err) => write!(f, "FEN {err}"),
            PosError::Unrecognised => f.write_str("not a number, a back rank or a FEN"),
            PosError::Mismatch {
                number,
                named,
                rank,
            } => {
                write!(f, "{number} is {named}, not {rank}")
            }
            PosError::TooManyWords { words } => write!(
                f,
                "expected one POS, or White's and Black's (a pair), found {words} words"
            ),
            PosError::CsvRanks { ranks } => write!(
                f,
                "CSV: expected a back-rank field, or White's and Black's, found {ranks}"
            ),
            PosError::Json(problem) => write!(f, "JSON: {problem}"),
            PosError::PgnTag => f.write_str("PGN tag: expected [Name \"value\"]"),
            PosError::NoPosition(what) => write!(f, "{what}, not a position"),
            PosError::Pair => f.write_str(
                "a pair (White's start and Black's), where one start position is expected",
            ),
            PosError::BlackTwice => {
                f.write_str("a pair already gives Black's back rank: leave out --black")
            }
        }
    }
}

impl std::error::Error for PosError {}
