//! The rules of a back rank: one king, one queen and two each of rooks, bishops and knights;
//! the bishops on squares of both colours; the king between the rooks. [`diagnose`] names the
//! rule eight pieces break, and runs only after a failed table lookup.

use crate::position::outermost;
use crate::{ArrangementError, File, Piece};

impl Piece {
    /// All five pieces, in the order [`ArrangementError::PieceCount`] checks their counts.
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
pub(crate) fn diagnose(pieces: [Piece; 8]) -> ArrangementError {
    let count = |piece| pieces.iter().filter(|&&p| p == piece).count() as u8;
    if let Some(piece) = Piece::ALL
        .into_iter()
        .find(|&piece| count(piece) != piece.count_on_back_rank())
    {
        return ArrangementError::PieceCount {
            piece,
            found: count(piece),
        };
    }

    let bishops = outermost(pieces, Piece::Bishop);
    if bishops[0].is_dark_on_rank_1() == bishops[1].is_dark_on_rank_1() {
        return ArrangementError::BishopsSameColour { files: bishops };
    }
    ArrangementError::KingNotBetweenRooks {
        king: outermost(pieces, Piece::King)[0],
        rooks: outermost(pieces, Piece::Rook),
    }
}
