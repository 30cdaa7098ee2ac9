//! [shakmaty](https://docs.rs/shakmaty): a start as a `Board` or a `Setup` with Chess960
//! castling rights, and a start recognised from a `Board`, a `Setup` or a `Chess` position.

use shakmaty::{Bitboard, Board, Chess, EnPassantMode, Piece, Position, Role, Setup};

use super::{BoardError, Fields, pieces, read_squares, single, with_fields};
use crate::board::{Color, Square};
use crate::castling::Castling;
use crate::checked::cannot_happen;
use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;

fn square(square: Square) -> shakmaty::Square {
    shakmaty::Square::new(square.index() as u32)
}

/// The start's pieces on shakmaty's board.
///
/// ```
/// use chess960::DoubleStartingPosition;
///
/// let board = shakmaty::Board::from(DoubleStartingPosition::STANDARD);
/// assert_eq!(board, shakmaty::Board::default());
/// ```
impl From<DoubleStartingPosition> for Board {
    fn from(pair: DoubleStartingPosition) -> Board {
        let mut board = Board::empty();
        for (at, color, letter) in pieces(pair) {
            let color = match color {
                Color::White => shakmaty::Color::White,
                Color::Black => shakmaty::Color::Black,
            };
            let role = Role::from_char(letter.to_ascii_lowercase() as char)
                .unwrap_or_else(|| cannot_happen(Role::Pawn));
            board.set_piece_at(square(at), Piece { color, role });
        }
        board
    }
}

/// The start's pieces on shakmaty's board: equal to `shakmaty::Board::chess960(id)`.
///
/// ```
/// use chess960::StartingPosition;
///
/// let sp = StartingPosition::from_id(105)?;
/// assert_eq!(shakmaty::Board::from(sp), shakmaty::Board::chess960(105));
/// # Ok::<(), chess960::IdError>(())
/// ```
impl From<StartingPosition> for Board {
    fn from(sp: StartingPosition) -> Board {
        Board::from(DoubleStartingPosition::new(sp, sp))
    }
}

/// The start as shakmaty's `Setup`: White to move, castling rights on all four rooks, no en
/// passant square, counters 0 and 1. `Chess::from_setup(setup, CastlingMode::Chess960)`
/// makes it a position to play.
///
/// ```
/// use chess960::{DoubleStartingPosition, StartingPosition};
/// use shakmaty::{CastlingMode, Chess, FromSetup, Position};
///
/// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
/// let chess = Chess::from_setup(shakmaty::Setup::from(pair), CastlingMode::Chess960)?;
/// assert_eq!(chess.castles().castling_rights().count(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<DoubleStartingPosition> for Setup {
    fn from(pair: DoubleStartingPosition) -> Setup {
        let mut setup = Setup::empty();
        setup.board = Board::from(pair);
        setup.castling_rights = Castling::all(pair)
            .into_iter()
            .map(|castling| square(castling.rook_from()))
            .collect::<Bitboard>();
        setup.turn = shakmaty::Color::White;
        setup
    }
}

/// [`From<DoubleStartingPosition>`](#impl-From%3CDoubleStartingPosition%3E-for-Setup), Black's
/// back rank the same as White's.
///
/// ```
/// use chess960::StartingPosition;
/// use shakmaty::{CastlingMode, Chess, FromSetup};
///
/// let setup = shakmaty::Setup::from(StartingPosition::STANDARD);
/// assert_eq!(Chess::from_setup(setup, CastlingMode::Chess960)?, Chess::default());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<StartingPosition> for Setup {
    fn from(sp: StartingPosition) -> Setup {
        Setup::from(DoubleStartingPosition::new(sp, sp))
    }
}

fn read_board(board: &Board) -> Result<DoubleStartingPosition, BoardError> {
    read_squares(|at| board.piece_at(square(at)).map(|piece| piece.char() as u8))
}

fn read_setup(setup: &Setup) -> Result<DoubleStartingPosition, BoardError> {
    let pair = read_board(&setup.board)?;
    let fields = Fields {
        white_to_move: setup.turn == shakmaty::Color::White,
        castling_on_the_four_rooks: setup.castling_rights == Setup::from(pair).castling_rights,
        no_en_passant: setup.ep_square.is_none(),
        counters_0_1: setup.halfmoves == 0 && setup.fullmoves.get() == 1,
    };
    with_fields(pair, fields)
}

/// The Double Fischer Random start on a shakmaty board (placement only).
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960::interop::BoardError;
///
/// let pair = DoubleStartingPosition::try_from(&shakmaty::Board::chess960(105))?;
/// assert_eq!((pair.white().id(), pair.black().id()), (105, 105));
/// let empty = DoubleStartingPosition::try_from(&shakmaty::Board::empty()).unwrap_err();
/// assert_eq!(empty.to_string(), "a8: expected a black piece (k q r b n), found nothing");
/// # Ok::<(), BoardError>(())
/// ```
impl TryFrom<&Board> for DoubleStartingPosition {
    type Error = BoardError;

    fn try_from(board: &Board) -> Result<Self, BoardError> {
        read_board(board)
    }
}

/// The start position on a shakmaty board (placement only).
///
/// ```
/// use chess960::StartingPosition;
///
/// assert_eq!(StartingPosition::try_from(&shakmaty::Board::chess960(959))?.id(), 959);
/// # Ok::<(), chess960::interop::BoardError>(())
/// ```
impl TryFrom<&Board> for StartingPosition {
    type Error = BoardError;

    fn try_from(board: &Board) -> Result<Self, BoardError> {
        single(read_board(board)?)
    }
}

/// The Double Fischer Random start in a shakmaty `Setup`: its board, White to move, castling
/// rights on the four rooks, no en passant square and counters 0 and 1. Variant fields
/// (pockets, remaining checks, promoted pieces) are not looked at.
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960::interop::BoardError;
///
/// let mut setup = shakmaty::Setup::default();
/// assert_eq!(DoubleStartingPosition::try_from(&setup), Ok(DoubleStartingPosition::STANDARD));
/// setup.halfmoves = 3;
/// assert_eq!(DoubleStartingPosition::try_from(&setup), Err(BoardError::Counters));
/// ```
impl TryFrom<&Setup> for DoubleStartingPosition {
    type Error = BoardError;

    fn try_from(setup: &Setup) -> Result<Self, BoardError> {
        read_setup(setup)
    }
}

/// The start position in a shakmaty `Setup`, as for a Double Fischer Random start.
///
/// ```
/// use chess960::StartingPosition;
///
/// let setup = shakmaty::Setup::from(StartingPosition::from_id(0)?);
/// assert_eq!(StartingPosition::try_from(&setup).map(|sp| sp.id()), Ok(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<&Setup> for StartingPosition {
    type Error = BoardError;

    fn try_from(setup: &Setup) -> Result<Self, BoardError> {
        single(read_setup(setup)?)
    }
}

/// The Double Fischer Random start a shakmaty position stands in, read from its `Setup`
/// (castling rights as Chess960 rook squares).
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960::interop::BoardError;
/// use shakmaty::{Chess, Position, uci::UciMove};
///
/// let start = Chess::default();
/// assert_eq!(DoubleStartingPosition::try_from(&start), Ok(DoubleStartingPosition::STANDARD));
/// let e4 = "e2e4".parse::<UciMove>()?.to_move(&start)?;
/// let err = DoubleStartingPosition::try_from(&start.play(e4)?).unwrap_err();
/// assert_eq!(err.to_string(), "e4: expected nothing, found P");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<&Chess> for DoubleStartingPosition {
    type Error = BoardError;

    fn try_from(position: &Chess) -> Result<Self, BoardError> {
        read_setup(&position.to_setup(EnPassantMode::Legal))
    }
}

/// The start position a shakmaty position stands in.
///
/// ```
/// use chess960::StartingPosition;
/// use shakmaty::{CastlingMode, Chess, FromSetup};
///
/// let sp = StartingPosition::from_id(451)?;
/// let chess = Chess::from_setup(sp.into(), CastlingMode::Chess960)?;
/// assert_eq!(StartingPosition::try_from(&chess), Ok(sp));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<&Chess> for StartingPosition {
    type Error = BoardError;

    fn try_from(position: &Chess) -> Result<Self, BoardError> {
        single(DoubleStartingPosition::try_from(position)?)
    }
}
