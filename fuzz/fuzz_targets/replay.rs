//! A game's replay on arbitrary bytes, its movetext cut at arbitrary places: never a panic;
//! the same moves and error whatever the cuts; every move one that cozy-chess generates in its
//! position (found by generating them all, not by the replay's own legality check); and the
//! moves written in SAN, replayed again, are the same moves.
#![no_main]

use chess960_pgn::moves::{Replay, UciCastling};
use cozy_chess::{Board, Move};
use libfuzzer_sys::fuzz_target;

fn uci(replay: &Replay) -> Vec<String> {
    replay
        .uci(UciCastling::KingTakesRook)
        .map(|mv| mv.to_string())
        .collect()
}

fuzz_target!(|input: (Vec<u16>, Vec<u8>)| {
    let (cuts, bytes) = input;
    let whole = Replay::of_pgn(&bytes);
    let moves = uci(&whole);
    assert_eq!(moves.len(), whole.plies());

    // The same game's movetext, fed whole and in pieces.
    let fen = whole.start_fen();
    let replayed = |cuts: &[usize]| {
        let mut replay = Replay::default();
        replay.begin(0, Some(&fen), "Chess960");
        let mut from = 0;
        for &cut in cuts.iter().chain([bytes.len()].iter()) {
            let cut = cut.clamp(from, bytes.len());
            replay.feed(&bytes[from..cut]);
            from = cut;
        }
        replay.finish();
        (uci(&replay), replay.error().copied())
    };
    let mut cuts: Vec<usize> = cuts.into_iter().map(usize::from).collect();
    cuts.sort_unstable();
    assert_eq!(replayed(&cuts), replayed(&[]));

    // Every move is among the moves cozy-chess generates.
    let Ok(mut board) = Board::from_fen(&fen, true) else {
        assert!(
            moves.is_empty(),
            "moves from a start cozy-chess cannot read"
        );
        return;
    };
    for text in &moves {
        if text == "0000" {
            board = board
                .null_move()
                .expect("a null move only when not in check");
            continue;
        }
        let mv: Move = text.parse().expect("UCI that cozy-chess reads");
        let mut generated = false;
        board.generate_moves(|piece_moves| {
            generated |= piece_moves.into_iter().any(|m| m == mv);
            generated
        });
        assert!(generated, "{text} is not a move of {board}");
        board.play_unchecked(mv);
    }

    // The SAN written, read again.
    let san: Vec<String> = whole.san().map(|mv| mv.to_string()).collect();
    let again = Replay::of_pgn(format!("[FEN \"{fen}\"]\n\n{}\n", san.join(" ")).as_bytes());
    assert_eq!(uci(&again), moves, "{san:?}");
    assert!(again.error().is_none(), "{san:?}: {:?}", again.error());
});
