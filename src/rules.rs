//! The rules of a back rank: one king, one queen and two each of rooks, bishops and knights;
//! the bishops on squares of both colours; the king between the rooks. [`diagnose`] names the
//! rule eight pieces break ([`BackRankError`]), and runs only after a failed table lookup.

use core::fmt;

use crate::board::{File, Piece};
use crate::checked::cannot_happen;

impl Piece {
    /// All five pieces, in the order [`BackRankError::PieceCount`] checks their counts.
    ///
    /// ```
    /// assert_eq!(chess960::Piece::ALL.len(), 5);
    /// ```
    pub const ALL: [Piece; 5] = [
        Piece::King,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
    ];

    /// How many of this piece a back rank holds: one king, one queen, two of the others.
    ///
    /// ```
    /// use chess960::Piece;
    ///
    /// assert_eq!(Piece::King.count_on_back_rank(), 1);
    /// assert_eq!(Piece::Knight.count_on_back_rank(), 2);
    /// ```
    pub const fn count_on_back_rank(self) -> u8 {
        match self {
            Piece::King | Piece::Queen => 1,
            Piece::Rook | Piece::Bishop | Piece::Knight => 2,
        }
    }
}

impl File {
    /// Whether the square on the first rank is dark (a1, c1, e1, g1).
    ///
    /// ```
    /// assert!(chess960::File::A.is_dark_on_rank_1());
    /// assert!(!chess960::File::H.is_dark_on_rank_1());
    /// ```
    #[inline]
    pub const fn is_dark_on_rank_1(self) -> bool {
        self as u8 % 2 == 0
    }
}

/// The first rule `pieces` breaks, given that they are not one of the 960.
///
/// With the right counts and the bishops on opposite colours, the only rule left is the
/// king between the rooks, so that is what is reported last, unconditionally.
#[cold]
#[inline(never)]
pub(crate) fn diagnose(pieces: [Piece; 8]) -> BackRankError {
    let count = |piece| pieces.iter().filter(|&&p| p == piece).count() as u8;
    if let Some(piece) = Piece::ALL
        .into_iter()
        .find(|&piece| count(piece) != piece.count_on_back_rank())
    {
        return BackRankError::PieceCount {
            piece,
            found: count(piece),
        };
    }

    let bishops = outermost(pieces, Piece::Bishop);
    if bishops[0].is_dark_on_rank_1() == bishops[1].is_dark_on_rank_1() {
        return BackRankError::BishopsSameColor { files: bishops };
    }
    BackRankError::KingNotBetweenRooks {
        king: outermost(pieces, Piece::King)[0],
        rooks: outermost(pieces, Piece::Rook),
    }
}

/// The files of the leftmost and the rightmost `piece` (the same file if there is one).
/// Callers rule out a piece that is not there.
pub(crate) const fn outermost(pieces: [Piece; 8], piece: Piece) -> [File; 2] {
    let (mut leftmost, mut rightmost) = (None, File::A);
    let (mut pieces, mut files): (&[Piece], &[File]) = (&pieces, &File::ALL);
    while let ([p, pieces_after @ ..], [file, files_after @ ..]) = (pieces, files) {
        if *p as u8 == piece as u8 {
            rightmost = *file;
            if leftmost.is_none() {
                leftmost = Some(*file);
            }
        }
        (pieces, files) = (pieces_after, files_after);
    }
    match leftmost {
        Some(leftmost) => [leftmost, rightmost],
        None => cannot_happen([File::A; 2]),
    }
}

/// Eight pieces that are not a Chess960 back rank, and the first rule they break
/// (checked in this order: piece counts, bishops' colours, king between the rooks).
///
/// ```
/// use chess960::{BackRankError, File, StartingPosition};
/// use chess960::Piece::{Bishop as B, King as K, Knight as N, Queen as Q, Rook as R};
///
/// let err = StartingPosition::from_pieces([R, N, B, Q, K, N, B, R]).unwrap_err();
/// assert_eq!(err, BackRankError::BishopsSameColor { files: [File::C, File::G] });
/// assert_eq!(err.to_string(), "bishops on same-coloured squares (c1, g1)");
///
/// let err = StartingPosition::from_pieces([K, R, B, Q, R, B, N, N]).unwrap_err();
/// assert_eq!(err.to_string(), "king on a1 is not between the rooks (b1, e1)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum BackRankError {
    /// A piece occurs a wrong number of times (one king, one queen, two of each other piece).
    PieceCount {
        /// The first piece, in [`Piece::ALL`] order, whose count is wrong.
        piece: Piece,
        /// How many of it there are.
        found: u8,
    },
    /// Both bishops stand on squares of one colour.
    BishopsSameColor {
        /// The bishops' files, a to h.
        files: [File; 2],
    },
    /// The king does not stand between the two rooks.
    KingNotBetweenRooks {
        /// The king's file.
        king: File,
        /// The rooks' files, a to h.
        rooks: [File; 2],
    },
}

impl fmt::Display for BackRankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_on_rank(f, 1)
    }
}

impl BackRankError {
    /// The message, naming squares on `rank` (1 for White's back rank, 8 for Black's).
    pub(crate) fn fmt_on_rank(&self, f: &mut fmt::Formatter<'_>, rank: u8) -> fmt::Result {
        match *self {
            BackRankError::PieceCount { piece, found } => {
                let expected = piece.count_on_back_rank();
                write!(
                    f,
                    "{found} {}, expected {expected}",
                    piece_name(piece, found)
                )
            }
            BackRankError::BishopsSameColor { files: [a, b] } => {
                write!(f, "bishops on same-coloured squares ({a}{rank}, {b}{rank})")
            }
            BackRankError::KingNotBetweenRooks {
                king,
                rooks: [a, b],
            } => write!(
                f,
                "king on {king}{rank} is not between the rooks ({a}{rank}, {b}{rank})"
            ),
        }
    }
}

impl core::error::Error for BackRankError {}

fn piece_name(piece: Piece, count: u8) -> &'static str {
    let [one, many] = match piece {
        Piece::King => ["king", "kings"],
        Piece::Queen => ["queen", "queens"],
        Piece::Rook => ["rook", "rooks"],
        Piece::Bishop => ["bishop", "bishops"],
        Piece::Knight => ["knight", "knights"],
    };
    if count == 1 { one } else { many }
}
