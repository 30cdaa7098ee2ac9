//! The bytes an index stores, pinned: two adds of the test corpus, merged into one segment,
//! give the same tables, entry for entry, as the version that wrote the indexes in use (a
//! change here is a new format: `store::manifest::FORMAT`); and an index of this format
//! written at production's thresholds, checked in (`explorer/tests/data/format-N`), read by
//! today's reader as its games count, and written alike by today's writer.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::answer::Answer;
use crate::answer::explorer::Explorer;
use crate::answer::query::Query;
use crate::index::Index;
use crate::store::manifest::FORMAT;
use crate::store::state::State;
use crate::tests::{agree, corpus, drawn};
use crate::writer::IndexWriter;
use chess960_pgn::Options;
use chess960_pgn::Progress;
use chess960_pgn::tree::{Plan, Tree};

#[test]
fn two_adds_store_the_bytes_they_always_did() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    for n in 0..2 {
        let pgn = dir.path().join(format!("games-{n}.pgn"));
        std::fs::write(&pgn, corpus(7 + n, 400)).unwrap();
        crate::tests::writer(&index)
            .add(&[pgn], &Progress::default())
            .unwrap();
    }
    crate::tests::writer(&index)
        .compact(&Progress::default())
        .unwrap();
    let state = Index::open(&index).unwrap().state().unwrap();
    let [segment] = &state.segments[..] else {
        panic!("{} segments", state.segments.len());
    };
    let mut sha = Sha256::new();
    let mut entries = [0; 6];
    for record in segment.records() {
        let (number, bytes) = record.unwrap();
        sha.update(number.to_be_bytes());
        sha.update(&bytes);
        entries[5] += 1;
    }
    let tables = [
        segment.ids(),
        segment.rows(),
        segment.postings(),
        segment.facts(),
        segment.players(),
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
            [466, 170, 8, 4, 30, 466],
            "e4a16c6e8309e9d9b14ffddeabf795942ec5060be8ff0e553d59b2aac88a54be"
        )
    );
}

/// The checked-in index of this format: two adds of [`corpus`]'s games, written at
/// production's thresholds (the one place the tests write so), merged.
fn checked_in() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/format-{FORMAT}"))
}

/// The games of the checked-in index, by add (one draw of games, halved: no game twice):
/// enough at each start for its rows to be counted at production's thresholds (256 games),
/// lists and postings further on.
fn checked_in_games() -> [String; 2] {
    let games = drawn(31, 1600);
    let (first, second) = games.split_at(900);
    [first.concat(), second.concat()]
}

/// Writes [`checked_in`] again, when the format changes (with `FORMAT`): compiled only when
/// asked for (`RUSTFLAGS='--cfg chess960_write_data' cargo test -p chess960-explorer --lib
/// write_the_checked_in_index`), so that no test run rewrites checked-in files.
#[cfg(chess960_write_data)]
#[test]
fn write_the_checked_in_index() {
    let to = checked_in();
    let _ = std::fs::remove_dir_all(&to);
    let dir = tempfile::tempdir().unwrap();
    let writer = IndexWriter::new(&to);
    for (n, games) in checked_in_games().iter().enumerate() {
        let pgn = dir.path().join(format!("games-{n}.pgn"));
        std::fs::write(&pgn, games).unwrap();
        writer.add(&[pgn], &Progress::default()).unwrap();
    }
    writer.compact(&Progress::default()).unwrap();
}

#[test]
fn the_checked_in_index_of_this_format_answers_as_its_games_count() {
    let dir = tempfile::tempdir().unwrap();
    let pgns: Vec<PathBuf> = (checked_in_games().iter().enumerate())
        .map(|(n, games)| {
            let pgn = dir.path().join(format!("games-{n}.pgn"));
            std::fs::write(&pgn, games).unwrap();
            pgn
        })
        .collect();
    let index = Index::open(checked_in()).unwrap();
    let state = index.state().unwrap();
    assert_eq!(state.segments.len(), 1);
    // Written at production's thresholds: positions of every form, counted rows among them.
    let counted = state.segments[0]
        .rows()
        .iter()
        .filter(|row| row.as_ref().unwrap().0.ends_with(&[0xff, 0xff]))
        .count();
    assert!(counted > 10, "{counted} all-months rows");
    // Every position of two games or more (rows, listed or counted; postings of a few), by
    // its FEN, as the tree of the same games counts it (every filter is `mod.rs`'s).
    let plan = Plan::all().top_games(15).recent_games(8);
    let (tree, _) = Tree::read_files(&pgns, &Options::default(), &plan, &Progress::default());
    let mut asked = 0;
    for start in tree.starts() {
        for root in tree.roots(start).collect::<Vec<_>>() {
            for node in tree.nodes_from(&root).filter(|node| node.games() >= 2) {
                let query = Query {
                    fen: Some(node.fen.clone()),
                    ..Query::default()
                };
                let answer = Explorer::explore(&index, &query).unwrap();
                let mut node = Answer::from(node);
                node.limit(&query);
                agree(answer, node, &query.fen.unwrap_or_default());
                asked += 1;
            }
        }
    }
    assert!(asked > 500, "{asked} positions asked");
    // What today's writer makes of the same games reads alike, byte for byte.
    let again = dir.path().join("again");
    let writer = IndexWriter::new(&again);
    for pgn in &pgns {
        writer
            .add(std::slice::from_ref(pgn), &Progress::default())
            .unwrap();
    }
    writer.compact(&Progress::default()).unwrap();
    let again = Index::open(&again).unwrap().state().unwrap();
    let tables = |state: &State| -> Vec<Vec<(Vec<u8>, Vec<u8>)>> {
        let segment = &state.segments[0];
        let records = segment.records().map(|r| {
            let (number, bytes) = r.unwrap();
            (number.to_be_bytes().to_vec(), bytes)
        });
        let mut all = vec![records.collect()];
        for table in [
            segment.ids(),
            segment.rows(),
            segment.postings(),
            segment.facts(),
            segment.players(),
        ] {
            all.push(table.iter().map(Result::unwrap).collect());
        }
        all
    };
    assert!(
        tables(&state) == tables(&again),
        "today's writer writes another format"
    );
}
