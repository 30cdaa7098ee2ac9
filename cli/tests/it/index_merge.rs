//! `chess960 index compact` killed at any moment (a sample by default, the other moments in
//! the ignored run), a server answering throughout: the answers never change and the next
//! writer removes what it left; an add interrupted by Ctrl-C removes its own temporary folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::common::text;
use crate::index::{OTHER_EIGHTHS, SAMPLE_EIGHTHS, Served, add, answers, dir, games, spawn_add};

/// The entries of `index` a writer may leave: `tmp-*` folders and `seg-*` folders.
fn folders(index: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(index)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("tmp-") || name.starts_with("seg-"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_merge_killed_at_any_moment_changes_no_answer_and_an_interrupted_add_leaves_nothing() {
    let (dir, index, served, before) = merge_killed_at("merge-killed", SAMPLE_EIGHTHS);
    // An add interrupted (Ctrl-C) halfway removes its temporary folder itself.
    let big = dir.join("big.pgn");
    std::fs::write(&big, games(20, 6000, "2024.04", 50_000)).unwrap();
    let adding = spawn_add(&index, &big, Stdio::piped());
    // Once it is at work in its temporary folder.
    while !folders(&index).iter().any(|name| name.starts_with("tmp-")) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let pid = adding.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let out = adding.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("interrupted; the index is as it was"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(folders(&index).len(), 1, "{:?}", folders(&index));
    assert_eq!(answers(&served), before);
}

#[test]
#[ignore = "exhaustive (the other moments, OTHER_EIGHTHS): .ci/run runs them with --ignored; the default kills at SAMPLE_EIGHTHS"]
fn a_merge_killed_at_every_other_moment_changes_no_answer() {
    merge_killed_at("merge-killed-other", OTHER_EIGHTHS);
}

/// Three segments whose merge (`index compact`) is killed at `eighths` of its run (folder
/// `name`), a server answering throughout, then merged to the end: the folder, the index, its
/// server and its answers, which never changed.
fn merge_killed_at(name: &str, eighths: &[u32]) -> (PathBuf, PathBuf, Served, Vec<String>) {
    let dir = dir(name);
    let index = dir.join("index");
    // Three adds, the later ones smaller: three segments, none merged on the way.
    for (n, (count, month)) in [(6000, "2024.01"), (2500, "2024.02"), (1000, "2024.03")]
        .into_iter()
        .enumerate()
    {
        let pgn = dir.join(format!("{n}.pgn"));
        std::fs::write(&pgn, games(10 + n as u64, count, month, n * 10_000)).unwrap();
        assert_eq!(add(&index, &[&pgn]).status.code(), Some(0));
    }
    assert_eq!(folders(&index).len(), 3, "{:?}", folders(&index));
    let served = Served::start(&index);
    let before = answers(&served);
    let compact = |index: &Path| {
        Command::new(env!("CARGO_BIN_EXE_chess960"))
            .args(["index", "compact", "--index", index.to_str().unwrap()])
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    // The time a whole merge takes, on a copy.
    let copy = dir.join("copy");
    crate::common::copy_index(&index, &copy);
    let started = Instant::now();
    assert!(compact(&copy).wait().unwrap().success());
    let whole = started.elapsed();
    assert_eq!(folders(&copy).len(), 1);
    assert_eq!(answers(&Served::start(&copy)), before);
    for &eighth in eighths {
        let mut merging = compact(&index);
        std::thread::sleep(whole * eighth / 8);
        assert_eq!(
            answers(&served),
            before,
            "while merging, {eighth}/8 of the way"
        );
        merging.kill().unwrap();
        merging.wait().unwrap();
        assert_eq!(answers(&served), before, "killed {eighth}/8 of the way");
        assert_eq!(answers(&Served::start(&index)), before);
    }
    // The next writer removes what the killed ones left; the merge done, the answers stay.
    assert!(compact(&index).wait().unwrap().success());
    assert_eq!(folders(&index).len(), 1, "{:?}", folders(&index));
    assert_eq!(answers(&served), before);
    (dir, index, served, before)
}
