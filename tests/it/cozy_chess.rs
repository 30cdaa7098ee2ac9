//! The `cozy-chess` feature: our boards equal cozy-chess's own for all 960 and a DFRC sample,
//! and cozy-chess's boards read back.

use chess960::Square;
use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::interop::BoardError;
use chess960::numbering::DfrcNumbering;
use chess960::{DoubleStartingPosition, StartingPosition};
use cozy_chess::{Board, BoardBuilder};

#[test]
fn all_960_equal_cozy_chess_chess960_startpos() {
    for sp in StartingPosition::all() {
        let theirs = Board::chess960_startpos(u32::from(sp.id()));
        let ours = BoardBuilder::from(sp).build().unwrap();
        assert_eq!(ours, theirs, "{sp}");
        assert_eq!(StartingPosition::try_from(&theirs), Ok(sp));
        // Their Shredder-FEN is ours.
        assert_eq!(
            format!("{ours:#}"),
            Fen::new(sp, CastlingNotation::Shredder).as_str()
        );
    }
}

#[test]
fn dfrc_pairs_equal_cozy_chess_double_chess960_startpos() {
    for n in (0..DoubleStartingPosition::COUNT).step_by(97) {
        let pair = DfrcNumbering::Viridithas.pair(n).unwrap();
        let (white, black) = (u32::from(pair.white().id()), u32::from(pair.black().id()));
        let theirs = Board::double_chess960_startpos(white, black);
        assert_eq!(BoardBuilder::from(pair).build().unwrap(), theirs);
        assert_eq!(DoubleStartingPosition::try_from(&theirs), Ok(pair));
    }
}

#[test]
fn what_is_not_a_start_is_a_typed_error() {
    let sp = StartingPosition::from_id(518).unwrap();
    let mut board = Board::chess960_startpos(518);
    board.play("g1f3".parse().unwrap());
    assert_eq!(
        StartingPosition::try_from(&board),
        Err(BoardError::Square {
            square: Square::from_ascii(b"f3").unwrap(),
            found: Some('N')
        })
    );
    board.play("g8f6".parse().unwrap());
    board.play("f3g1".parse().unwrap());
    board.play("f6g8".parse().unwrap());
    // The same pieces, but the counters have moved on.
    assert_eq!(
        StartingPosition::try_from(&board),
        Err(BoardError::Counters)
    );
    let mut builder = BoardBuilder::from(sp);
    builder.castle_rights[1].long = None;
    let board = builder.build().unwrap();
    assert_eq!(
        StartingPosition::try_from(&board),
        Err(BoardError::Castling {
            white: sp,
            black: sp
        })
    );
    let mut builder = BoardBuilder::from(sp);
    builder.side_to_move = cozy_chess::Color::Black;
    assert_eq!(
        StartingPosition::try_from(&builder.build().unwrap()),
        Err(BoardError::Turn)
    );
}
