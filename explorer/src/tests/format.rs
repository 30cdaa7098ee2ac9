//! The bytes an index stores, pinned: two adds of the test corpus, merged into one segment,
//! give the same tables, entry for entry, as the version that wrote the indexes in use (a
//! change here is a new format: `store::manifest::FORMAT`).

use sha2::{Digest, Sha256};

use crate::index::Index;
use crate::tests::corpus;
use crate::writer::IndexWriter;
use chess960_pgn::Progress;

#[test]
fn two_adds_store_the_bytes_they_always_did() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    for n in 0..2 {
        let pgn = dir.path().join(format!("games-{n}.pgn"));
        std::fs::write(&pgn, corpus(7 + n, 400)).unwrap();
        IndexWriter::new(&index)
            .add(&[pgn], &Progress::default())
            .unwrap();
    }
    IndexWriter::new(&index)
        .compact(&Progress::default())
        .unwrap();
    let state = Index::open(&index).unwrap().state().unwrap();
    let [segment] = &state.segments[..] else {
        panic!("{} segments", state.segments.len());
    };
    let mut sha = Sha256::new();
    let mut entries = [0; 5];
    for record in segment.records() {
        let (number, bytes) = record.unwrap();
        sha.update(number.to_be_bytes());
        sha.update(&bytes);
        entries[4] += 1;
    }
    let tables = [
        segment.ids(),
        segment.rows(),
        segment.postings(),
        segment.facts(),
    ];
    for (count, table) in entries.iter_mut().zip(tables) {
        for entry in table.iter() {
            let (key, value) = entry.unwrap();
            sha.update(&key);
            sha.update((value.len() as u64).to_le_bytes());
            sha.update(&value);
            *count += 1;
        }
    }
    let sha: String = sha.finalize().iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        (entries, sha.as_str()),
        (
            [466, 170, 8, 4, 466],
            "bcdd1b41a033c038cbbbdeae77a23a6d7672484d4b5ce48f3b16b644ca2c8b10"
        )
    );
}
