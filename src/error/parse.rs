//! Text that is not a back rank.

use core::fmt;

use crate::{ArrangementError, File};

/// Text that is not a back rank.
///
/// ```
/// use chess960::{ParseError, StartingPosition};
///
/// let err = "RNBQKBN".parse::<StartingPosition>().unwrap_err();
/// assert_eq!(err, ParseError::Length { chars: 7 });
/// assert_eq!(err.to_string(), "expected 8 pieces, found 7 characters");
///
/// let err = "RNBQKBNP".parse::<StartingPosition>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown symbol 'P' at h1: expected K, Q, R, B, N (either case) or a chess piece symbol");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// The text (after trimming white space) is not eight characters long.
    Length {
        /// Its length in characters (not bytes).
        chars: usize,
    },
    /// A character is not a piece letter or symbol.
    UnknownSymbol {
        /// The character.
        symbol: char,
        /// Its file: the character's position among the eight.
        file: File,
    },
    /// Eight pieces, but not a Chess960 back rank.
    Arrangement(ArrangementError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::Length { chars } => {
                let s = if chars == 1 { "" } else { "s" };
                write!(f, "expected 8 pieces, found {chars} character{s}")
            }
            ParseError::UnknownSymbol { symbol, file } => write!(
                f,
                "unknown symbol {symbol:?} at {}1: expected K, Q, R, B, N (either case) or a chess piece symbol",
                file.to_char()
            ),
            ParseError::Arrangement(err) => fmt::Display::fmt(&err, f),
        }
    }
}

/// The message of [`ParseError::Arrangement`] is its inner error's, so `source` is `None`.
impl core::error::Error for ParseError {}

impl From<ArrangementError> for ParseError {
    fn from(err: ArrangementError) -> Self {
        ParseError::Arrangement(err)
    }
}
