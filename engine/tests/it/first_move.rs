//! The legal first moves, against shakmaty's move generator: every start, and every pair
//! (Black's back rank changes nothing White may do first, and shakmaty shows it).

use chess960::fen::{CastlingNotation, Fen};
use chess960::{DoubleStartingPosition, StartingPosition, UciMove};
use chess960_engine::{is_legal_first_move, legal_first_moves};
use shakmaty::fen::Fen as ShakmatyFen;
use shakmaty::uci::UciMove as ShakmatyUci;
use shakmaty::{CastlingMode, Chess, Position};

/// shakmaty's legal moves from `pair`, in UCI's king-takes-rook spelling.
fn shakmaty_moves(pair: DoubleStartingPosition) -> Vec<String> {
    let fen = Fen::new(pair, CastlingNotation::Shredder).to_string();
    let setup: ShakmatyFen = fen.parse().expect("a start FEN");
    let position: Chess = setup
        .into_position(CastlingMode::Chess960)
        .expect("a legal position");
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|mv| ShakmatyUci::from_move(*mv, CastlingMode::Chess960).to_string())
        .collect();
    moves.sort();
    moves
}

#[test]
fn every_start_has_shakmatys_first_moves() {
    let mut castling_starts = 0;
    for sp in StartingPosition::all() {
        let mut ours: Vec<String> = legal_first_moves(sp).map(|mv| mv.to_string()).collect();
        ours.sort();
        assert_eq!(ours, shakmaty_moves(sp.into()), "{sp}");
        castling_starts += usize::from(ours.iter().any(|mv| mv.ends_with('1')));
    }
    // The king and a rook side by side, f1 and g1 or c1 and d1.
    assert!(castling_starts > 0);
}

#[test]
fn every_pair_has_whites_first_moves() {
    for white in StartingPosition::all() {
        let ours: Vec<String> = {
            let mut moves: Vec<String> = legal_first_moves(white).map(|m| m.to_string()).collect();
            moves.sort();
            moves
        };
        for black in StartingPosition::all() {
            assert_eq!(
                ours,
                shakmaty_moves(DoubleStartingPosition::new(white, black))
            );
        }
    }
}

#[test]
fn a_move_is_legal_exactly_when_shakmaty_lists_it() {
    // Every from-to pair of squares on the first four ranks, and promotions, from every start.
    let squares: Vec<String> = "abcdefgh"
        .chars()
        .flat_map(|f| "12345678".chars().map(move |r| format!("{f}{r}")))
        .collect();
    for sp in StartingPosition::all() {
        let legal = shakmaty_moves(sp.into());
        for from in squares.iter().filter(|s| s.ends_with(['1', '2'])) {
            for to in squares.iter().filter(|to| *to != from) {
                let text = format!("{from}{to}");
                let mv: UciMove = text.parse().expect("a move");
                assert_eq!(
                    is_legal_first_move(sp, mv),
                    legal.contains(&text),
                    "{sp} {text}"
                );
            }
            let file = &from[..1];
            let promotion: UciMove = format!("{from}{file}3q").parse().expect("a move");
            assert!(!is_legal_first_move(sp, promotion));
        }
    }
}
