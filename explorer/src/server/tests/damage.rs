//! A damaged index is the server's fault, not a moment's: a 500 naming the damaged file, and
//! `/health` a 503 so that a balancer takes the server out; asking again gives the same.

use std::sync::Arc;

use chess960_pgn::Progress;
use serde_json::Value;

use super::{TestServer, quick};
use crate::server::{Endpoints, IndexBackend};

#[test]
fn a_damaged_table_is_a_500_naming_it_and_health_a_503() {
    let dir = tempfile::tempdir().unwrap();
    let (index, pgn) = (dir.path().join("index"), dir.path().join("a.pgn"));
    std::fs::write(&pgn, crate::tests::corpus(5, 300)).unwrap();
    crate::tests::writer(&index)
        .add(&[pgn], &Progress::default())
        .unwrap();
    let backend = Arc::new(IndexBackend::open(&index).unwrap());
    let endpoints = Endpoints {
        lichess: backend,
        masters: None,
    };
    let server = TestServer::serving(endpoints, quick(), false);
    assert_eq!(server.client().get("/health").status, 200);

    // A byte of every block of the rows flipped (the block index and the footer whole, so
    // that the index opens): each block's checksum fails when the block is read.
    let rows = std::fs::read_dir(&index)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.is_dir())
        .unwrap()
        .join("rows.tbl");
    let mut bytes = std::fs::read(&rows).unwrap();
    let footer = bytes.len() - 40;
    let blocks_end = u64::from_le_bytes(bytes[footer..footer + 8].try_into().unwrap()) as usize;
    for at in (30..blocks_end).step_by(64) {
        bytes[at] ^= 0x40;
    }
    std::fs::write(&rows, bytes).unwrap();
    let damaged = Arc::new(IndexBackend::open(&index).unwrap());
    let server = TestServer::serving(
        Endpoints {
            lichess: damaged,
            masters: None,
        },
        quick(),
        false,
    );
    for _ in 0..2 {
        let reply = server.client().get("/lichess?variant=chess960");
        assert_eq!(reply.status, 500, "{}", reply.body);
        let error: Value = reply.json();
        let said = error["error"].as_str().unwrap();
        assert!(
            said.contains("rows.tbl") && said.contains("damaged"),
            "{said}"
        );
        assert!(said.contains("block "), "the table's own words: {said}");
    }
    let reply = server.client().get("/health");
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert!(reply.body.contains("rows.tbl"), "{}", reply.body);
}
