//! Which listed games are lichess's: an index's answer marks a game not from lichess
//! `"lichess": false` (its id made from its file), and writes nothing more for lichess's own
//! (its id lichess's: the page links it to `https://lichess.org/ID`).

use chess960::StartingPosition;
use chess960::fen::{CastlingNotation, Fen};
use chess960_pgn::Progress;
use serde_json::Value;

use crate::answer::query::Query;
use crate::server::{Backend, IndexBackend};

#[test]
fn a_game_not_from_lichess_says_so_and_a_lichess_game_is_as_lichess_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let (index, pgn) = (dir.path().join("index"), dir.path().join("games.pgn"));
    // The corpus's lichess games have Site https://lichess.org/0000NNNN, the others another.
    std::fs::write(&pgn, crate::tests::corpus(11, 400)).unwrap();
    crate::tests::writer(&index)
        .add(&[pgn], &Progress::default())
        .unwrap();
    let backend = IndexBackend::open(&index).unwrap();
    let (mut lichess, mut others) = (0, 0);
    for id in [0, 105, 518, 959] {
        let sp = StartingPosition::from_id(id).unwrap();
        let mut query = Query::at(Fen::new(sp, CastlingNotation::XFen).as_ref(), &[]);
        (query.top_games, query.recent_games) = (4, 4);
        let body: Value = serde_json::from_str(&backend.answer(&query).unwrap()).unwrap();
        let games = body["recentGames"].as_array().unwrap().iter();
        for game in games.chain(body["topGames"].as_array().unwrap()) {
            let id = game["id"].as_str().unwrap();
            let from_lichess = id.starts_with("0000");
            let keys: Vec<&str> = game.as_object().unwrap().keys().map(|k| &**k).collect();
            let mut want = vec![
                "uci", "id", "winner", "speed", "mode", "white", "black", "year", "month",
            ];
            if !from_lichess {
                want.push("lichess");
                assert_eq!(game["lichess"], false, "{game}");
            }
            assert_eq!(keys, want, "{game}");
            lichess += usize::from(from_lichess);
            others += usize::from(!from_lichess);
        }
    }
    assert!(
        lichess > 4 && others > 0,
        "{lichess} lichess games, {others} others"
    );
}
