//! Other numberings of the starts: one-based ids and Fritz 9's numbers for the 960
//! ([`Numbering`]), and the single numbers engines give Double Fischer Random pairs
//! ([`DfrcNumbering`]); [`NumberError`] for a number outside its range.
//!
//! ```
//! use chess960::StartingPosition;
//! use chess960::numbering::Numbering;
//!
//! assert_eq!(Numbering::Fritz.number(StartingPosition::STANDARD), 359);
//! assert_eq!(Numbering::OneBased.position(960)?.id(), 0);
//! # Ok::<(), chess960::numbering::NumberError>(())
//! ```

mod fritz;

use core::fmt;
use core::str::FromStr;

use crate::checked::{cannot_happen, get};
use crate::dfrc::DoubleStartingPosition;
use crate::name::{self, ParseNameError};
use crate::position::StartingPosition;
use fritz::{FRITZ_TO_KINGS_ROW, KINGS_ROW_TO_FRITZ};

/// A numbering of the 960 starting positions.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::numbering::Numbering;
///
/// let sp = StartingPosition::STANDARD;
/// assert_eq!(Numbering::Scharnagl.number(sp), 518);
/// assert_eq!(Numbering::OneBased.number(sp), 518);
/// assert_eq!(Numbering::Fritz.number(sp), 359);
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
    Fritz,
}

impl Numbering {
    /// The lowest and the highest number.
    ///
    /// ```
    /// use chess960::numbering::Numbering;
    /// assert_eq!(chess960::numbering::Numbering::OneBased.range(), (1, 960));
    /// ```
    pub const fn range(self) -> (u16, u16) {
        match self {
            Numbering::Scharnagl => (0, 959),
            Numbering::OneBased | Numbering::Fritz => (1, 960),
        }
    }

    /// The position with number `number` in this numbering.
    ///
    /// # Errors
    ///
    /// [`NumberError::OutOfRange`] if `number` is outside the [range](Numbering::range).
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::numbering::Numbering;
    ///
    /// assert_eq!(Numbering::Fritz.position(359)?, StartingPosition::STANDARD);
    /// assert_eq!(Numbering::OneBased.position(960)?.id(), 0);
    /// let err = Numbering::Fritz.position(0).unwrap_err();
    /// assert_eq!(err.to_string(), "Fritz 9 number 0 is not in 1..=960");
    /// # Ok::<(), chess960::numbering::NumberError>(())
    /// ```
    pub const fn position(self, number: u16) -> Result<StartingPosition, NumberError> {
        let (low, high) = self.range();
        if number < low || number > high {
            return Err(NumberError::OutOfRange {
                number,
                numbering: self,
            });
        }
        let id = match self {
            Numbering::Scharnagl => number,
            Numbering::OneBased => number % 960,
            Numbering::Fritz => {
                let (skeleton, bishops) = ((number - 1) / 16, (number - 1) % 16);
                match get(&FRITZ_TO_KINGS_ROW, skeleton as usize) {
                    Some(row) => 16 * row as u16 + bishops,
                    None => cannot_happen(0),
                }
            }
        };
        Ok(StartingPosition::from_id_in_range(id))
    }

    /// The number of `sp` in this numbering.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::numbering::Numbering;
    ///
    /// let sp = StartingPosition::from_id(0)?;
    /// assert_eq!(Numbering::OneBased.number(sp), 960);
    /// assert_eq!(Numbering::Fritz.number(sp), 81); // QNNRKR is Fritz 9's skeleton 81
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn number(self, sp: StartingPosition) -> u16 {
        let id = sp.id();
        match self {
            Numbering::Scharnagl => id,
            Numbering::OneBased if id == 0 => 960,
            Numbering::OneBased => id,
            Numbering::Fritz => match get(&KINGS_ROW_TO_FRITZ, (id / 16) as usize) {
                Some(skeleton) => 1 + 16 * skeleton as u16 + id % 16,
                None => cannot_happen(id),
            },
        }
    }
}

impl Numbering {
    /// Every numbering, in the order of [`Numbering::NAMES`].
    pub const ALL: [Numbering; 3] = [Numbering::Scharnagl, Numbering::OneBased, Numbering::Fritz];
    /// Their names, as `FromStr` reads them and `Display` writes them.
    ///
    /// ```
    /// use chess960::numbering::Numbering;
    ///
    /// assert_eq!(Numbering::NAMES, ["scharnagl", "one-based", "fritz"]);
    /// assert_eq!("one-based".parse(), Ok(Numbering::OneBased));
    /// assert_eq!(Numbering::Fritz.to_string(), "fritz");
    /// ```
    pub const NAMES: [&'static str; 3] = ["scharnagl", "one-based", "fritz"];

    /// What one number is called in messages.
    ///
    /// ```
    /// assert_eq!(chess960::numbering::Numbering::Fritz.noun(), "Fritz 9 number");
    /// ```
    pub const fn noun(self) -> &'static str {
        match self {
            Numbering::Scharnagl => "id",
            Numbering::OneBased => "one-based id",
            Numbering::Fritz => "Fritz 9 number",
        }
    }
}

/// Its name: `scharnagl`, `one-based` or `fritz`.
impl fmt::Display for Numbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Numbering::Scharnagl => "scharnagl",
            Numbering::OneBased => "one-based",
            Numbering::Fritz => "fritz",
        })
    }
}

/// Reads `scharnagl`, `one-based` or `fritz`.
impl FromStr for Numbering {
    type Err = ParseNameError;

    fn from_str(text: &str) -> Result<Self, ParseNameError> {
        name::parse(text, "a numbering", &Numbering::ALL, &Numbering::NAMES)
    }
}

/// How one number names a [`DoubleStartingPosition`], 0..=921,599. The crate takes no
/// default: engines disagree. Standard chess is 497,798 in both.
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960::numbering::DfrcNumbering;
///
/// for numbering in [DfrcNumbering::Viridithas, DfrcNumbering::Clover] {
///     assert_eq!(numbering.number(DoubleStartingPosition::STANDARD), 497_798);
/// }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum DfrcNumbering {
    /// `white + 960 × black`, Viridithas's numbering.
    Viridithas,
    /// `960 × white + black`, Clover's numbering.
    Clover,
}

impl DfrcNumbering {
    /// The pair with number `number` in this numbering.
    ///
    /// # Errors
    ///
    /// [`NumberError::DfrcOutOfRange`] if `number` is 921,600 or more.
    ///
    /// ```
    /// use chess960::numbering::DfrcNumbering;
    ///
    /// let pair = DfrcNumbering::Clover.pair(105 * 960 + 451)?;
    /// assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
    /// assert!(DfrcNumbering::Clover.pair(921_600).is_err());
    /// # Ok::<(), chess960::numbering::NumberError>(())
    /// ```
    pub const fn pair(self, number: u32) -> Result<DoubleStartingPosition, NumberError> {
        if number >= DoubleStartingPosition::COUNT {
            return Err(NumberError::DfrcOutOfRange {
                number,
                numbering: self,
            });
        }
        let (major, minor) = ((number / 960) as u16, (number % 960) as u16);
        let (white, black) = match self {
            DfrcNumbering::Viridithas => (minor, major),
            DfrcNumbering::Clover => (major, minor),
        };
        Ok(DoubleStartingPosition::new(
            StartingPosition::from_id_in_range(white),
            StartingPosition::from_id_in_range(black),
        ))
    }

    /// The number of `pair` in this numbering, 0..=921,599.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::numbering::DfrcNumbering;
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(1)?, StartingPosition::from_id(2)?);
    /// assert_eq!(DfrcNumbering::Viridithas.number(pair), 1 + 960 * 2);
    /// assert_eq!(DfrcNumbering::Clover.number(pair), 960 + 2);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn number(self, pair: DoubleStartingPosition) -> u32 {
        let (white, black) = (pair.white().id() as u32, pair.black().id() as u32);
        match self {
            DfrcNumbering::Viridithas => white + 960 * black,
            DfrcNumbering::Clover => 960 * white + black,
        }
    }
}

impl DfrcNumbering {
    /// Both numberings, in the order of [`DfrcNumbering::NAMES`].
    pub const ALL: [DfrcNumbering; 2] = [DfrcNumbering::Viridithas, DfrcNumbering::Clover];
    /// Their names, as `FromStr` reads them and `Display` writes them.
    ///
    /// ```
    /// use chess960::numbering::DfrcNumbering;
    ///
    /// assert_eq!(DfrcNumbering::NAMES, ["viridithas", "clover"]);
    /// assert_eq!("clover".parse(), Ok(DfrcNumbering::Clover));
    /// assert_eq!(DfrcNumbering::Viridithas.to_string(), "viridithas");
    /// ```
    pub const NAMES: [&'static str; 2] = ["viridithas", "clover"];

    /// What one number is called in messages.
    ///
    /// ```
    /// assert_eq!(chess960::numbering::DfrcNumbering::Clover.noun(), "Clover number");
    /// ```
    pub const fn noun(self) -> &'static str {
        match self {
            DfrcNumbering::Viridithas => "Viridithas number",
            DfrcNumbering::Clover => "Clover number",
        }
    }
}

/// Its name: `viridithas` or `clover`.
impl fmt::Display for DfrcNumbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DfrcNumbering::Viridithas => "viridithas",
            DfrcNumbering::Clover => "clover",
        })
    }
}

/// Reads `viridithas` or `clover`.
impl FromStr for DfrcNumbering {
    type Err = ParseNameError;

    fn from_str(text: &str) -> Result<Self, ParseNameError> {
        let what = "a DFRC numbering";
        name::parse(text, what, &DfrcNumbering::ALL, &DfrcNumbering::NAMES)
    }
}

/// A number outside the range of its numbering.
///
/// ```
/// use chess960::numbering::{NumberError, Numbering};
///
/// let err = Numbering::OneBased.position(0).unwrap_err();
/// assert_eq!(err, NumberError::OutOfRange { number: 0, numbering: Numbering::OneBased });
/// assert_eq!(err.to_string(), "one-based id 0 is not in 1..=960");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum NumberError {
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
        /// The numbering it was read in.
        numbering: DfrcNumbering,
    },
}

impl NumberError {
    /// The variant's name (`OutOfRange`, …): the `kind` of the JavaScript package's
    /// `NumberError`.
    ///
    /// ```
    /// use chess960::numbering::{DfrcNumbering, Numbering};
    ///
    /// assert_eq!(Numbering::OneBased.position(0).unwrap_err().kind(), "OutOfRange");
    /// assert_eq!(DfrcNumbering::Clover.pair(921_600).unwrap_err().kind(), "DfrcOutOfRange");
    /// ```
    pub const fn kind(self) -> &'static str {
        match self {
            NumberError::OutOfRange { .. } => "OutOfRange",
            NumberError::DfrcOutOfRange { .. } => "DfrcOutOfRange",
        }
    }
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NumberError::OutOfRange { number, numbering } => {
                let (low, high) = numbering.range();
                let noun = numbering.noun();
                write!(f, "{noun} {number} is not in {low}..={high}")
            }
            NumberError::DfrcOutOfRange { number, numbering } => {
                let noun = numbering.noun();
                write!(f, "{noun} {number} is not in 0..=921599")
            }
        }
    }
}

impl core::error::Error for NumberError {}
