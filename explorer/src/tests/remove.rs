//! Files taken out and put back: an index after `IndexWriter::remove` answers as an index made
//! of the files left, in their order, at every node down the lines, with filters; a file
//! added again, a replace, and a merge of segments with removed games answer as the index
//! made of the same files in the same order.

use std::path::{Path, PathBuf};

use crate::answer::Answer;
use crate::answer::explorer::Explorer;
use crate::answer::query::{Query, uci_moves};
use crate::build::add::{AddOptions, add};
use crate::build::segment::Thresholds;
use crate::index::Index;
use crate::store::files::FileRef;
use crate::tests::drawn;
use chess960_pgn::{Progress, Speed};

/// Files of the test corpus's games in `dir`, of `sizes` games each.
fn files(dir: &Path, sizes: &[usize]) -> Vec<PathBuf> {
    let mut games = drawn(23, sizes.iter().sum()).into_iter();
    (0..)
        .zip(sizes)
        .map(|(n, &size)| {
            let path = dir.join(format!("games-{n}.pgn"));
            std::fs::write(&path, games.by_ref().take(size).collect::<String>()).unwrap();
            path
        })
        .collect()
}

/// An index in `dir` of `files`, one add each, in their order.
fn made_of(dir: &Path, files: &[&PathBuf]) -> Index {
    let _ = std::fs::remove_dir_all(dir);
    for file in files {
        crate::tests::writer(dir)
            .add(std::slice::from_ref(*file), &Progress::default())
            .unwrap();
    }
    Index::open(dir).unwrap()
}

/// What `index` answers at each node of each start down the lines its moves give (to 8
/// plies), unfiltered and for blitz games, its games' files told by name (numbers differ
/// between indexes of the same files).
fn answers(index: &Index) -> Vec<Answer> {
    let names = index.file_names().unwrap();
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    ];
    let mut all = Vec::new();
    for speeds in [None, Some([Speed::Blitz].into_iter().collect())] {
        for start in starts {
            let mut lines: Vec<Vec<String>> = vec![Vec::new()];
            while let Some(line) = lines.pop() {
                let query = Query {
                    fen: Some(start.to_owned()),
                    play: uci_moves(&line),
                    speeds,
                    ..Query::default()
                };
                let mut answer = Explorer::explore(index, &query).unwrap();
                if line.len() < 8 {
                    for mv in &answer.moves {
                        lines.push([&line[..], &[mv.uci.to_string()]].concat());
                    }
                }
                let one_games = answer.moves.iter_mut().filter_map(|mv| mv.game.as_mut());
                for game in one_games
                    .chain(&mut answer.top_games)
                    .chain(&mut answer.recent_games)
                {
                    // `games-N…`: N, the file's part of the games.
                    let name = names[game.file].file_name().unwrap().to_owned();
                    game.file = name.to_string_lossy().as_bytes()[6].into();
                }
                all.push(answer);
            }
        }
    }
    assert!(all.len() > 300, "{} nodes", all.len());
    all
}

#[test]
fn a_file_removed_added_again_or_replaced_answers_as_the_files_left_do() {
    let dir = tempfile::tempdir().unwrap();
    let files = files(dir.path(), &[120, 120, 120]);
    let [a, b, c] = [&files[0], &files[1], &files[2]];
    let index_dir = dir.path().join("index");
    let index = made_of(&index_dir, &[a, b, c]);
    let before = answers(&index);

    // The middle file out, by its name: as an index of the first and the last.
    let removed = crate::tests::writer(&index_dir)
        .remove(
            &FileRef::Name(b.display().to_string()),
            &Progress::default(),
        )
        .unwrap();
    assert_eq!(removed.file.number, 2);
    assert!(removed.games > 80 && removed.segments == 1, "{removed:?}");
    let numbers: Vec<u32> = index.files().unwrap().iter().map(|f| f.number).collect();
    assert_eq!(numbers, [1, 3]);
    let without = answers(&made_of(&dir.path().join("ac"), &[a, c]));
    assert_eq!(answers(&index), without);
    assert_ne!(answers(&index), before);

    // Added again: as an index of the three in the new order, file number 4.
    let added = crate::tests::writer(&index_dir)
        .add(std::slice::from_ref(b), &Progress::default())
        .unwrap();
    assert_eq!((added.files[0].number, added.counted), (4, removed.games));
    let acb = answers(&made_of(&dir.path().join("acb"), &[a, c, b]));
    assert_eq!(answers(&index), acb);

    // Merged into one segment, its removed games' numbers with it; then the first file
    // out of the merged segment.
    crate::tests::writer(&index_dir)
        .compact(&Progress::default())
        .unwrap();
    assert_eq!(index.segments().unwrap().len(), 1);
    assert_eq!(answers(&index), acb);
    crate::tests::writer(&index_dir)
        .remove(&FileRef::Number(1), &Progress::default())
        .unwrap();
    assert_eq!(
        answers(&index),
        answers(&made_of(&dir.path().join("cb"), &[c, b]))
    );

    // The last file replaced by itself, re-exported with CRLF line ends: one commit, its
    // games counted again (none "already in the index").
    let crlf = dir.path().join("games-1-crlf.pgn");
    std::fs::write(
        &crlf,
        std::fs::read_to_string(b).unwrap().replace('\n', "\r\n"),
    )
    .unwrap();
    let generation = index.state().unwrap().manifest.generation;
    let options = AddOptions::default().replace(4);
    let replaced = add(
        &index_dir,
        std::slice::from_ref(&crlf),
        &Progress::default(),
        options,
        Thresholds::TESTS,
    )
    .unwrap();
    assert_eq!(
        replaced
            .replaced
            .as_ref()
            .map(|(file, games)| (file.number, *games)),
        Some((4, removed.games))
    );
    assert_eq!(
        (replaced.counted, replaced.already_indexed),
        (removed.games, 0)
    );
    assert_eq!(index.state().unwrap().manifest.generation, generation + 1);
    assert_eq!(
        answers(&index),
        answers(&made_of(&dir.path().join("cb2"), &[c, &crlf]))
    );

    // Every file out: an index of no game, which still answers.
    for file in index.files().unwrap() {
        crate::tests::writer(&index_dir)
            .remove(&FileRef::Number(file.number), &Progress::default())
            .unwrap();
    }
    assert!(index.files().unwrap().is_empty());
    assert!(index.segments().unwrap().is_empty());
    let root = Query::at(
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1",
        &[],
    );
    let answer = Explorer::explore(&index, &root).unwrap();
    assert_eq!((answer.white, answer.draws, answer.black), (0, 0, 0));
}

#[test]
fn a_file_not_in_the_index_or_named_twice_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let files = files(dir.path(), &[120, 120]);
    let index_dir = dir.path().join("index");
    let index = made_of(&index_dir, &[&files[0], &files[1]]);
    let before = answers(&index);
    let err = crate::tests::writer(&index_dir)
        .remove(&FileRef::Number(9), &Progress::default())
        .unwrap_err();
    assert!(
        err.to_string().contains("no file `9` in the index"),
        "{err}"
    );
    let err =
        crate::tests::writer(&index_dir).remove(&"nope.pgn".parse().unwrap(), &Progress::default());
    assert!(matches!(
        err,
        Err(crate::error::IndexError::NoSuchFile { .. })
    ));
    // A path to a file of the same bytes names it, whatever its name.
    let copy = dir.path().join("copy.pgn");
    std::fs::copy(&files[0], &copy).unwrap();
    assert_eq!(answers(&index), before);
    let removed = crate::tests::writer(&index_dir)
        .remove(
            &FileRef::Name(copy.display().to_string()),
            &Progress::default(),
        )
        .unwrap();
    assert_eq!(removed.file.number, 1);
}

#[test]
fn a_segment_whose_games_are_all_removed_leaves_numbers_a_merge_keeps_unused() {
    let dir = tempfile::tempdir().unwrap();
    // Adds too unlike to merge: a segment each.
    let files = files(dir.path(), &[240, 80, 40]);
    let [a, b, c] = [&files[0], &files[1], &files[2]];
    let index_dir = dir.path().join("index");
    let index = made_of(&index_dir, &[a, b, c]);
    assert_eq!(index.segments().unwrap().len(), 3);
    crate::tests::writer(&index_dir)
        .remove(&FileRef::Number(2), &Progress::default())
        .unwrap();
    let segments = index.state().unwrap().manifest.segments.clone();
    assert_eq!(segments.len(), 2);
    assert!(segments[1].first_game > segments[0].first_game + segments[0].games);
    let ac = answers(&made_of(&dir.path().join("ac"), &[a, c]));
    assert_eq!(answers(&index), ac);
    crate::tests::writer(&index_dir)
        .compact(&Progress::default())
        .unwrap();
    assert_eq!(index.segments().unwrap().len(), 1);
    assert_eq!(answers(&index), ac);
}

#[test]
fn games_another_file_passed_over_are_told_and_counted_again_by_replacing_it_with_itself() {
    let dir = tempfile::tempdir().unwrap();
    let files = files(dir.path(), &[120, 120]);
    // A club's exports, each holding the ones before: January, then January to February.
    let cumulative = dir.path().join("games-9.pgn");
    let both = [&files[0], &files[1]].map(|f| std::fs::read_to_string(f).unwrap());
    std::fs::write(&cumulative, both.concat()).unwrap();
    let index_dir = dir.path().join("index");
    let index = made_of(&index_dir, &[&files[0], &cumulative]);
    let second = &index.files().unwrap()[1];
    assert!(second.already > 80 && second.already == index.files().unwrap()[0].games);
    let removed = crate::tests::writer(&index_dir)
        .remove(&FileRef::Number(1), &Progress::default())
        .unwrap();
    assert_eq!(
        removed
            .also_held
            .iter()
            .map(|f| f.number)
            .collect::<Vec<_>>(),
        [2]
    );
    // The cumulative file replaced by itself: every game it holds counted, as an index of it
    // alone counts them.
    let options = AddOptions::default().replace(2);
    let added = add(
        &index_dir,
        std::slice::from_ref(&cumulative),
        &Progress::default(),
        options,
        Thresholds::TESTS,
    )
    .unwrap();
    assert_eq!(added.already_indexed, 0);
    assert_eq!(
        answers(&index),
        answers(&made_of(&dir.path().join("alone"), &[&cumulative]))
    );
}
