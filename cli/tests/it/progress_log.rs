//! Long work seen from cron: with stderr not a terminal, `index add`, `index compact` and
//! `eval` write a line at intervals (`CHESS960_PROGRESS_SECONDS`) saying how far they have got, their rate and
//! the time so far; `0` writes none.

use std::process::{Command, Stdio};

use crate::common::fake_engine::{fake_engine, scratch};
use crate::common::text;
use crate::index::games;

/// The lines of `stderr` that are progress lines.
fn progress_lines(stderr: &[u8]) -> Vec<String> {
    text(stderr)
        .lines()
        .filter(|line| line.ends_with(" s so far"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn index_add_and_eval_say_how_far_they_have_got() {
    let dir = scratch("progress-log");
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, games(3, 3000, "2024.01", 0)).unwrap();
    let add = |seconds: &str, index: &str| {
        Command::new(env!("CARGO_BIN_EXE_chess960"))
            .args(["index", "add", "--index", dir.join(index).to_str().unwrap()])
            .arg(&pgn)
            .env("CHESS960_PROGRESS_SECONDS", seconds)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let out = add("0.01", "every");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = progress_lines(&out.stderr);
    assert!(!lines.is_empty(), "{}", text(&out.stderr));
    for line in &lines {
        assert!(
            line.starts_with("chess960: ")
                && line.contains(" games read, ")
                && line.contains(" games a second, "),
            "{line}"
        );
    }
    let out = add("0", "none");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(progress_lines(&out.stderr), Vec::<String>::new());
    // A value that is no number of seconds: said, and the default (60 s: no line here) kept.
    let out = add("abc", "misspelt");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("CHESS960_PROGRESS_SECONDS=\"abc\" is not a number of seconds"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(progress_lines(&out.stderr), Vec::<String>::new());

    // A second segment, then the two compacted.
    let more = dir.join("more.pgn");
    // Small beside the first: not merged with it by the add.
    std::fs::write(&more, games(4, 300, "2024.02", 10_000)).unwrap();
    let index = dir.join("every");
    let run = |args: &[&std::ffi::OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_chess960"))
            .args(args)
            .env("CHESS960_PROGRESS_SECONDS", "0.001")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let out = run(&[
        "index".as_ref(),
        "add".as_ref(),
        "--index".as_ref(),
        index.as_ref(),
        more.as_ref(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&[
        "index".as_ref(),
        "compact".as_ref(),
        "--index".as_ref(),
        index.as_ref(),
    ]);
    assert!(
        text(&out.stderr).contains("segments merged into one"),
        "{}",
        text(&out.stderr)
    );
    let lines = progress_lines(&out.stderr);
    assert!(!lines.is_empty(), "{}", text(&out.stderr));
    assert!(
        lines
            .iter()
            .all(|line| line.starts_with("chess960: compacting: ")
                && line.contains(" MiB written of about ")),
        "{lines:?}"
    );

    let engine = fake_engine();
    let out = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(["eval", "--engine", &engine, "518", "105", "0", "959"])
        .env("CHESS960_PROGRESS_SECONDS", "0.01")
        .env("FAKE_SLEEP", "0.03")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = progress_lines(&out.stderr);
    assert!(!lines.is_empty(), "{}", text(&out.stderr));
    assert!(
        lines.iter().all(|line| line.contains(" of 4 positions, ")),
        "{lines:?}"
    );
}
