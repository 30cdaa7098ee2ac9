//! `/starts`: the 960 starts with their games, from a backend's answers at their roots (the
//! trait's own way) and from an index (kept until the index changes); its errors.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chess960::StartingPosition;
use chess960::fen::{CastlingNotation, Fen};
use chess960_pgn::Progress;
use serde_json::{Value, json};

use super::{TestServer, quick};
use crate::answer::query::Query;
use crate::build::add::AddOptions;
use crate::index::Index;
use crate::server::{Backend, BackendError, Endpoints, IndexBackend};

/// Answers each start's position with `id * 3` games (White's, draws, Black's: id, id, id),
/// and notes the queries; `fen=` of the start 7 cannot be read.
struct Roots {
    ids: HashMap<String, u16>,
    asked: Mutex<Vec<Query>>,
}

impl Roots {
    fn new() -> Roots {
        let ids = StartingPosition::all()
            .map(|sp| (Fen::new(sp, CastlingNotation::XFen).to_string(), sp.id()))
            .collect();
        Roots {
            ids,
            asked: Mutex::new(Vec::new()),
        }
    }
}

impl Backend for Roots {
    fn answer(&self, query: &Query) -> Result<String, BackendError> {
        self.asked.lock().unwrap().push(query.clone());
        let id = self.ids[query.fen.as_deref().unwrap()];
        match id {
            7 if self.asked.lock().unwrap().len() > 960 => {
                Err(BackendError::Unavailable("segment 1: I/O error".to_owned()))
            }
            id => Ok(json!({"white": id, "draws": id, "black": id, "moves": []}).to_string()),
        }
    }
}

fn server(lichess: Arc<dyn Backend>) -> TestServer {
    let endpoints = Endpoints {
        lichess,
        masters: None,
    };
    TestServer::serving(endpoints, quick(), false)
}

#[test]
fn a_backend_lists_each_start_with_its_roots_games() {
    let roots = Arc::new(Roots::new());
    let server = server(roots.clone());
    let reply = server.client().get("/starts");
    assert_eq!(reply.status, 200, "{}", reply.body);
    let starts = reply.json();
    let starts = starts.as_array().unwrap();
    assert_eq!(starts.len(), 960);
    for (i, start) in starts.iter().enumerate() {
        let sp = StartingPosition::from_id(i as u16).unwrap();
        let want = json!({"id": i, "rank": sp.to_string(), "games": 3 * i});
        assert_eq!(start, &want);
    }
    assert_eq!(starts[518]["rank"], "RNBQKBNR");
    // Each root asked once, for its totals alone.
    let asked = roots.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 960);
    for query in &asked {
        assert!(query.play.is_empty() && query.moves == Some(0), "{query:?}");
        assert_eq!((query.top_games, query.recent_games), (0, 0), "{query:?}");
    }
    // A parameter is refused, naming it; an index that cannot be read is a 503.
    let reply = server.client().get("/starts?variant=chess960");
    assert_eq!(reply.status, 400);
    let error: Value = reply.json();
    assert_eq!(error["parameter"], "variant");
    assert_eq!(
        error["error"],
        "variant: not a parameter of /starts, which reads none"
    );
    let reply = server.client().get("/starts");
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert!(
        reply.body.contains("segment 1: I/O error"),
        "{}",
        reply.body
    );
}

/// `/starts` of the server of the index in `index`, by id: the games of each start.
fn listed(server: &TestServer) -> Vec<u64> {
    let reply = server.client().get("/starts");
    assert_eq!(reply.status, 200, "{}", reply.body);
    let starts = reply.json();
    let starts = starts.as_array().unwrap();
    assert_eq!(starts.len(), 960);
    starts
        .iter()
        .map(|s| s["games"].as_u64().unwrap())
        .collect()
}

/// The games at the root of each start, as the index answers `/lichess`.
fn roots(index: &Index) -> Vec<u64> {
    StartingPosition::all()
        .map(|sp| {
            let fen = Fen::new(sp, CastlingNotation::Shredder).to_string();
            let answer = index.explore(&Query::at(&fen, &[])).unwrap();
            answer.white + answer.draws + answer.black
        })
        .collect()
}

#[test]
fn an_index_lists_its_roots_games_and_lists_them_again_once_added_to() {
    let dir = tempfile::tempdir().unwrap();
    let (index, first, second) = (
        dir.path().join("index"),
        dir.path().join("a.pgn"),
        dir.path().join("b.pgn"),
    );
    std::fs::write(&first, crate::tests::corpus(5, 300)).unwrap();
    std::fs::write(&second, crate::tests::corpus(9, 200)).unwrap();
    crate::tests::writer(&index)
        .add(&[first], &Progress::default())
        .unwrap();
    let backend = Arc::new(IndexBackend::open(&index).unwrap());
    let server = server(backend);
    let reader = Index::open(&index).unwrap();

    let before = listed(&server);
    assert_eq!(before, roots(&reader));
    let summary = |server: &TestServer| server.client().get("/summary").json();
    let first_summary = summary(&server);
    let counted = reader.summary().unwrap();
    assert_eq!(first_summary["games"], counted.games);
    assert_eq!(
        (
            first_summary["files"].clone(),
            first_summary["generation"].clone()
        ),
        (json!(1), json!(1))
    );
    assert!(first_summary["lastAdded"].as_u64().unwrap() > 1_700_000_000);
    assert_eq!(
        first_summary["newestMonth"],
        json!(counted.newest_month.unwrap().to_string())
    );
    // The corpus's starts (its pair 105 and 451 is neither's): a few games each, no more.
    let with_games: Vec<usize> = (0..960).filter(|&i| before[i] > 0).collect();
    assert_eq!(with_games, [0, 105, 518, 959]);
    assert!(before.iter().sum::<u64>() < 300, "{with_games:?}");

    crate::tests::writer(&index)
        .add(&[second], &Progress::default())
        .unwrap();
    let after = listed(&server);
    assert_eq!(after, roots(&reader));
    let second_summary = summary(&server);
    assert_eq!(second_summary["games"], reader.summary().unwrap().games);
    assert_eq!(second_summary["files"], 2);
    assert!(second_summary["games"].as_u64() > first_summary["games"].as_u64());
    assert!(
        after[518] > before[518],
        "{} then {}",
        before[518],
        after[518]
    );
}

#[test]
fn a_replace_that_counts_nothing_lists_the_starts_again() {
    // The games of a.pgn replaced by a file of none counted: as many files and segment
    // numbers as before, a new generation. A list kept by those counts would stay stale.
    let dir = tempfile::tempdir().unwrap();
    let (index, first, second, nothing) = (
        dir.path().join("index"),
        dir.path().join("a.pgn"),
        dir.path().join("b.pgn"),
        dir.path().join("c.pgn"),
    );
    std::fs::write(&first, crate::tests::corpus(5, 300)).unwrap();
    std::fs::write(&second, crate::tests::corpus(9, 200)).unwrap();
    std::fs::write(&nothing, "[Variant \"Chess960\"]\n\n1. e4 e5 *\n").unwrap();
    let writer = crate::tests::writer(&index);
    writer.add(&[first, second], &Progress::default()).unwrap();
    let server = server(Arc::new(IndexBackend::open(&index).unwrap()));
    let reader = Index::open(&index).unwrap();
    let before = listed(&server);
    let (files, segments) = (reader.files().unwrap().len(), reader.segments().unwrap());

    let options = AddOptions::default().replace(1).allow_empty(true);
    writer
        .add_with(&[nothing], &Progress::default(), options)
        .unwrap();
    assert_eq!(
        (reader.files().unwrap().len(), reader.segments().unwrap()),
        (files, segments),
        "the same files and segments' game numbers"
    );
    let after = listed(&server);
    assert_eq!(after, roots(&reader));
    assert!(
        after[518] < before[518],
        "{} then {}",
        before[518],
        after[518]
    );
}
