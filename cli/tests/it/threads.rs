//! `--threads N`: every command that reads games on several threads gives the same bytes on
//! one thread and on several, from a plain file (read in parts), from its zstd copy
//! (decompressed on a thread of its own, then parsed in parts) and from stdin.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chess960_explorer::{Index, Query};

use crate::common::chess960;
use crate::index::games;

/// A PGN file of 8 MiB and a little more (cut in parts of 4 MiB on one thread, of 2.7 MiB on
/// three: two parts and more, and three and more), and its zstd copy: lichess-like games, a
/// game with a comment that holds a blank line and a tag line, and one whose moves cannot all
/// be played, among them.
fn inputs() -> &'static (PathBuf, PathBuf) {
    static INPUTS: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    INPUTS.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("threads");
        std::fs::create_dir_all(&dir).unwrap();
        let tricky = "[Event \"x\"]\n[Variant \"Chess960\"]\n\n1. e4 { a comment\n\n[Event \"not a game\"]\n\n} e5 1-0\n\n\
                      [Event \"y\"]\n\n1. e4 e5 2. Ke3 0-1\n\n";
        let some = games(5, 3_000, "2024.01", 1);
        let mut pgn = String::new();
        while pgn.len() < 8 << 20 {
            pgn.push_str(&some);
            pgn.push_str(tricky);
        }
        let (plain, packed) = (dir.join("games.pgn"), dir.join("games.pgn.zst"));
        std::fs::write(&plain, &pgn).unwrap();
        std::fs::write(&packed, zstd::encode_all(pgn.as_bytes(), 1).unwrap()).unwrap();
        (plain, packed)
    })
}

/// The output of `chess960 COMMAND --threads THREADS ARGS FILE` (exit code 0, or 1 for
/// `check`, which finds a game that cannot be played).
fn run(args: &[&str], file: &Path, threads: &str) -> Vec<u8> {
    let file = file.to_str().unwrap();
    let args: Vec<&str> = [args[0], "--threads", threads]
        .into_iter()
        .chain(args[1..].iter().copied())
        .chain([file])
        .collect();
    let out = chess960(&args, b"");
    let expected = if args[0] == "check" { 1 } else { 0 };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(expected), "{args:?}: {stderr}");
    out.stdout
}

/// The same bytes on 1 thread and on 3, from the plain file and from its zstd copy.
fn same_on_any_threads(args: &[&str]) {
    let (plain, packed) = inputs();
    let one = run(args, plain, "1");
    assert!(one.len() > 100, "{args:?}: {} bytes", one.len());
    assert!(
        one == run(args, plain, "3"),
        "{args:?}: 3 threads differ from 1"
    );
    // The listings name their file.
    let unpacked = String::from_utf8(run(args, packed, "3")).unwrap();
    let (plain, packed) = (plain.to_str().unwrap(), packed.to_str().unwrap());
    assert!(
        one == unpacked.replace(packed, plain).as_bytes(),
        "{args:?}: the zstd copy differs"
    );
}

#[test]
fn games_lists_the_same_on_any_threads() {
    same_on_any_threads(&["games", "--format", "csv"]);
}

#[test]
fn games_moves_lists_the_same_on_any_threads() {
    same_on_any_threads(&["games", "--moves", "--max-plies", "50", "--format", "json"]);
}

#[test]
fn games_stats_count_the_same_on_any_threads() {
    same_on_any_threads(&["games", "--stats", "--format", "csv"]);
}

#[test]
fn check_moves_reports_the_same_on_any_threads() {
    same_on_any_threads(&["check", "--moves"]);
}

#[test]
fn tree_counts_the_same_on_any_threads() {
    same_on_any_threads(&[
        "tree", "--all", "--nodes", "--plies", "12", "--format", "json",
    ]);
}

#[test]
fn book_tree_lists_the_same_on_any_threads() {
    same_on_any_threads(&["book", "--plies", "6", "--format", "epd", "--tree"]);
}

/// stdin is read as the file is.
#[test]
fn stdin_lists_as_the_file() {
    let (plain, _) = inputs();
    let from_file = run(&["games", "--moves", "--format", "csv"], plain, "3");
    let args = ["games", "--threads", "3", "--moves", "--format", "csv", "-"];
    let out = chess960(&args, &std::fs::read(plain).unwrap());
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout)
        .unwrap()
        .replace("\n-,", "\ngames.pgn,");
    let from_file = String::from_utf8(from_file).unwrap();
    assert!(
        stdout == from_file.replace(plain.to_str().unwrap(), "games.pgn"),
        "stdin differs from the file"
    );
}

/// An index added on 1 thread and on 3: the same answers (each start's root, and the
/// positions of the first two plies, every move of each), the same games counted.
#[test]
fn index_add_answers_the_same_on_any_threads() {
    let (plain, _) = inputs();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("threads-index");
    let _ = std::fs::remove_dir_all(&dir);
    let mut indexes = Vec::new();
    for threads in ["1", "3"] {
        let index = dir.join(threads);
        let file = plain.to_str().unwrap();
        let args = [
            "index",
            "add",
            "--index",
            index.to_str().unwrap(),
            "--threads",
            threads,
            file,
        ];
        let out = chess960(&args, b"");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let files = Index::open(&index).unwrap().files().unwrap();
        assert_eq!(files.len(), 1);
        indexes.push((Index::open(&index).unwrap(), files[0].games));
    }
    assert_eq!(indexes[0].1, indexes[1].1, "games counted");
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    ];
    let mut asked = 0;
    for fen in starts {
        let mut lines: Vec<Vec<String>> = vec![Vec::new()];
        for _ in 0..3 {
            let mut next = Vec::new();
            for line in &lines {
                let play: Vec<&str> = line.iter().map(String::as_str).collect();
                let query = Query::at(fen, &play);
                let [one, three] =
                    [&indexes[0].0, &indexes[1].0].map(|index| index.explore(&query).unwrap());
                assert_eq!(one, three, "{fen} {play:?}");
                asked += 1;
                for mv in &one.moves {
                    next.push(line.iter().cloned().chain([mv.uci.to_string()]).collect());
                }
            }
            lines = next;
        }
    }
    assert!(asked > 100, "{asked} positions asked");
}
