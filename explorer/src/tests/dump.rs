use redb::{ReadableDatabase, ReadableTable};
use std::hash::{Hash, Hasher};

use crate::index::Index;
use crate::tests::corpus;
use chess960_pgn::Progress;

#[test]
fn dump() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for n in 0..2 {
        let pgn = dir.path().join(format!("g{n}.pgn"));
        std::fs::write(&pgn, corpus(7 + n, 400)).unwrap();
        paths.push(pgn);
    }
    let index = dir.path().join("index");
    Index::add(&index, &paths[..1], &Progress::default()).unwrap();
    Index::add(&index, &paths[1..], &Progress::default()).unwrap();
    let db = redb::Database::open(index.join("index.redb")).unwrap();
    let txn = db.begin_read().unwrap();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut rows = 0;
    for row in txn.open_table(crate::store::NODES).unwrap().iter().unwrap() {
        let (k, v) = row.unwrap();
        k.value().hash(&mut h);
        v.value().hash(&mut h);
        rows += 1;
    }
    eprintln!("NODES {rows}");
    for row in txn.open_table(crate::store::GAMES).unwrap().iter().unwrap() {
        let (k, v) = row.unwrap();
        k.value().hash(&mut h);
        v.value().hash(&mut h);
        rows += 1;
    }
    for row in txn.open_table(crate::store::LICHESS_IDS).unwrap().iter().unwrap() {
        let (k, _) = row.unwrap();
        k.value().hash(&mut h);
        rows += 1;
    }
    eprintln!("DUMP {rows} {:x}", h.finish());
}
