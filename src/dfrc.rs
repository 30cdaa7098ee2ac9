//! Double Fischer Random: White and Black each start from their own back rank.

use crate::position::StartingPosition;

/// A Double Fischer Random start: White's and Black's back ranks chosen independently, one of
/// 960 × 960 = 921,600. Ordered by White's id, then Black's.
///
/// ```
/// use chess960::{DoubleStartingPosition, StartingPosition};
///
/// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
/// assert_eq!((pair.white().to_string(), pair.black().to_string()), ("QNRBBNKR".into(), "BRNNKQRB".into()));
/// assert!(pair < DoubleStartingPosition::new(StartingPosition::from_id(106)?, StartingPosition::from_id(0)?));
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct DoubleStartingPosition {
    white: StartingPosition,
    black: StartingPosition,
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

    /// The position both sides start from, if Black's back rank is White's: a plain Chess960
    /// start.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    ///
    /// assert_eq!(DoubleStartingPosition::STANDARD.single(), Some(StartingPosition::STANDARD));
    /// let pair = DoubleStartingPosition::new(StartingPosition::STANDARD, StartingPosition::from_id(0)?);
    /// assert_eq!(pair.single(), None);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn single(self) -> Option<StartingPosition> {
        if self.white.id() == self.black.id() {
            Some(self.white)
        } else {
            None
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
