//! Pipes given as files (`<(zstd -dc …)`, a FIFO): read once, as standard input is. `index
//! add` hashes one as its games stream, `games` reads it whole, and what reads a file twice
//! refuses one by name.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{chess960, text};
use crate::index::{Served, add, answers, dir, games};

/// `chess960 ARGS…` run by bash, each `{}` of `args` a process substitution `<(cat FILE)` of
/// the next of `files`.
fn with_pipes(args: &str, files: &[&Path]) -> Output {
    let mut line = format!("exec {}", env!("CARGO_BIN_EXE_chess960"));
    let mut files = files.iter();
    for arg in args.split(' ') {
        match arg {
            "{}" => {
                let file = files.next().expect("a file for each {}");
                line += &format!(" <(cat '{}')", file.display());
            }
            arg => line += &format!(" '{arg}'"),
        }
    }
    Command::new("bash")
        .args(["-c", &line])
        .output()
        .expect("bash runs")
}

#[test]
fn a_pipe_is_added_as_its_file_would_be_and_a_second_pipe_is_refused() {
    let dir = dir("pipes");
    let (jan, feb) = (dir.join("jan.pgn"), dir.join("feb.pgn"));
    std::fs::write(&jan, games(21, 400, "2024.01", 0)).unwrap();
    std::fs::write(&feb, games(22, 300, "2024.02", 10_000)).unwrap();
    let (piped, files) = (dir.join("piped"), dir.join("files"));
    assert_eq!(add(&files, &[&jan, &feb]).status.code(), Some(0));
    let index = piped.to_str().unwrap();
    let out = with_pipes(
        &format!("index add --index {index} {{}} {}", feb.display()),
        &[&jan],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("700 games counted"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        answers(&Served::start(&piped)),
        answers(&Served::start(&files))
    );
    // Its bytes were hashed as they streamed: the file itself is refused after.
    let out = add(&piped, &[&jan]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("already in the index (the same bytes were added as /dev/fd/"),
        "{said}"
    );
    // Two streams in one add: refused before anything is read, the second named.
    let out = with_pipes(
        &format!("index add --index {index} {{}} {{}}"),
        &[&jan, &feb],
    );
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("a second stream (standard input or a pipe) after /dev/fd/"),
        "{said}"
    );
    let out = with_pipes(&format!("index add --index {index} - {{}}"), &[&feb]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("after -: one per add"), "{said}");
    // A pipe cut short (a download stopped) is named by its path in the error.
    let whole = zstd::encode_all(std::fs::read(&jan).unwrap().as_slice(), 3).unwrap();
    let cut = dir.join("cut.pgn.zst");
    std::fs::write(&cut, &whole[..whole.len() / 2]).unwrap();
    let out = with_pipes(&format!("index add --index {index} {{}}"), &[&cut]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.starts_with("chess960: /dev/fd/") && said.contains("reading stopped after"),
        "{said}"
    );
    let listed = chess960(
        &["index", "files", "--index", index, "--format", "csv"],
        b"",
    );
    assert_eq!(
        text(&listed.stdout).lines().count(),
        3,
        "{}",
        text(&listed.stdout)
    );
}

#[test]
fn a_pipe_is_read_whole_and_what_reads_twice_refuses_it() {
    let dir = dir("pipes-read");
    let jan = dir.join("jan.pgn");
    std::fs::write(&jan, games(23, 3000, "2024.01", 0)).unwrap();
    let path = jan.to_str().unwrap();
    let from_file = chess960(&["games", "--stats", "--format", "json", path], b"");
    let piped = with_pipes("games --stats --format json {}", &[&jan]);
    assert_eq!(piped.status.code(), Some(0), "{}", text(&piped.stderr));
    assert_eq!(text(&piped.stdout), text(&from_file.stdout));
    // Pruned rare nodes read a file twice: from a pipe, once, as from stdin.
    let args = "tree --sp 518 --plies 4 --min-games 3 --format json";
    let from_stdin = chess960(
        &args.split(' ').chain(["-"]).collect::<Vec<_>>(),
        &std::fs::read(&jan).unwrap(),
    );
    let piped = with_pipes(&format!("{args} {{}}"), &[&jan]);
    assert_eq!(piped.status.code(), Some(0), "{}", text(&piped.stderr));
    assert_eq!(text(&piped.stdout), text(&from_stdin.stdout));
    let piped = with_pipes("tree --games --sp 518 --play e2e4 {}", &[&jan]);
    let said = text(&piped.stderr);
    assert_eq!(piped.status.code(), Some(2), "{said}");
    assert!(
        said.contains("give files, not stdin or a pipe (/dev/fd/"),
        "{said}"
    );
}
