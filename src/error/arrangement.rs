//! Eight pieces that are not a back rank, and the rule they break.

use core::fmt;

use crate::{File, Piece};

/// Eight pieces that are not a Chess960 back rank, and the first rule they break
/// (checked in this order: piece counts, bishops' colours, king between the rooks).
///
/// ```
/// use chess960::{ArrangementError, File, StartingPosition};
/// use chess960::Piece::{Bishop as B, King as K, Knight as N, Queen as Q, Rook as R};
///
/// let err = StartingPosition::from_pieces([R, N, B, Q, K, N, B, R]).unwrap_err();
/// assert_eq!(err, ArrangementError::BishopsSameColour { files: [File::C, File::G] });
/// assert_eq!(err.to_string(), "bishops on same-coloured squares (c1, g1)");
///
/// let err = StartingPosition::from_pieces([K, R, B, Q, R, B, N, N]).unwrap_err();
/// assert_eq!(err.to_string(), "king on a1 is not between the rooks (b1, e1)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ArrangementError {
    /// A piece occurs a wrong number of times (one king, one queen, two of each other piece).
    PieceCount {
        /// The first piece, in [`Piece::ALL`] order, whose count is wrong.
        piece: Piece,
        /// How many of it there are.
        found: u8,
    },
    /// Both bishops stand on squares of one colour.
    BishopsSameColour {
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

impl fmt::Display for ArrangementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_on_rank(f, 1)
    }
}

impl ArrangementError {
    /// The message, naming squares on `rank` (1 for White's back rank, 8 for Black's).
    pub(crate) fn fmt_on_rank(&self, f: &mut fmt::Formatter<'_>, rank: u8) -> fmt::Result {
        match *self {
            ArrangementError::PieceCount { piece, found } => {
                let expected = piece.count_on_back_rank();
                write!(
                    f,
                    "{found} {}, expected {expected}",
                    piece_name(piece, found)
                )
            }
            ArrangementError::BishopsSameColour { files: [a, b] } => {
                write!(f, "bishops on same-coloured squares ({a}{rank}, {b}{rank})")
            }
            ArrangementError::KingNotBetweenRooks {
                king,
                rooks: [a, b],
            } => write!(
                f,
                "king on {king}{rank} is not between the rooks ({a}{rank}, {b}{rank})"
            ),
        }
    }
}

impl core::error::Error for ArrangementError {}

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
