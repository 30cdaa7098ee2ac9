//! Double Fischer Random: White and Black each start from their own back rank.

use crate::{IdError, StartingPosition};

/// A Double Fischer Random start: White's and Black's back ranks chosen independently, one of
/// 960 × 960 = 921,600. Ordered by White's id, then Black's.
///
/// ```
/// use chess960::{DfrcNumbering, DoubleStartingPosition, StartingPosition};
///
/// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
/// assert_eq!(pair.shredder_fen(), "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1");
/// assert_eq!(pair.number(DfrcNumbering::Viridithas), 105 + 960 * 451);
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct DoubleStartingPosition {
    white: StartingPosition,
    black: StartingPosition,
}

/// How one number names a [`DoubleStartingPosition`]. The crate takes no default: engines
/// disagree. Standard chess is 497,798 in both.
///
/// ```
/// use chess960::{DfrcNumbering, DoubleStartingPosition};
///
/// for numbering in [DfrcNumbering::Viridithas, DfrcNumbering::Clover] {
///     assert_eq!(DoubleStartingPosition::STANDARD.number(numbering), 497_798);
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

impl DoubleStartingPosition {
    /// The number of Double Fischer Random starts, 960².
    ///
    /// ```
    /// assert_eq!(chess960::DoubleStartingPosition::COUNT, 921_600);
    /// ```
    pub const COUNT: u32 = 960 * 960;

    /// Standard chess for both sides.
    ///
    /// ```
    /// use chess960::DoubleStartingPosition;
    ///
    /// assert_eq!(DoubleStartingPosition::STANDARD.white().id(), 518);
    /// assert_eq!(DoubleStartingPosition::STANDARD.black().id(), 518);
    /// ```
    pub const STANDARD: DoubleStartingPosition =
        DoubleStartingPosition::new(StartingPosition::STANDARD, StartingPosition::STANDARD);

    /// White's and Black's back ranks.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::STANDARD, StartingPosition::from_id(0)?);
    /// assert_eq!(pair.black().to_string(), "BBQNNRKR");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn new(white: StartingPosition, black: StartingPosition) -> Self {
        DoubleStartingPosition { white, black }
    }

    /// White's back rank.
    ///
    /// ```
    /// assert_eq!(chess960::DoubleStartingPosition::STANDARD.white().to_string(), "RNBQKBNR");
    /// ```
    #[inline]
    pub const fn white(self) -> StartingPosition {
        self.white
    }

    /// Black's back rank (as seen from White: files a to h).
    ///
    /// ```
    /// assert_eq!(chess960::DoubleStartingPosition::STANDARD.black().id(), 518);
    /// ```
    #[inline]
    pub const fn black(self) -> StartingPosition {
        self.black
    }

    /// The pair with single number `number` under `numbering`.
    ///
    /// # Errors
    ///
    /// [`IdError::DfrcOutOfRange`] if `number` is 921,600 or more.
    ///
    /// ```
    /// use chess960::{DfrcNumbering, DoubleStartingPosition};
    ///
    /// let pair = DoubleStartingPosition::from_number(105 * 960 + 451, DfrcNumbering::Clover)?;
    /// assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
    /// assert!(DoubleStartingPosition::from_number(921_600, DfrcNumbering::Clover).is_err());
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn from_number(number: u32, numbering: DfrcNumbering) -> Result<Self, IdError> {
        if number >= Self::COUNT {
            return Err(IdError::DfrcOutOfRange { number });
        }
        let (major, minor) = ((number / 960) as u16, (number % 960) as u16);
        let (white, black) = match numbering {
            DfrcNumbering::Viridithas => (minor, major),
            DfrcNumbering::Clover => (major, minor),
        };
        match (
            StartingPosition::from_id(white),
            StartingPosition::from_id(black),
        ) {
            (Ok(white), Ok(black)) => Ok(DoubleStartingPosition { white, black }),
            (Err(err), _) | (_, Err(err)) => Err(err),
        }
    }

    /// This pair's single number under `numbering`, 0..=921,599.
    ///
    /// ```
    /// use chess960::{DfrcNumbering, DoubleStartingPosition, StartingPosition};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(1)?, StartingPosition::from_id(2)?);
    /// assert_eq!(pair.number(DfrcNumbering::Viridithas), 1 + 960 * 2);
    /// assert_eq!(pair.number(DfrcNumbering::Clover), 960 + 2);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn number(self, numbering: DfrcNumbering) -> u32 {
        let (white, black) = (self.white.id() as u32, self.black.id() as u32);
        match numbering {
            DfrcNumbering::Viridithas => white + 960 * black,
            DfrcNumbering::Clover => 960 * white + black,
        }
    }
}

/// The same back rank for both sides: a plain Chess960 start.
///
/// ```
/// use chess960::{DoubleStartingPosition, StartingPosition};
///
/// assert_eq!(DoubleStartingPosition::from(StartingPosition::STANDARD), DoubleStartingPosition::STANDARD);
/// ```
impl From<StartingPosition> for DoubleStartingPosition {
    fn from(sp: StartingPosition) -> Self {
        DoubleStartingPosition::new(sp, sp)
    }
}
