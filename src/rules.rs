//! Why eight pieces are not a back rank. Runs only after a failed table lookup.

use crate::{ArrangementError, File, Piece};

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

/// The files of the leftmost and the rightmost `piece` (the same file if there is one; `a`
/// for both if there is none, which callers rule out first).
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
        None => [File::A; 2],
    }
}
