//! Games read with FEN tags, each distinct FEN read once by the
//! [`FenCache`](crate::fen_cache::FenCache) whatever the game's Variant: one reading serves games
//! of standard chess and of Chess960 alike, and a FEN that sets up no board is refused in every
//! game that has it.

use crate::moves::UciCastling;
use crate::options::Options;
use crate::read_games::read_games;

/// Each game's UCI moves, or its error.
fn replayed(pgn: &'static str) -> Vec<String> {
    let mut games = Vec::new();
    read_games(pgn.as_bytes(), &Options::default().moves(true), |game| {
        let Some(replay) = game.moves else { return };
        games.push(match replay.error() {
            Some(error) => error.to_string(),
            None => {
                let uci = replay.uci(UciCastling::KingTakesRook);
                uci.map(|mv| mv.to_string()).collect::<Vec<_>>().join(" ")
            }
        });
    })
    .unwrap();
    games
}

#[test]
fn one_reading_of_a_fen_serves_games_under_either_variant() {
    // The same FEN read once: standard chess also reads `e1g1` as castling, Chess960 not.
    let pgn = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. e1g1 *\n\n\
               [Variant \"Chess960\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. e1g1 *\n\n\
               [FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O-O *\n";
    assert_eq!(
        replayed(pgn),
        [
            "e1h1",
            "game 1, ply 1 (1. e1g1): no legal move is e1g1",
            "e1a1"
        ]
    );
}

#[test]
fn a_fen_that_sets_up_no_board_is_refused_each_time_it_is_read() {
    let pgn = "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
               [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
    let why = "not replayed: the FEN tag is not a position that can be played";
    assert_eq!(
        replayed(pgn),
        [format!("game 0, {why}"), format!("game 1, {why}")]
    );
}
