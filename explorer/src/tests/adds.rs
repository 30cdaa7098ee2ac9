//! Answers independent of the adds: the same games in three adds whose positions are sorted
//! in runs written to disk, and after the segments are merged, answer every node of the tree
//! of the same games, by its moves and by its FEN alone, with every filter (a sample by
//! default, the others in the ignored run; every other one before the merge, the rest
//! after): transpositions into an earlier add's positions (of one game or many) included.
//! (One add of them all is `tests/mod.rs`'s; here it counts the same games.)

use std::path::PathBuf;

use crate::build::add::{AddOptions, add};
use crate::build::segment::Thresholds;
use crate::index::Index;
use crate::tests::{answers_as_the_tree, drawn, other_filters};
use chess960_pgn::Progress;

/// The filters the default test asks (see `tests::SAMPLE_FILTERS`), in the order they are
/// halved: 13 and 31 of the three segments, 28 and 10 of their merge, each half's first one
/// broad (lines are walked with it). Not the unfiltered 0, a third of the one-add test's
/// time: every speeds, ratings and months setting is here all the same.
const SAMPLE: [usize; 4] = [13, 28, 31, 10];

#[test]
fn three_adds_and_their_merge_answer_as_the_tree_counts_with_a_sample_of_the_filters() {
    three_adds_and_their_merge(SAMPLE.to_vec());
}

#[test]
#[ignore = "exhaustive (the other filters): .ci/run runs it with --ignored; the default asks SAMPLE"]
fn three_adds_and_their_merge_answer_as_the_tree_counts_with_every_other_filter() {
    three_adds_and_their_merge(other_filters(&SAMPLE).collect());
}

/// Three adds of the same games and their merge answer as the tree counts, with the filters
/// `asked` (by their place among the 36): every other one asked of the three segments, the
/// rest of their merge.
fn three_adds_and_their_merge(asked: Vec<usize>) {
    let dir = tempfile::tempdir().unwrap();
    let games = drawn(11, 600);
    let mut pgns: Vec<PathBuf> = Vec::new();
    for (n, part) in games.chunks(games.len().div_ceil(3)).enumerate() {
        let path = dir.path().join(format!("games-{n}.pgn"));
        let pgn: String = part.concat();
        std::fs::write(&path, pgn).unwrap();
        pgns.push(path);
    }
    // Positions sorted in 64 KiB: runs written to disk, and merged.
    let small = AddOptions::default().threads(3).memory(64 << 10);
    let three = dir.path().join("three");
    let mut counted = 0;
    for pgn in &pgns {
        let added = add(
            &three,
            std::slice::from_ref(pgn),
            &Progress::default(),
            small,
            Thresholds::TESTS,
        )
        .unwrap();
        assert!(added.runs > 1, "{added:?}");
        counted += added.counted;
    }
    assert!(counted > 500, "{counted} games counted");
    let index = Index::open(&three).unwrap();
    assert!(index.segments().unwrap().len() > 1);
    // Half the filters asked of the three segments, the other half of their merge.
    answers_as_the_tree(&index, &pgns, asked.iter().copied().step_by(2));
    // No temporary file left.
    let left: Vec<_> = std::fs::read_dir(&three)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("tmp-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");

    let compacted = crate::tests::writer(&three)
        .compact(&Progress::default())
        .unwrap();
    assert!(compacted.segments > 1, "{compacted:?}");
    assert_eq!(index.segments().unwrap(), [counted]);
    answers_as_the_tree(&index, &pgns, asked.iter().copied().skip(1).step_by(2));

    let one = dir.path().join("one");
    let added = add(
        &one,
        &pgns,
        &Progress::default(),
        AddOptions::default(),
        Thresholds::TESTS,
    )
    .unwrap();
    assert_eq!((added.counted, added.runs), (counted, 0));
}

#[test]
fn a_reader_reopens_only_the_segments_a_commit_made() {
    let dir = tempfile::tempdir().unwrap();
    let (index, first, second) = (
        dir.path().join("index"),
        dir.path().join("a.pgn"),
        dir.path().join("b.pgn"),
    );
    // A second add of fewer games: not merged with the first (build/merge.rs's cheap run).
    std::fs::write(&first, crate::tests::corpus(5, 300)).unwrap();
    std::fs::write(&second, crate::tests::corpus(9, 40)).unwrap();
    let writer = crate::tests::writer(&index);
    writer.add(&[first], &Progress::default()).unwrap();
    let reader = Index::open(&index).unwrap();
    let before = reader.state().unwrap();
    writer.add(&[second], &Progress::default()).unwrap();
    let after = reader.state().unwrap();
    assert_eq!(after.manifest.generation, before.manifest.generation + 1);
    assert_eq!((before.segments.len(), after.segments.len()), (1, 2));
    let (held, new) = (&before.segments[0], &after.segments[0]);
    assert!(
        std::sync::Arc::ptr_eq(held, new),
        "the first segment reused"
    );
    assert!(
        std::sync::Arc::ptr_eq(&before.cache, &after.cache),
        "one cache"
    );
}
