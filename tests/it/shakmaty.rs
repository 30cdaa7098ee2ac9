//! The `shakmaty` feature: our boards and setups equal shakmaty's own for all 960 and a DFRC
//! sample, and shakmaty's boards and positions read back.

use chess960::Square;
use chess960::fen::CastlingNotation;
use chess960::interop::BoardError;
use chess960::numbering::DfrcNumbering;
use chess960::{DoubleStartingPosition, StartingPosition};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, Board, CastlingMode, Chess, FromSetup, Position, Setup};

/// shakmaty's Chess960 position for our Shredder-FEN, parsed by shakmaty.
fn parsed(pair: DoubleStartingPosition) -> Chess {
    let fen: Fen = chess960::fen::Fen::new(pair, CastlingNotation::Shredder)
        .as_str()
        .parse()
        .unwrap();
    fen.into_position(CastlingMode::Chess960).unwrap()
}

#[test]
fn all_960_equal_shakmatys_board_chess960() {
    for sp in StartingPosition::all() {
        let board = Board::from(sp);
        assert_eq!(board, Board::chess960(u32::from(sp.id())), "{sp}");
        assert_eq!(StartingPosition::try_from(&board), Ok(sp));
        let chess = Chess::from_setup(Setup::from(sp), CastlingMode::Chess960).unwrap();
        assert_eq!(chess, parsed(DoubleStartingPosition::new(sp, sp)));
        assert_eq!(chess.castles().castling_rights().count(), 4);
        assert_eq!(StartingPosition::try_from(&chess), Ok(sp));
        assert_eq!(StartingPosition::try_from(&Setup::from(sp)), Ok(sp));
    }
}

#[test]
fn dfrc_pairs_equal_boards_made_of_shakmatys_halves() {
    for n in (0..DoubleStartingPosition::COUNT).step_by(97) {
        let pair = DfrcNumbering::Clover.pair(n).unwrap();
        let white = Board::chess960(u32::from(pair.white().id()));
        let black = Board::chess960(u32::from(pair.black().id()));
        let mut halves = Board::empty();
        for square in shakmaty::Square::ALL {
            let half = if square.rank() < shakmaty::Rank::Fifth {
                &white
            } else {
                &black
            };
            if let Some(piece) = half.piece_at(square) {
                halves.set_piece_at(square, piece);
            }
        }
        assert_eq!(Board::from(pair), halves);
        let chess = Chess::from_setup(Setup::from(pair), CastlingMode::Chess960).unwrap();
        assert_eq!(chess, parsed(pair));
        assert_eq!(DoubleStartingPosition::try_from(&chess), Ok(pair));
        assert_eq!(DoubleStartingPosition::try_from(&halves), Ok(pair));
        let single = StartingPosition::try_from(&halves);
        if pair.white() != pair.black() {
            let (white, black) = (pair.white(), pair.black());
            assert_eq!(single, Err(BoardError::BlackNotWhite { white, black }));
        }
    }
}

#[test]
fn what_is_not_a_start_is_a_typed_error() {
    let sp = StartingPosition::from_id(105).unwrap();
    let start = Chess::from_setup(Setup::from(sp), CastlingMode::Chess960).unwrap();
    let knight = "b1c3".parse::<UciMove>().unwrap().to_move(&start).unwrap();
    let moved = start.clone().play(knight).unwrap();
    assert_eq!(
        StartingPosition::try_from(&moved),
        Err(BoardError::Square {
            square: Square::from_ascii(b"c3").unwrap(),
            found: Some('N')
        })
    );
    let mut setup = Setup::from(sp);
    setup.turn = shakmaty::Color::Black;
    assert_eq!(StartingPosition::try_from(&setup), Err(BoardError::Turn));
    let mut setup = Setup::from(sp);
    setup.castling_rights = Bitboard::CORNERS;
    assert_eq!(
        StartingPosition::try_from(&setup),
        Err(BoardError::Castling {
            white: sp,
            black: sp
        })
    );
    let mut setup = Setup::from(sp);
    setup.fullmoves = core::num::NonZeroU32::new(2).unwrap();
    assert_eq!(
        StartingPosition::try_from(&setup),
        Err(BoardError::Counters)
    );
    assert!(StartingPosition::try_from(&Board::empty()).is_err());
}

/// Each kind of square a start has, emptied or filled wrongly on shakmaty's board, is named
/// as the first square that differs, reading from rank 8 down, a to h.
#[test]
fn board_errors_name_the_first_square_that_differs() {
    use shakmaty::{Color, Piece, Role, Square as At};

    let start = || Board::from(StartingPosition::from_id(105).unwrap());
    let piece = |color, role| Some(Piece { color, role });
    let cases = [
        (
            At::A8,
            None,
            "a8: expected a black piece (k q r b n), found nothing",
        ),
        (
            At::H8,
            piece(Color::White, Role::Rook),
            "h8: expected a black piece (k q r b n), found R",
        ),
        (At::D7, None, "d7: expected a black pawn, found nothing"),
        (
            At::E5,
            piece(Color::Black, Role::Pawn),
            "e5: expected nothing, found p",
        ),
        (
            At::B2,
            piece(Color::White, Role::Knight),
            "b2: expected a white pawn, found N",
        ),
        (
            At::G1,
            piece(Color::White, Role::Pawn),
            "g1: expected a white piece (K Q R B N), found P",
        ),
    ];
    for (at, on_it, message) in cases {
        let mut board = start();
        match on_it {
            Some(piece) => board.set_piece_at(at, piece),
            None => drop(board.remove_piece_at(at)),
        }
        let err = StartingPosition::try_from(&board).unwrap_err();
        assert_eq!(err.to_string(), message);
        assert!(matches!(err, BoardError::Square { .. }));
    }
    // Eight pieces of their side that are not a back rank: the first rule they break.
    let mut board = start();
    board.set_piece_at(
        At::A1,
        Piece {
            color: Color::White,
            role: Role::Knight,
        },
    );
    let err = StartingPosition::try_from(&board).unwrap_err();
    assert_eq!(err.to_string(), "rank 1: 0 queens, expected 1"); // a1 held the queen
    assert!(matches!(
        err,
        BoardError::BackRank {
            color: chess960::Color::White,
            ..
        }
    ));
}
