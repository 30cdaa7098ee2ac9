//! Other numberings of the 960: one-based ids and Fritz 9's numbers.

use core::fmt;

use crate::get;
use crate::tables::KINGS_TABLE;
use crate::{IdError, Piece, StartingPosition};

/// A numbering of the 960 starting positions.
///
/// ```
/// use chess960::{Numbering, StartingPosition};
///
/// let sp = StartingPosition::STANDARD;
/// assert_eq!(sp.number(Numbering::Scharnagl), 518);
/// assert_eq!(sp.number(Numbering::OneBased), 518);
/// assert_eq!(sp.number(Numbering::Fritz9), 359);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Numbering {
    /// Scharnagl's ids 0..=959, the numbering this crate is built on.
    #[default]
    Scharnagl,
    /// Scharnagl's ids counted 1..=960: 960 is SP 0, every other number is unchanged.
    OneBased,
    /// Fritz 9's numbers 1..=960: Scharnagl's bishop code plus the number of the queen's and
    /// knights' skeleton in Fritz 9's own table (knights placed first, then the queen).
    Fritz9,
}

impl Numbering {
    /// The lowest and the highest number.
    ///
    /// ```
    /// assert_eq!(chess960::Numbering::OneBased.range(), (1, 960));
    /// ```
    pub const fn range(self) -> (u16, u16) {
        match self {
            Numbering::Scharnagl => (0, 959),
            Numbering::OneBased | Numbering::Fritz9 => (1, 960),
        }
    }
}

/// The name used in messages.
///
/// ```
/// assert_eq!(chess960::Numbering::Fritz9.to_string(), "Fritz 9 number");
/// ```
impl fmt::Display for Numbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Numbering::Scharnagl => "id",
            Numbering::OneBased => "one-based id",
            Numbering::Fritz9 => "Fritz 9 number",
        })
    }
}

impl StartingPosition {
    /// The position with number `number` in `numbering`.
    ///
    /// # Errors
    ///
    /// [`IdError::OutOfRange`] if `number` is outside the numbering's [range](Numbering::range).
    ///
    /// ```
    /// use chess960::{Numbering, StartingPosition};
    ///
    /// assert_eq!(StartingPosition::from_number(359, Numbering::Fritz9)?, StartingPosition::STANDARD);
    /// assert_eq!(StartingPosition::from_number(960, Numbering::OneBased)?.id(), 0);
    /// let err = StartingPosition::from_number(0, Numbering::Fritz9).unwrap_err();
    /// assert_eq!(err.to_string(), "Fritz 9 number 0 is not in 1..=960");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn from_number(number: u16, numbering: Numbering) -> Result<Self, IdError> {
        let (low, high) = numbering.range();
        if number < low || number > high {
            return Err(IdError::OutOfRange { number, numbering });
        }
        let id = match numbering {
            Numbering::Scharnagl => number,
            Numbering::OneBased => number % 960,
            Numbering::Fritz9 => {
                let (skeleton, bishops) = ((number - 1) / 16, (number - 1) % 16);
                match get(&FRITZ_TO_KINGS_ROW, skeleton as usize) {
                    Some(row) => 16 * row as u16 + bishops,
                    // Never taken: the number is at most 960, so the skeleton is below 60.
                    None => {
                        return Err(IdError::OutOfRange { number, numbering });
                    }
                }
            }
        };
        StartingPosition::from_id(id)
    }

    /// This position's number in `numbering`.
    ///
    /// ```
    /// use chess960::{Numbering, StartingPosition};
    ///
    /// let sp = StartingPosition::from_id(0)?;
    /// assert_eq!(sp.number(Numbering::OneBased), 960);
    /// assert_eq!(sp.number(Numbering::Fritz9), 81); // QNNRKR is Fritz 9's skeleton 81
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn number(self, numbering: Numbering) -> u16 {
        let id = self.id();
        match numbering {
            Numbering::Scharnagl => id,
            Numbering::OneBased if id == 0 => 960,
            Numbering::OneBased => id,
            Numbering::Fritz9 => match get(&KINGS_ROW_TO_FRITZ, (id / 16) as usize) {
                Some(skeleton) => 1 + 16 * skeleton as u16 + id % 16,
                // Never taken: ids are below 960, so `id / 16` is below 60.
                None => id,
            },
        }
    }
}

/// For each row of Scharnagl's King's table, the row of Fritz 9's skeleton table: 15 × the
/// queen's slot among the four squares the knights leave + the knights' pair among six
/// (0 = `NN----`, 1 = `N-N---`, …, 14 = `----NN`).
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
const KINGS_ROW_TO_FRITZ: [u8; 60] = {
    let mut fritz = [0; 60];
    let mut row = 0;
    while row < 60 {
        let (mut knights, mut seen, mut queen) = ([0; 2], 0, 0);
        let mut slot = 0;
        while slot < 6 {
            match KINGS_TABLE[row][slot] {
                Piece::Knight => {
                    knights[seen] = slot;
                    seen += 1;
                }
                Piece::Queen => queen = slot - seen,
                _ => {}
            }
            slot += 1;
        }
        // Pairs (a, b) of six slots, a < b, in order: 5 + 4 + … pairs start left of a.
        let mut pair = knights[1] - knights[0] - 1;
        let mut a = 0;
        while a < knights[0] {
            pair += 5 - a;
            a += 1;
        }
        fritz[row] = (15 * queen + pair) as u8;
        row += 1;
    }
    fritz
};

/// The inverse of [`KINGS_ROW_TO_FRITZ`].
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
const FRITZ_TO_KINGS_ROW: [u8; 60] = {
    let mut rows = [0; 60];
    let mut row = 0;
    while row < 60 {
        rows[KINGS_ROW_TO_FRITZ[row] as usize] = row as u8;
        row += 1;
    }
    rows
};
