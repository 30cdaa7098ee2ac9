//! Numbers outside their numbering's range.

use core::fmt;

use crate::Numbering;

/// A number outside the range of its numbering.
///
/// ```
/// use chess960::{IdError, Numbering, StartingPosition};
///
/// let err = StartingPosition::from_id(960).unwrap_err();
/// assert_eq!(err, IdError::OutOfRange { number: 960, numbering: Numbering::Scharnagl });
/// assert_eq!(err.to_string(), "id 960 is not in 0..=959");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum IdError {
    /// A starting position's number is outside its numbering's range.
    OutOfRange {
        /// The number given.
        number: u16,
        /// The numbering it was read in.
        numbering: Numbering,
    },
    /// A Double Fischer Random number is 921,600 or more.
    DfrcOutOfRange {
        /// The number given.
        number: u32,
    },
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IdError::OutOfRange { number, numbering } => {
                let (low, high) = numbering.range();
                write!(f, "{numbering} {number} is not in {low}..={high}")
            }
            IdError::DfrcOutOfRange { number } => {
                write!(
                    f,
                    "Double Fischer Random number {number} is not in 0..=921599"
                )
            }
        }
    }
}

impl core::error::Error for IdError {}
