//! [`BoardError`]: a chess crate's board or position that is not a start, and the first thing
//! that differs from one.

use core::fmt;

use crate::board::{Color, Rank, Square};
use crate::position::StartingPosition;
use crate::rules::BackRankError;

/// A board or position of another chess crate that is not a Chess960 start position: the
/// first thing that differs from one, reading the board from rank 8 down, a to h, then the
/// side to move, the castling rights, the en passant square and the counters.
///
/// ```
/// # #[cfg(feature = "shakmaty")] {
/// use chess960::StartingPosition;
/// use chess960::Square;
/// use chess960::interop::BoardError;
///
/// let mut board = shakmaty::Board::default();
/// board.discard_piece_at(shakmaty::Square::E2);
/// let err = StartingPosition::try_from(&board).unwrap_err();
/// assert_eq!(err, BoardError::Square { square: Square::from_ascii(b"e2").unwrap(), found: None });
/// assert_eq!(err.to_string(), "e2: expected a white pawn, found nothing");
///
/// let mut colours_swapped = shakmaty::Board::chess960(105);
/// colours_swapped.swap_colors();
/// let err = StartingPosition::try_from(&colours_swapped).unwrap_err();
/// assert_eq!(err.to_string(), "a8: expected a black piece (k q r b n), found Q");
/// # }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum BoardError {
    /// A square does not hold what a start has there: a piece of its side on the back ranks,
    /// a pawn of its side on ranks 2 and 7, nothing on ranks 3 to 6.
    Square {
        /// The square.
        square: Square,
        /// What stands there, as its FEN letter (uppercase for White); `None` for nothing.
        found: Option<char>,
    },
    /// A back rank of eight pieces that is not a Chess960 back rank.
    BackRank {
        /// Whose back rank.
        color: Color,
        /// The rule it breaks.
        error: BackRankError,
    },
    /// Black's back rank is not White's (a Double Fischer Random start), where one start
    /// position was asked for.
    BlackNotWhite {
        /// White's back rank.
        white: StartingPosition,
        /// Black's back rank.
        black: StartingPosition,
    },
    /// Black is to move.
    Turn,
    /// The castling rights are not exactly those of the four rooks of the start.
    Castling {
        /// White's back rank.
        white: StartingPosition,
        /// Black's back rank.
        black: StartingPosition,
    },
    /// There is an en passant square.
    EnPassant,
    /// The halfmove clock and fullmove number are not 0 and 1.
    Counters,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::Square { square, found } => {
                let expected = match square.rank() {
                    Rank::First => "a white piece (K Q R B N)",
                    Rank::Second => "a white pawn",
                    Rank::Seventh => "a black pawn",
                    Rank::Eighth => "a black piece (k q r b n)",
                    _ => "nothing",
                };
                match found {
                    Some(letter) => write!(f, "{square}: expected {expected}, found {letter}"),
                    None => write!(f, "{square}: expected {expected}, found nothing"),
                }
            }
            BoardError::BackRank { color, error } => {
                let rank = color.back_rank();
                write!(f, "rank {rank}: ")?;
                error.fmt_on_rank(f, rank.index() as u8 + 1)
            }
            BoardError::BlackNotWhite { white, black } => write!(
                f,
                "Black's back rank ({black}, SP {}) is not White's ({white}, SP {}): \
                 a Double Fischer Random position",
                black.id(),
                white.id()
            ),
            BoardError::Turn => f.write_str("side to move: expected White"),
            BoardError::Castling { white, black } => write!(
                f,
                "castling rights: expected the four rooks', {}1 {}1 {}8 {}8",
                white.queenside_rook_file(),
                white.kingside_rook_file(),
                black.queenside_rook_file(),
                black.kingside_rook_file()
            ),
            BoardError::EnPassant => f.write_str("en passant: expected no square"),
            BoardError::Counters => {
                f.write_str("halfmove clock and fullmove number: expected 0 and 1")
            }
        }
    }
}

impl core::error::Error for BoardError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            BoardError::BackRank { error, .. } => Some(error),
            _ => None,
        }
    }
}
