//! `chess960 index remove`, `index add --replace` and `index files` as a club runs them: a
//! removal killed at any moment leaves the index as it was or as after it while a server
//! answers; the file added again gives back the answers of before; a re-exported file
//! replaces the old one in one step; `index files` lists what is in, with a header, ISO 8601
//! dates, games passed over and sizes.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Instant;

use crate::common::{chess960, text};
use crate::index::{
    OTHER_EIGHTHS, SAMPLE_EIGHTHS, Served, add, answers, dir, games, killed_at_eighths,
};

/// `chess960 index remove --index INDEX FILE` started.
fn spawn_remove(index: &Path, file: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(["index", "remove", "--index"])
        .arg(index)
        .arg(file)
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn remove(index: &Path, file: &str) -> std::process::Output {
    chess960(
        &["index", "remove", "--index", index.to_str().unwrap(), file],
        b"",
    )
}

#[test]
fn a_remove_killed_at_any_moment_leaves_the_index_before_or_after_it_and_adding_back_restores_it() {
    remove_killed_at("remove-killed", SAMPLE_EIGHTHS);
}

#[test]
#[ignore = "exhaustive (the other moments, OTHER_EIGHTHS): .ci/run runs them with --ignored; the default kills at SAMPLE_EIGHTHS"]
fn a_remove_killed_at_every_other_moment_leaves_the_index_before_or_after_it() {
    remove_killed_at("remove-killed-other", OTHER_EIGHTHS);
}

/// A removal killed at `eighths` of its run (folder `name`), then the file added back.
fn remove_killed_at(name: &str, eighths: &[u32]) {
    let dir = dir(name);
    let (small, big) = (dir.join("small.pgn"), dir.join("big.pgn"));
    std::fs::write(&small, games(3, 300, "2024.01", 0)).unwrap();
    std::fs::write(&big, games(4, 6000, "2024.02", 10_000)).unwrap();
    // One segment of both: a removal writes the big file's games again.
    let both = |index: &Path| {
        assert_eq!(add(index, &[&big]).status.code(), Some(0));
        assert_eq!(add(index, &[&small]).status.code(), Some(0));
        let out = chess960(
            &["index", "compact", "--index", index.to_str().unwrap()],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    };
    let index = dir.join("index");
    both(&index);
    let served = Served::start(&index);
    let before = answers(&served);
    // The answers after: an index of the big file alone.
    let alone = dir.join("alone");
    assert_eq!(add(&alone, &[&big]).status.code(), Some(0));
    let after = answers(&Served::start(&alone));
    assert_ne!(before, after);
    // How long a removal takes, on a copy.
    let copy = dir.join("copy");
    both(&copy);
    let started = Instant::now();
    let out = remove(&copy, "small.pgn");
    let whole = started.elapsed();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Killed at moments spread over its length: the server answers as before or as after,
    // while it runs and once it is killed.
    let spawn = || spawn_remove(&index, "2");
    let committed = killed_at_eighths(eighths, spawn, whole, &served, &index, &before, &after);
    if !committed {
        let out = remove(&index, "2");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let said = text(&out.stderr);
        assert!(
            said.starts_with("chess960: removed file 2 (") && said.contains("300 games taken out"),
            "{said}"
        );
    }
    assert_eq!(answers(&served), after);
    // The last file added again: every answer as before the removal.
    let out = add(&index, &[&small]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(answers(&served), before);
    assert_eq!(answers(&Served::start(&index)), before);
}

#[test]
fn a_re_exported_file_replaces_the_old_in_one_step_and_files_lists_them() {
    let dir = dir("replace");
    let (club, other) = (dir.join("club.pgn"), dir.join("other.pgn"));
    let pgn = games(5, 200, "2024.03", 50_000);
    std::fs::write(&club, &pgn).unwrap();
    std::fs::write(&other, games(6, 100, "2024.03", 60_000)).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&club, &other]).status.code(), Some(0));
    let served = Served::start(&index);
    let before = answers(&served);
    // The same games re-exported with CRLF: refused as already in, and replaced.
    let crlf = dir.join("club-crlf.pgn");
    std::fs::write(&crlf, pgn.replace('\n', "\r\n")).unwrap();
    let out = add(&index, &[&crlf]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("200 already in the index"),
        "{}",
        text(&out.stderr)
    );
    let index_arg = index.to_str().unwrap();
    let args = [
        "index",
        "add",
        "--index",
        index_arg,
        "--replace",
        "club.pgn",
    ];
    let out = chess960(&[&args[..], &[crlf.to_str().unwrap()]].concat(), b"");
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("200 games counted")
            && said.contains("replacing file 1 (")
            && said.contains("its 200 games taken out"),
        "{said}"
    );
    // The same games in a new file: the same counts.
    let same: Vec<String> = answers(&served).iter().map(|a| counts(a)).collect();
    let was: Vec<String> = before.iter().map(|a| counts(a)).collect();
    assert_eq!(same, was);

    let out = chess960(&["index", "files", "--index", index_arg], b"");
    let listed = text(&out.stdout);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 3, "{listed}");
    let header: Vec<&str> = lines[0]
        .split("  ")
        .filter(|w| !w.is_empty())
        .map(str::trim)
        .collect();
    assert_eq!(
        header,
        [
            "number",
            "added",
            "games",
            "passed over",
            "bytes",
            "sha256",
            "name"
        ]
    );
    let row: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(row[0], "3");
    // ISO 8601, UTC.
    let added = row[1].as_bytes();
    assert!(
        added.len() == 20 && added[4] == b'-' && added[10] == b'T' && added[19] == b'Z',
        "{}",
        row[1]
    );
    assert_eq!((row[2], row[3]), ("200", "0"));
    assert!(row[5].ends_with("KiB"), "{listed}");
    assert!(
        text(&out.stderr).contains("2 files, 300 games counted"),
        "{}",
        text(&out.stderr)
    );
    let out = chess960(
        &["index", "files", "--index", index_arg, "--format", "csv"],
        b"",
    );
    let csv = text(&out.stdout);
    assert!(
        csv.starts_with("number,added,games,passed_over,bytes,sha256,name\n"),
        "{csv}"
    );
    let bytes = std::fs::metadata(&crlf).unwrap().len();
    assert!(csv.contains(&format!(",200,0,{bytes},")), "{csv}");

    // A file that is not in the index: exit 1, named, nothing changed.
    let out = remove(&index, "club.pgn");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("no file `club.pgn` in the index"),
        "{}",
        text(&out.stderr)
    );
    let out = chess960(
        &[&args[..4], &["--replace", "7", crlf.to_str().unwrap()]].concat(),
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("--replace: "),
        "{}",
        text(&out.stderr)
    );
}

/// An answer's counts: its totals and each move's, without the games it lists (their files
/// are others after a replace).
fn counts(answer: &str) -> String {
    let json: serde_json::Value = serde_json::from_str(answer).unwrap();
    let moves: Vec<_> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| {
            (
                mv["uci"].clone(),
                mv["white"].clone(),
                mv["draws"].clone(),
                mv["black"].clone(),
            )
        })
        .collect();
    format!(
        "{} {} {} {moves:?}",
        json["white"], json["draws"], json["black"]
    )
}
