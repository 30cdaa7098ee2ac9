//! The bytes an index stores, pinned: two adds of the test corpus give the same tables, row
//! for row, as the version that wrote the indexes in use (a change here is a new format).

use redb::{ReadableDatabase, ReadableTable};
use sha2::{Digest, Sha256};

use crate::index::Index;
use crate::store::{GAMES, LICHESS_IDS, NODES};
use crate::tests::corpus;
use chess960_pgn::Progress;

#[test]
fn two_adds_store_the_bytes_they_always_did() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    for n in 0..2 {
        let pgn = dir.path().join(format!("games-{n}.pgn"));
        std::fs::write(&pgn, corpus(7 + n, 400)).unwrap();
        Index::add(&index, &[pgn], &Progress::default()).unwrap();
    }
    let db = redb::Database::open(index.join("index.redb")).unwrap();
    let txn = db.begin_read().unwrap();
    let mut sha = Sha256::new();
    let mut rows = [0; 3];
    for row in txn.open_table(NODES).unwrap().iter().unwrap() {
        let (key, value) = row.unwrap();
        sha.update(key.value());
        sha.update(value.value());
        rows[0] += 1;
    }
    for row in txn.open_table(GAMES).unwrap().iter().unwrap() {
        let (key, value) = row.unwrap();
        sha.update(key.value().to_be_bytes());
        sha.update(value.value());
        rows[1] += 1;
    }
    for row in txn.open_table(LICHESS_IDS).unwrap().iter().unwrap() {
        sha.update(row.unwrap().0.value());
        rows[2] += 1;
    }
    let sha: String = sha.finalize().iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        (rows, sha.as_str()),
        (
            [746, 466, 359],
            "fa6d3731edc327d8da2cc2d2fdbea4189c0314a1ed18a895882447420b90ae50"
        )
    );
}
