//! `/player` (and lichess's old `/personal`) over a socket: one NDJSON line, ready at once,
//! the index's own player's answer; its parameters read as lichess reads them.

use std::sync::Arc;

use serde_json::json;

use super::{TestServer, quick};
use crate::api::{Games, PlayerAnswer, parse_player};
use crate::index::Index;
use crate::server::{Backend, Endpoints, IndexBackend};

#[test]
fn a_players_explorer_is_one_ndjson_line_ready_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (index, file) = (dir.path().join("index"), dir.path().join("games.pgn"));
    std::fs::write(&file, crate::tests::corpus(5, 200)).unwrap();
    crate::tests::writer(&index)
        .add(&[file], &chess960_pgn::Progress::default())
        .unwrap();
    let lichess = Arc::new(IndexBackend::open(&index).unwrap()) as Arc<dyn Backend>;
    let endpoints = Endpoints {
        lichess,
        masters: None,
    };
    let server = TestServer::serving(endpoints, quick(), false);
    let mut client = server.client();
    let reader = Index::open(&index).unwrap();
    let games = Games {
        files: &[],
        locations: false,
    };
    // As berserk asks (its extras too) and as the analysis board does.
    for query in [
        "player=W3&color=white",
        "player=w3&color=white&modes=rated,casual&speeds=blitz&recentGames=2&source=analysis",
        "player=b2&color=black&variant=standard&play=e2e4&ratings=2000&topGames=4&history=true",
        "player=b2&color=black&since=2024-02&until=2024-09&moves=3",
    ] {
        for path in ["/player", "/personal"] {
            let reply = client.get(&format!("{path}?{query}"));
            assert_eq!(reply.status, 200, "{query}: {reply:?}");
            assert_eq!(reply.header("content-type"), Some("application/x-ndjson"));
            let lines: Vec<&str> = reply.body.lines().collect();
            let asked = parse_player(query).unwrap();
            let answer = reader.player(&asked).unwrap();
            let row = PlayerAnswer::new(&answer, asked.color, &games);
            assert_eq!(lines, [serde_json::to_string(&row).unwrap()], "{query}");
            let body: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
            assert_eq!(body["queuePosition"], 0);
        }
    }
    // The standard start's players: some have games there, listed with their opponents.
    let at_518 = (0..10).map(|n| {
        let body = client.get(&format!("/player?player=w{n}&color=white")).body;
        serde_json::from_str::<serde_json::Value>(body.trim()).unwrap()
    });
    let some: Vec<serde_json::Value> = at_518.filter(|row| row["moves"][0].is_object()).collect();
    assert!(!some.is_empty());
    assert!(
        some.iter()
            .any(|row| row["moves"][0]["averageOpponentRating"].is_u64())
    );
    for (query, parameter) in [
        ("color=white", "player"),
        ("player=w3", "color"),
        ("player=w3&color=green", "color"),
        ("player=w3&color=white&modes=blitz", "modes"),
        ("player=w3&color=white&speed=blitz", "speed"),
    ] {
        let reply = client.get(&format!("/player?{query}"));
        assert_eq!(reply.status, 400, "{query}");
        assert_eq!(reply.json()["parameter"], json!(parameter), "{query}");
    }
}
