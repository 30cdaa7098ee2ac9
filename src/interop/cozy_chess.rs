//! [cozy-chess](https://docs.rs/cozy-chess): a start as a `BoardBuilder` with Chess960 castling
//! rights, and a start recognised from a `Board`.

use cozy_chess::{Board, BoardBuilder, CastleRights, Piece};

use super::{BoardError, Fields, pieces, read_squares, single, with_fields};
use crate::board::{Color, File, Square};
use crate::castling::{Castling, CastlingSide};
use crate::checked::cannot_happen;
use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;

fn square(square: Square) -> Option<cozy_chess::Square> {
    cozy_chess::Square::try_index(square.index())
}

fn file(file: File) -> Option<cozy_chess::File> {
    cozy_chess::File::try_index(file.index())
}

/// Castling rights on the castling rooks' files, as cozy-chess keeps them.
fn castle_rights(pair: DoubleStartingPosition, color: Color) -> CastleRights {
    let rook = |side| file(Castling::new(pair, color, side).rook_from().file());
    CastleRights {
        short: rook(CastlingSide::Kingside),
        long: rook(CastlingSide::Queenside),
    }
}

/// The start as a cozy-chess `BoardBuilder`: White to move, castling rights on all four
/// rooks, counters 0 and 1. `build()` makes it a `Board`, equal to cozy-chess's own
/// `Board::double_chess960_startpos`.
///
/// ```
/// use chess960::{DoubleStartingPosition, StartingPosition};
///
/// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
/// let board = cozy_chess::BoardBuilder::from(pair).build().expect("a start is a legal board");
/// assert_eq!(board, cozy_chess::Board::double_chess960_startpos(105, 451));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<DoubleStartingPosition> for BoardBuilder {
    fn from(pair: DoubleStartingPosition) -> BoardBuilder {
        let mut builder = BoardBuilder::empty();
        for (at, color, letter) in pieces(pair) {
            let color = match color {
                Color::White => cozy_chess::Color::White,
                Color::Black => cozy_chess::Color::Black,
            };
            let piece = Piece::try_from(letter.to_ascii_lowercase() as char)
                .unwrap_or_else(|_| cannot_happen(Piece::Pawn));
            if let Some(at) = square(at) {
                *builder.square_mut(at) = Some((piece, color));
            }
        }
        builder.castle_rights = [
            castle_rights(pair, Color::White),
            castle_rights(pair, Color::Black),
        ];
        builder
    }
}

/// [`From<DoubleStartingPosition>`](#impl-From%3CDoubleStartingPosition%3E-for-BoardBuilder),
/// Black's back rank the same as White's: `build()` equals `Board::chess960_startpos(id)`.
///
/// ```
/// use chess960::StartingPosition;
///
/// let builder = cozy_chess::BoardBuilder::from(StartingPosition::from_id(959)?);
/// let board = builder.build().expect("a start is a legal board");
/// assert_eq!(board, cozy_chess::Board::chess960_startpos(959));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<StartingPosition> for BoardBuilder {
    fn from(sp: StartingPosition) -> BoardBuilder {
        BoardBuilder::from(DoubleStartingPosition::new(sp, sp))
    }
}

fn read_board(board: &Board) -> Result<DoubleStartingPosition, BoardError> {
    let pair = read_squares(|at| {
        let at = square(at)?;
        let letter = char::from(board.piece_on(at)?) as u8;
        match board.color_on(at)? {
            cozy_chess::Color::White => Some(letter.to_ascii_uppercase()),
            cozy_chess::Color::Black => Some(letter),
        }
    })?;
    let fields = Fields {
        white_to_move: board.side_to_move() == cozy_chess::Color::White,
        castling_on_the_four_rooks: *board.castle_rights(cozy_chess::Color::White)
            == castle_rights(pair, Color::White)
            && *board.castle_rights(cozy_chess::Color::Black) == castle_rights(pair, Color::Black),
        no_en_passant: board.en_passant().is_none(),
        counters_0_1: board.halfmove_clock() == 0 && board.fullmove_number() == 1,
    };
    with_fields(pair, fields)
}

/// The Double Fischer Random start a cozy-chess board stands in: its pieces, White to move,
/// castling rights on the four rooks, no en passant file and counters 0 and 1.
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960::interop::BoardError;
///
/// let mut board = cozy_chess::Board::double_chess960_startpos(105, 451);
/// let pair = DoubleStartingPosition::try_from(&board)?;
/// assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
/// board.play("b1c3".parse().expect("a move"));
/// let err = DoubleStartingPosition::try_from(&board).unwrap_err();
/// assert_eq!(err.to_string(), "c3: expected nothing, found N");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<&Board> for DoubleStartingPosition {
    type Error = BoardError;

    fn try_from(board: &Board) -> Result<Self, BoardError> {
        read_board(board)
    }
}

/// The start position a cozy-chess board stands in.
///
/// ```
/// use chess960::StartingPosition;
///
/// let board = cozy_chess::Board::chess960_startpos(0);
/// assert_eq!(StartingPosition::try_from(&board)?.to_string(), "BBQNNRKR");
/// # Ok::<(), chess960::interop::BoardError>(())
/// ```
impl TryFrom<&Board> for StartingPosition {
    type Error = BoardError;

    fn try_from(board: &Board) -> Result<Self, BoardError> {
        single(read_board(board)?)
    }
}
