//! The writer's lock's tests: one writer, in this process and another; what cleanup removes.

use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::WriterLock;
use crate::error::IndexError;
use crate::store::manifest::{Manifest, SegmentEntry, segment_dir};

/// Takes the lock of `dir` once its holder has let it go: at once but for a child process
/// another test starts, which holds this process's open files from its fork to its exec
/// (closed there, std opening them close-on-exec), a lock dropped meanwhile staying taken
/// until then.
fn take_again(dir: &Path) -> WriterLock {
    for _ in 0..200 {
        match WriterLock::take(dir) {
            Err(IndexError::Busy { .. }) => std::thread::sleep(Duration::from_millis(10)),
            taken => return taken.unwrap(),
        }
    }
    panic!("{}: still busy after 2 s", dir.display());
}

#[test]
fn one_writer_at_a_time_in_a_process() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let first = WriterLock::take(&index).unwrap();
    assert!(index.join("LOCK").is_file());
    match WriterLock::take(&index) {
        Err(IndexError::Busy { dir }) => assert_eq!(dir, index),
        other => panic!("{other:?}"),
    }
    // Readers take no lock: the manifest reads while the writer holds it.
    assert_eq!(Manifest::read(&index).unwrap(), None);
    drop(first);
    let second = take_again(&index);
    drop(second);
    take_again(&index);
}

/// The variable that makes [`hold_the_lock_for_the_parent`] a child's work: the index's
/// directory.
const CHILD: &str = "CHESS960_EXPLORER_LOCK_CHILD";

/// In a child process of [`one_writer_at_a_time_across_processes`]: takes the lock, says so,
/// and holds it until its standard input closes. Elsewhere, nothing.
#[test]
fn hold_the_lock_for_the_parent() {
    let Some(dir) = std::env::var_os(CHILD) else {
        return;
    };
    let _lock = WriterLock::take(Path::new(&dir)).unwrap();
    println!("locked");
    let mut rest = Vec::new();
    std::io::stdin().read_to_end(&mut rest).unwrap();
}

#[test]
fn one_writer_at_a_time_across_processes() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "store::lock::tests::hold_the_lock_for_the_parent",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    // The harness writes the test's name on the same line, before.
    while !line.trim_end().ends_with("locked") {
        line.clear();
        assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "the child ended");
    }
    assert!(matches!(
        WriterLock::take(dir.path()),
        Err(IndexError::Busy { .. })
    ));
    drop(child.stdin.take());
    assert!(child.wait().unwrap().success());
    take_again(dir.path());
}

/// Writes `len` bytes to the file at `path`, made with its folders.
fn file(path: &Path, len: usize) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, vec![b'x'; len]).unwrap();
}

#[test]
fn remove_unused_removes_what_no_state_names() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path();
    let manifest = Manifest {
        generation: 1,
        next_game: 10,
        next_segment: 4,
        next_file: 2,
        segments: vec![SegmentEntry {
            id: 2,
            first_game: 0,
            games: 10,
            bytes: 100,
            removed: 0,
            files: [1, 1],
        }],
        files: Vec::new(),
    };
    manifest.commit(index).unwrap();
    let lock = WriterLock::take(index).unwrap();
    // Kept: the live segment, the state, the lock, the evaluations, what is not the index's.
    file(&segment_dir(index, 2).join("nodes"), 100);
    file(&index.join("evals.redb"), 10);
    file(&index.join("notes.txt"), 10);
    file(&index.join("seg-notes/a"), 10);
    file(&index.join(".stdin-1.txt"), 10);
    // Removed: unlisted segments, work folders and files, the spools, a leftover tmp.
    file(&segment_dir(index, 1).join("nodes"), 1000);
    file(&segment_dir(index, 3).join("deep/er/games"), 200);
    file(&index.join("seg-2/nodes"), 5);
    file(&index.join("tmp-12-345/seg/nodes"), 3000);
    file(&index.join("tmp-12-346"), 40);
    file(&index.join(".stdin-12-345.pgn"), 500);
    file(&index.join("MANIFEST.tmp"), 7);
    // A link out of the directory: removed itself, what it points to kept.
    let outside = tempfile::tempdir().unwrap();
    file(&outside.path().join("keep"), 60_000);
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(outside.path(), index.join("tmp-9-9")).unwrap();
        std::os::unix::fs::symlink(outside.path(), index.join("tmp-12-345/seg/link")).unwrap();
    }

    let freed = lock.remove_unused(Some(&manifest));
    assert_eq!(freed, 1000 + 200 + 5 + 3000 + 40 + 500 + 7);
    let mut left: Vec<_> = fs::read_dir(index)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            ".stdin-1.txt",
            "LOCK",
            "MANIFEST",
            "evals.redb",
            "notes.txt",
            "seg-000002",
            "seg-notes"
        ]
    );
    assert!(outside.path().join("keep").is_file());
    assert_eq!(
        fs::read(segment_dir(index, 2).join("nodes")).unwrap().len(),
        100
    );
    assert_eq!(Manifest::read(index).unwrap(), Some(manifest));
    // Nothing more to remove.
    assert_eq!(
        lock.remove_unused(Some(&Manifest::read(index).unwrap().unwrap())),
        0
    );
}

#[test]
fn without_an_index_every_segment_is_unused() {
    let dir = tempfile::tempdir().unwrap();
    let lock = WriterLock::take(dir.path()).unwrap();
    file(&segment_dir(dir.path(), 0).join("nodes"), 30);
    file(&dir.path().join("evals.redb"), 10);
    assert_eq!(lock.remove_unused(None), 30);
    assert!(!segment_dir(dir.path(), 0).exists());
    assert!(dir.path().join("evals.redb").is_file());
    assert!(dir.path().join("LOCK").is_file());
}
