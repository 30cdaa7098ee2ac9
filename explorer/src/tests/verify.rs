//! `Index::verify`: an index as written verifies, with counts that are its own, after adds,
//! merges, removals, a replace and evaluations alike; one byte changed in the middle of a
//! block of any table, or in the manifest, fails it, naming that file.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::error::IndexError;
use crate::index::Index;
use crate::index::verified::Verified;
use crate::store::evals::{CloudEval, EvalSource, Pv, PvScore};
use crate::store::files::FileRef;
use crate::store::manifest::FORMAT;
use crate::store::tables::{FACTS, GAMES, IDS, POSTINGS, ROWS};
use crate::tests::{corpus, drawn};
use crate::writer::IndexWriter;
use chess960_pgn::Progress;

/// An index of `games` games of the test corpus in `dir/index`, one add.
pub(super) fn indexed(dir: &Path, games: usize) -> PathBuf {
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, corpus(11, games)).unwrap();
    let index = dir.join("index");
    IndexWriter::new(&index)
        .add(&[pgn], &Progress::default())
        .unwrap();
    index
}

/// The folder of the index's only segment.
pub(super) fn segment(index: &Path) -> PathBuf {
    let mut segments: Vec<PathBuf> = std::fs::read_dir(index)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("seg-")
        })
        .collect();
    assert_eq!(segments.len(), 1, "{segments:?}");
    segments.remove(0)
}

/// `from`, a folder of files and folders, copied to `to`.
fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        match entry.file_type().unwrap().is_dir() {
            true => copy(&entry.path(), &target),
            false => drop(std::fs::copy(entry.path(), target).unwrap()),
        }
    }
}

/// The offset of the middle byte of the middle block of the table at `path`, of
/// `key_len`-byte keys, as its footer and block index tell it.
fn middle_of_a_block(path: &Path, key_len: usize) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let le = |at: usize, n: usize| {
        let mut word = [0; 8];
        word[..n].copy_from_slice(&bytes[at..at + n]);
        u64::from_le_bytes(word) as usize
    };
    let footer = bytes.len() - 40;
    let (index, blocks) = (le(footer, 8), le(footer + 24, 4));
    assert!(blocks > 0, "{}", path.display());
    let entry = index + blocks / 2 * (24 + key_len);
    le(entry, 8) + le(entry + 8, 4) / 2
}

/// The byte at `at` of the file at `path`, changed.
fn flip(path: &Path, at: usize) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[at] ^= 0x5a;
    std::fs::write(path, bytes).unwrap();
}

/// The file a failed verification names.
fn named(verified: Result<Verified, IndexError>) -> PathBuf {
    match verified {
        Err(IndexError::Corrupt { path, .. }) => path,
        other => panic!("not a damaged file: {other:?}"),
    }
}

/// An evaluation of the start, its first line scoring `cp`.
fn evaluation(cp: i32) -> CloudEval {
    let pv = Pv::new(vec!["e2e4".to_owned()], PvScore::Cp(cp));
    CloudEval::new(
        20,
        1000,
        vec![pv],
        EvalSource::new("Stockfish 17", "d=20", 1),
    )
}

#[test]
fn an_index_as_written_verifies_with_its_own_counts() {
    let dir = tempfile::tempdir().unwrap();
    let index_dir = indexed(dir.path(), 600);
    let index = Index::open(&index_dir).unwrap();
    let started = Instant::now();
    let mut told: Vec<u64> = Vec::new();
    let verified = index
        .verify_with(&Progress::default(), |so_far| told.push(so_far.bytes))
        .unwrap();
    let took = started.elapsed();
    let bytes: u64 = index.bytes().unwrap().iter().map(|(_, bytes)| bytes).sum();
    let games = index.files().unwrap()[0].games;
    assert!(games > 375, "{games}");
    assert_eq!((verified.segments, verified.tables), (1, 6));
    assert_eq!(
        (verified.games, verified.bytes, verified.evals),
        (games, bytes, 0)
    );
    // Each table's blocks: the games, ids, rows and postings in a few of 16 KiB, the facts a
    // block a group of 128 games.
    assert!(verified.blocks >= 4 + games.div_ceil(128), "{verified:?}");
    // Every game's record, key and facts' group, and each row and chunk of postings.
    assert!(verified.entries > 2 * games + verified.rows, "{verified:?}");
    assert!(
        verified.rows > 20 && verified.postings > 3000,
        "{verified:?}"
    );
    // One posting in 97, each confirmed by its game's replay.
    assert_eq!(verified.sampled, verified.postings.div_ceil(97));
    assert_eq!(verified.confirmed, verified.sampled);
    // Told after each block, up to every byte.
    assert!(told.windows(2).all(|pair| pair[0] <= pair[1]), "{told:?}");
    assert_eq!(
        (told.len() as u64 > verified.blocks, told.last()),
        (true, Some(&bytes))
    );
    assert!(
        verified.to_string().starts_with("1 segment, 6 tables, "),
        "{verified}"
    );
    eprintln!("verified in {took:?}: {verified}");

    // Stopped, it says so.
    let progress = Progress::default();
    progress.stop();
    assert!(matches!(
        index.verify(&progress),
        Err(IndexError::Interrupted { .. })
    ));
}

#[test]
fn a_byte_changed_in_any_table_or_the_manifest_names_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let index_dir = indexed(dir.path(), 600);
    for (n, (name, _, key_len, _)) in [GAMES, IDS, ROWS, POSTINGS, FACTS].into_iter().enumerate() {
        let copied = dir.path().join(format!("copy-{n}"));
        copy(&index_dir, &copied);
        // Opened before the damage: verify reads the files again, not what it holds.
        let index = Index::open(&copied).unwrap();
        assert!(index.verify(&Progress::default()).is_ok());
        let table = segment(&copied).join(name);
        flip(&table, middle_of_a_block(&table, key_len));
        let err = index.verify(&Progress::default());
        let said = err.as_ref().map_err(ToString::to_string).unwrap_err();
        assert_eq!(named(err), table, "{said}");
        assert!(said.contains("checksum"), "{said}");
    }
    let copied = dir.path().join("copy-manifest");
    copy(&index_dir, &copied);
    let index = Index::open(&copied).unwrap();
    let manifest = copied.join("MANIFEST");
    let length = std::fs::metadata(&manifest).unwrap().len() as usize;
    flip(&manifest, length / 2);
    assert_eq!(named(index.verify(&Progress::default())), manifest);
    assert_eq!(
        named(Index::open(&copied).map(|_| Verified::default())),
        manifest
    );
}

#[test]
fn merged_removed_replaced_and_evaluated_indexes_verify() {
    let dir = tempfile::tempdir().unwrap();
    let index_dir = dir.path().join("index");
    let games = drawn(5, 400);
    let files: Vec<PathBuf> = games
        .chunks(100)
        .enumerate()
        .map(|(n, part)| {
            let path = dir.path().join(format!("part-{n}.pgn"));
            std::fs::write(&path, part.concat()).unwrap();
            path
        })
        .collect();
    let writer = IndexWriter::new(&index_dir);
    let index = || Index::open(&index_dir).unwrap();
    let verified = |what: &str| {
        let index = index();
        let verified = index.verify(&Progress::default());
        let verified = verified.unwrap_or_else(|err| panic!("{what}: {err}"));
        let games: u64 = index.files().unwrap().iter().map(|file| file.games).sum();
        assert_eq!(verified.games, games, "{what}");
        assert_eq!(
            verified.segments as usize,
            index.segments().unwrap().len(),
            "{what}"
        );
        verified
    };
    for file in &files {
        writer
            .add(std::slice::from_ref(file), &Progress::default())
            .unwrap();
        verified("an add");
    }
    // Adds of equal size merged as they came; a segment written again without a file.
    writer
        .remove(&FileRef::Number(2), &Progress::default())
        .unwrap();
    verified("a removal");
    writer.compact(&Progress::default()).unwrap();
    assert_eq!(verified("a merge with holes").segments, 1);
    writer
        .remove(&FileRef::Number(1), &Progress::default())
        .unwrap();
    verified("a removal from a merged segment");
    writer.add(&files[1..2], &Progress::default()).unwrap();
    let crlf = dir.path().join("part-3-crlf.pgn");
    std::fs::write(
        &crlf,
        std::fs::read_to_string(&files[3])
            .unwrap()
            .replace('\n', "\r\n"),
    )
    .unwrap();
    let options = crate::build::add::AddOptions::default().replace(4);
    writer
        .add_with(&[crlf], &Progress::default(), options)
        .unwrap();
    verified("a replace");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned();
    writer.add_evals([(start, evaluation(31))], false).unwrap();
    assert_eq!(verified("evaluations").evals, 1);
}

#[test]
fn the_checked_in_index_of_this_format_verifies() {
    // A copy: a verification writes nothing, but the repository's files stay untouched.
    let dir = tempfile::tempdir().unwrap();
    let checked_in =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/format-{FORMAT}"));
    copy(&checked_in, dir.path());
    let index = Index::open(dir.path()).unwrap();
    let verified = index.verify(&Progress::default()).unwrap();
    let games: u64 = index.files().unwrap().iter().map(|file| file.games).sum();
    assert_eq!((verified.segments, verified.games), (1, games));
    assert!(
        verified.postings > 0 && verified.confirmed == verified.sampled,
        "{verified}"
    );
}
