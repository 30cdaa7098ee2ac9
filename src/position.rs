//! [`StartingPosition`]: id → back rank (a table load) and back rank → id (a phf lookup);
//! [`IdError`] for an id of 960 or more.

use core::fmt;
use core::iter::FusedIterator;

use crate::board::{File, Piece};
use crate::checked::{cannot_happen, get};
use crate::generated::{BACK_RANKS, IDS};
use crate::rules::{BackRankError, diagnose, outermost};

/// One of the 960 Chess960 starting positions, by its Scharnagl id (White's back rank; Black's
/// mirrors it). Two bytes, `Copy`, ordered by id.
///
/// ```
/// use chess960::StartingPosition;
///
/// let sp = StartingPosition::from_id(105)?;
/// assert_eq!(sp.to_string(), "QNRBBNKR");
/// assert_eq!("♕♘♖♗♗♘♔♖".parse::<StartingPosition>()?, sp);
/// assert_eq!(core::mem::size_of::<StartingPosition>(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StartingPosition(u16);

impl StartingPosition {
    /// The number of starting positions.
    ///
    /// ```
    /// assert_eq!(chess960::StartingPosition::COUNT, 960);
    /// ```
    pub const COUNT: u16 = 960;

    /// Standard chess, `RNBQKBNR`: id 518.
    ///
    /// ```
    /// use chess960::StartingPosition;
    ///
    /// assert_eq!(StartingPosition::STANDARD.id(), 518);
    /// assert_eq!(StartingPosition::STANDARD.to_string(), "RNBQKBNR");
    /// ```
    pub const STANDARD: StartingPosition = StartingPosition(518);

    /// The position with Scharnagl id `id` (0..=959). O(1): a range check; no arithmetic.
    ///
    /// # Errors
    ///
    /// [`IdError::OutOfRange`] if `id` is 960 or more.
    ///
    /// ```
    /// use chess960::{IdError, StartingPosition};
    ///
    /// assert_eq!(StartingPosition::from_id(518), Ok(StartingPosition::STANDARD));
    /// assert_eq!(StartingPosition::from_id(960), Err(IdError::OutOfRange { id: 960 }));
    /// ```
    #[inline]
    pub const fn from_id(id: u16) -> Result<StartingPosition, IdError> {
        if id < Self::COUNT {
            Ok(StartingPosition(id))
        } else {
            Err(IdError::OutOfRange { id })
        }
    }

    /// The position with id `id`, which the caller has computed to be in 0..=959 (checked in
    /// debug builds; in release, no branch: every use of an id indexes its tables checked).
    #[inline]
    pub(crate) const fn from_id_in_range(id: u16) -> StartingPosition {
        if id >= Self::COUNT {
            cannot_happen(());
        }
        StartingPosition(id)
    }

    /// The Scharnagl id, 0..=959.
    ///
    /// ```
    /// assert_eq!(chess960::StartingPosition::STANDARD.id(), 518);
    /// ```
    #[inline]
    pub const fn id(self) -> u16 {
        self.0
    }

    /// White's back rank, files a to h. O(1): one load from a table generated at build time.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::Piece::{Bishop as B, King as K, Knight as N, Queen as Q, Rook as R};
    ///
    /// const SP_0: [chess960::Piece; 8] = match StartingPosition::from_id(0) {
    ///     Ok(sp) => sp.pieces(),
    ///     Err(_) => panic!(),
    /// };
    /// assert_eq!(SP_0, [B, B, Q, N, N, R, K, R]);
    /// ```
    #[inline]
    pub const fn pieces(self) -> [Piece; 8] {
        match get(&BACK_RANKS, self.0 as usize) {
            Some(pieces) => pieces,
            None => cannot_happen([Piece::Rook; 8]),
        }
    }

    /// White's back rank as uppercase ASCII letters, files a to h.
    ///
    /// ```
    /// assert_eq!(&chess960::StartingPosition::STANDARD.to_ascii(), b"RNBQKBNR");
    /// ```
    #[inline]
    pub const fn to_ascii(self) -> [u8; 8] {
        let [a, b, c, d, e, f, g, h] = self.pieces();
        [
            a as u8, b as u8, c as u8, d as u8, e as u8, f as u8, g as u8, h as u8,
        ]
    }

    /// The position whose back rank is `pieces` (files a to h). O(1): a perfect-hash lookup.
    ///
    /// # Errors
    ///
    /// If `pieces` is not one of the 960, the first rule it breaks (piece counts, bishops on
    /// opposite colours, king between the rooks).
    ///
    /// ```
    /// use chess960::{BackRankError, File, StartingPosition};
    /// use chess960::Piece::{Bishop as B, King as K, Knight as N, Queen as Q, Rook as R};
    ///
    /// assert_eq!(StartingPosition::from_pieces([Q, N, R, B, B, N, K, R])?.id(), 105);
    /// assert_eq!(
    ///     StartingPosition::from_pieces([R, Q, N, B, B, K, R, N]).map(|sp| sp.id()),
    ///     Ok(601),
    /// );
    /// assert_eq!(
    ///     StartingPosition::from_pieces([N, R, B, Q, N, B, R, K]),
    ///     Err(BackRankError::KingNotBetweenRooks { king: File::H, rooks: [File::B, File::G] }),
    /// );
    /// # Ok::<(), BackRankError>(())
    /// ```
    #[inline]
    pub fn from_pieces(pieces: [Piece; 8]) -> Result<StartingPosition, BackRankError> {
        match Self::lookup_ascii(pieces.map(Piece::to_ascii)) {
            Some(sp) => Ok(sp),
            None => Err(diagnose(pieces)),
        }
    }

    /// The position whose back rank is these uppercase ASCII letters, if there is one.
    #[inline]
    pub(crate) fn lookup_ascii(letters: [u8; 8]) -> Option<StartingPosition> {
        // A `[u8; 8]` key: a `u64` hashes ~15% faster but its map entries pad to 16 bytes
        // instead of 10, 5.6 KiB more (tests/static_size.rs).
        IDS.get(&letters).map(|&id| StartingPosition(id))
    }

    /// The king's file.
    ///
    /// ```
    /// use chess960::{File, StartingPosition};
    ///
    /// assert_eq!(StartingPosition::STANDARD.king_file(), File::E);
    /// assert_eq!(StartingPosition::from_id(105)?.king_file(), File::G);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn king_file(self) -> File {
        outermost(self.pieces(), Piece::King)[0]
    }

    /// The file of the queenside rook: the rook between the a-file and the king, the one that
    /// castles long (`Q` in X-FEN, its file letter in Shredder-FEN).
    ///
    /// ```
    /// use chess960::{File, StartingPosition};
    ///
    /// assert_eq!(StartingPosition::STANDARD.queenside_rook_file(), File::A);
    /// assert_eq!(StartingPosition::from_id(105)?.queenside_rook_file(), File::C);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn queenside_rook_file(self) -> File {
        outermost(self.pieces(), Piece::Rook)[0]
    }

    /// The file of the kingside rook: the rook between the king and the h-file, the one that
    /// castles short (`K` in X-FEN, its file letter in Shredder-FEN).
    ///
    /// ```
    /// use chess960::{File, StartingPosition};
    ///
    /// assert_eq!(StartingPosition::STANDARD.kingside_rook_file(), File::H);
    /// assert_eq!(StartingPosition::from_id(959)?.kingside_rook_file(), File::C);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn kingside_rook_file(self) -> File {
        outermost(self.pieces(), Piece::Rook)[1]
    }

    /// The bishops' files, the light-squared bishop's first (b, d, f or h), then the
    /// dark-squared bishop's (a, c, e or g).
    ///
    /// ```
    /// use chess960::{File, StartingPosition};
    ///
    /// assert_eq!(StartingPosition::STANDARD.bishop_files(), [File::F, File::C]);
    /// ```
    pub const fn bishop_files(self) -> [File; 2] {
        let [left, right] = outermost(self.pieces(), Piece::Bishop);
        if left.is_dark_on_rank_1() {
            [right, left]
        } else {
            [left, right]
        }
    }

    /// All 960 positions in id order.
    ///
    /// ```
    /// use chess960::StartingPosition;
    ///
    /// let all = StartingPosition::all();
    /// assert_eq!(all.len(), 960);
    /// assert!(all.enumerate().all(|(i, sp)| usize::from(sp.id()) == i));
    /// ```
    pub fn all()
    -> impl DoubleEndedIterator<Item = StartingPosition> + ExactSizeIterator + FusedIterator + Clone
    {
        (0..Self::COUNT).map(StartingPosition)
    }
}

/// [`StartingPosition::STANDARD`].
///
/// ```
/// assert_eq!(chess960::StartingPosition::default().id(), 518);
/// ```
impl Default for StartingPosition {
    fn default() -> Self {
        StartingPosition::STANDARD
    }
}

/// Uppercase letters, a to h.
///
/// ```
/// assert_eq!(chess960::StartingPosition::STANDARD.to_string(), "RNBQKBNR");
/// ```
impl fmt::Display for StartingPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = self.to_ascii();
        f.pad(core::str::from_utf8(&letters).map_err(|_| fmt::Error)?)
    }
}

/// The id and the letters.
///
/// ```
/// let sp = chess960::StartingPosition::STANDARD;
/// assert_eq!(format!("{sp:?}"), "StartingPosition(518, RNBQKBNR)");
/// ```
impl fmt::Debug for StartingPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("StartingPosition")
            .field(&self.0)
            .field(&format_args!("{self}"))
            .finish()
    }
}

/// [`StartingPosition::from_id`].
///
/// ```
/// use chess960::StartingPosition;
///
/// assert_eq!(StartingPosition::try_from(518u16), Ok(StartingPosition::STANDARD));
/// assert!(StartingPosition::try_from(1000u16).is_err());
/// ```
impl TryFrom<u16> for StartingPosition {
    type Error = IdError;

    #[inline]
    fn try_from(id: u16) -> Result<Self, IdError> {
        StartingPosition::from_id(id)
    }
}

/// [`StartingPosition::id`].
///
/// ```
/// assert_eq!(u16::from(chess960::StartingPosition::STANDARD), 518);
/// ```
impl From<StartingPosition> for u16 {
    #[inline]
    fn from(sp: StartingPosition) -> u16 {
        sp.id()
    }
}

/// An id of 960 or more: no starting position has it.
///
/// ```
/// use chess960::{IdError, StartingPosition};
///
/// let err = StartingPosition::from_id(960).unwrap_err();
/// assert_eq!(err, IdError::OutOfRange { id: 960 });
/// assert_eq!(err.to_string(), "id 960 is not in 0..=959");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum IdError {
    /// The id is 960 or more.
    OutOfRange {
        /// The id given.
        id: u16,
    },
}

impl IdError {
    /// The variant's name (`OutOfRange`, …): the `kind` of the JavaScript package's
    /// `IdError`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    ///
    /// assert_eq!(StartingPosition::from_id(960).unwrap_err().kind(), "OutOfRange");
    /// ```
    pub const fn kind(self) -> &'static str {
        match self {
            IdError::OutOfRange { .. } => "OutOfRange",
        }
    }
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IdError::OutOfRange { id } => write!(f, "id {id} is not in 0..=959"),
        }
    }
}

impl core::error::Error for IdError {}
