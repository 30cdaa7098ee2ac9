//! Text that is not a move in UCI.

use core::fmt;

use crate::Square;

/// Text that is not a move in UCI (`e2e4`, `e7e8q`, `0000`), naming the first thing wrong.
/// Characters are counted from 1.
///
/// ```
/// use chess960::{UciError, UciMove};
///
/// let err = "e9e4".parse::<UciMove>().unwrap_err();
/// assert_eq!(err, UciError::Rank { at: 2, symbol: '9' });
/// assert_eq!(err.to_string(), "character 2 is '9': expected a rank 1-8");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum UciError {
    /// Not 4 or 5 characters long.
    Length {
        /// How many characters there are.
        chars: usize,
    },
    /// Character 1 or 3 is not a file letter `a`-`h`.
    File {
        /// Which character, 1 or 3.
        at: usize,
        /// The character found.
        symbol: char,
    },
    /// Character 2 or 4 is not a rank digit `1`-`8`.
    Rank {
        /// Which character, 2 or 4.
        at: usize,
        /// The character found.
        symbol: char,
    },
    /// Character 5 is not a promotion piece `q`, `r`, `b` or `n`.
    Promotion {
        /// The character found.
        symbol: char,
    },
    /// The move starts and ends on the same square.
    SameSquare {
        /// The square.
        square: Square,
    },
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UciError::Length { chars } => write!(
                f,
                "expected a move of 4 or 5 characters such as e2e4 or e7e8q, found {chars}"
            ),
            UciError::File { at, symbol } => {
                write!(f, "character {at} is {symbol:?}: expected a file a-h")
            }
            UciError::Rank { at, symbol } => {
                write!(f, "character {at} is {symbol:?}: expected a rank 1-8")
            }
            UciError::Promotion { symbol } => write!(
                f,
                "character 5 is {symbol:?}: expected a promotion piece q, r, b or n"
            ),
            UciError::SameSquare { square } => {
                write!(f, "{square}{square}: from and to are the same square")
            }
        }
    }
}

impl core::error::Error for UciError {}
