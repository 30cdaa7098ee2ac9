//! Why a POS, or a line that should hold one, is not a start.

use std::fmt;

use chess960::{ParseStartError, StartingPosition};

/// Why a POS is not a starting position (or a pair of them).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PosError {
    /// Not a start or a pair in the library's grammar (a number, a back rank, a FEN, or two
    /// of these): empty, out of range, not a back rank, not a start FEN, unrecognised, too many
    /// words, or a pair where one start is asked for.
    Start(ParseStartError),
    /// `NUMBER RANK` where the number is another back rank's.
    Mismatch {
        /// The number as written.
        number: u16,
        /// What the number is.
        named: StartingPosition,
        /// What the rank beside it is.
        rank: StartingPosition,
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
    /// A pair given to `fen --black`, which already names Black's back rank.
    BlackTwice,
}

impl fmt::Display for PosError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PosError::Start(err) => err.fmt(f),
            PosError::Mismatch {
                number,
                named,
                rank,
            } => {
                write!(f, "{number} is {named}, not {rank}")
            }
            PosError::CsvRanks { ranks } => write!(
                f,
                "CSV: expected a back-rank field, or White's and Black's, found {ranks}"
            ),
            PosError::Json(problem) => write!(f, "JSON: {problem}"),
            PosError::PgnTag => f.write_str("PGN tag: expected [Name \"value\"]"),
            PosError::NoPosition(what) => write!(f, "{what}, not a position"),
            PosError::BlackTwice => {
                f.write_str("a pair already gives Black's back rank: leave out --black")
            }
        }
    }
}

impl std::error::Error for PosError {}

impl From<ParseStartError> for PosError {
    fn from(err: ParseStartError) -> PosError {
        PosError::Start(err)
    }
}
