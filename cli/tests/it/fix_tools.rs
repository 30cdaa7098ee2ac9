//! `chess960 games --fix` against python-chess (`CHESS960_PYTHON`) and pgn-extract, on the
//! corpus python-chess writes (scripts/python-chess-games.py: random legal games from all 960
//! starts and 300 DFRC pairs, in every header convention of real writers) with the truth of
//! each game (its start, castling rights and moves as played):
//!
//! - python-chess replays every repaired game move for move as it was played, from its start
//!   with the castling rights it was played with, in both notations and Variant spellings; the
//!   corpus as written loses games (castling letters that name no rook, a 4-field FEN);
//! - pgn-extract reads the repaired games without a complaint (it complains of the corpus);
//! - fixing the output again changes nothing, and `--check` passes it and fails the corpus;
//! - outside tag sections, the output is the corpus byte for byte.

use crate::common;
use crate::games_tools::{python, script, workdir};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{chess960, text};

/// The corpus, and each game's start, castling rights and moves as played (`replay`'s lines).
fn corpus_with_truth(python: &Path, dir: &Path) -> (PathBuf, Vec<String>) {
    let (corpus, truth) = (dir.join("corpus.pgn"), dir.join("truth.txt"));
    let out = Command::new(python)
        .args([script(), "write", "960", "1", "300", "--truth"])
        .arg(&truth)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(&corpus, &out.stdout).unwrap();
    let truth = std::fs::read_to_string(truth).unwrap();
    (corpus, truth.lines().map(str::to_owned).collect())
}

/// python-chess's `read_game` of each game: `placement|castling|moves[|errors: …]`.
fn replay(python: &Path, pgn: &[u8]) -> Vec<String> {
    let (out, written) = common::run_piped(
        Command::new(python).args([script(), "replay"]),
        pgn.to_vec(),
    );
    written.unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_owned).collect()
}

/// `games --fix` (or `--check`) with `args`: exit code, stdout, stderr.
fn fix(args: &[&str], stdin: &[u8]) -> (Option<i32>, Vec<u8>, String) {
    let out = chess960(&[&["games"], args].concat(), stdin);
    (out.status.code(), out.stdout, text(&out.stderr).to_owned())
}

/// Every line outside tag sections: a tag section is a run of lines that begin with `[`, the
/// first at the start or after a blank line (`%` lines between them and it allowed).
fn outside_tags(pgn: &[u8]) -> Vec<u8> {
    let (mut out, mut may_begin, mut in_tags) = (Vec::new(), true, false);
    for line in pgn.split_inclusive(|&b| b == b'\n') {
        let trimmed = line.trim_ascii();
        if trimmed.starts_with(b"[") && (may_begin || in_tags) {
            in_tags = true;
            continue;
        }
        in_tags = false;
        if trimmed.is_empty() {
            may_begin = true;
        } else if !trimmed.starts_with(b"%") {
            may_begin = false;
        }
        out.extend_from_slice(line);
    }
    out
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn python_chess_replays_every_repaired_game_as_it_was_played() {
    let python = python();
    let dir = workdir("fix");
    let (corpus, truth) = corpus_with_truth(&python, &dir);
    let input = std::fs::read(&corpus).unwrap();
    assert!(truth.len() > 1260, "{} games", truth.len());

    // The corpus as written: python-chess loses games (the check can fail).
    let as_written = replay(&python, &input);
    assert_eq!(as_written.len(), truth.len());
    let lost = as_written
        .iter()
        .zip(&truth)
        .filter(|(a, b)| a != b)
        .count();
    assert!(
        lost > 50,
        "python-chess loses only {lost} games of the corpus"
    );
    let (code, _, reports) = fix(&["--check", corpus.to_str().unwrap()], b"");
    assert_eq!(code, Some(1), "--check fails the corpus");
    assert!(reports.ends_with("games would change\n"), "{reports}");

    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&input).unwrap();
    let gz_path = dir.join("corpus.pgn.gz");
    std::fs::write(&gz_path, gz.finish().unwrap()).unwrap();

    let options: [&[&str]; 3] = [
        &[],
        &["--castling", "shredder", "--variant-tag", "fischerandom"],
        &["--add-sp-tag", "SP"],
    ];
    for option in options {
        let args = [&["--fix"], option, &[corpus.to_str().unwrap()]].concat();
        let (code, fixed, reports) = fix(&args, b"");
        assert_eq!(code, Some(0), "{reports}");
        let replayed = replay(&python, &fixed);
        assert_eq!(replayed.len(), truth.len(), "{option:?}");
        for (n, (theirs, played)) in replayed.iter().zip(&truth).enumerate() {
            assert_eq!(theirs, played, "{option:?}: game {n}");
        }
        assert_eq!(outside_tags(&fixed), outside_tags(&input), "{option:?}");
        // Every report names its game, what changed, from and to; the count closes.
        let (lines, summary) = reports.trim_end().rsplit_once('\n').unwrap();
        for line in lines.lines() {
            let (game, what) = line.split_once(": ").unwrap();
            assert!(
                game.strip_prefix("game ").unwrap().parse::<u64>().is_ok(),
                "{line}"
            );
            assert!(what.contains(" → "), "{line}");
        }
        let games: std::collections::BTreeSet<&str> = lines
            .lines()
            .map(|l| l.split(':').next().unwrap())
            .collect();
        let count = format!("chess960: {} of {} games fixed", games.len(), truth.len());
        assert_eq!(summary, count, "{option:?}");

        // Fixed output is fixed: again, it changes nothing, and --check passes it.
        let (code, again, reports) = fix(&[&["--fix"], option].concat(), &fixed);
        assert_eq!(
            (code, reports),
            (
                Some(0),
                format!("chess960: 0 of {} games fixed\n", truth.len())
            )
        );
        assert!(again == fixed, "{option:?}: fixing fixed output changed it");
        let (code, _, _) = fix(&[&["--check"], option].concat(), &fixed);
        assert_eq!(code, Some(0), "{option:?}");
        // Compressed input, the same output.
        let args = [&["--fix"], option, &[gz_path.to_str().unwrap()]].concat();
        assert!(fix(&args, b"").1 == fixed, "{option:?}: gzip");
    }
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn the_sp_tag_holds_the_start_python_chess_reads() {
    let python = python();
    let dir = workdir("fix-sp");
    let (corpus, _) = corpus_with_truth(&python, &dir);
    let (code, fixed, _) = fix(
        &["--fix", "--add-sp-tag", "StartId", corpus.to_str().unwrap()],
        b"",
    );
    assert_eq!(code, Some(0));
    let fixed_path = dir.join("fixed.pgn");
    std::fs::write(&fixed_path, &fixed).unwrap();
    let out = Command::new(&python)
        .args([script(), "read"])
        .stdin(std::fs::File::open(&fixed_path).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    // python-chess's start of every game that has one, in order, as the tag writes it.
    let read: Vec<String> = text(&out.stdout)
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            match (cells[0], cells[1]) {
                ("", _) => None,
                (w, b) if w == b => Some(w.to_owned()),
                (w, b) => Some(format!("{w}-{b}")),
            }
        })
        .collect();
    let tags: Vec<String> = text(&fixed)
        .lines()
        .filter_map(|l| l.strip_prefix("[StartId \"")?.strip_suffix("\"]"))
        .map(str::to_owned)
        .collect();
    assert!(read.len() > 1250);
    assert_eq!(tags, read);
}

#[test]
#[ignore = "needs python-chess and pgn-extract: `cargo test -- --ignored`, as .ci/run does"]
fn pgn_extract_reads_repaired_games_without_a_complaint() {
    let python = python();
    let installed = Some(PathBuf::from("/usr/games/pgn-extract"));
    let pgn_extract = common::tool("pgn-extract", installed, "apt-get install pgn-extract");
    let dir = workdir("fix-pgn-extract");
    let (corpus, truth) = corpus_with_truth(&python, &dir);
    // pgn-extract -r reads every game and says nothing but its count, or its complaints.
    let complaints = |pgn: &Path| {
        let out = Command::new(&pgn_extract)
            .arg("-r")
            .arg("-s")
            .arg(pgn)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
        said.lines()
            .filter(|l| !l.starts_with("Games: "))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let as_written = complaints(&corpus);
    assert!(
        as_written
            .iter()
            .any(|l| l.contains("castling is forbidden"))
            && as_written.iter().any(|l| l.contains("Illegal FEN")),
        "pgn-extract finds no fault in the corpus: {as_written:?}"
    );
    for option in [
        &[][..],
        &["--castling", "shredder", "--variant-tag", "fischerandom"],
    ] {
        let (code, fixed, _) = fix(
            &[&["--fix"], option, &[corpus.to_str().unwrap()]].concat(),
            b"",
        );
        assert_eq!(code, Some(0));
        let path = dir.join("fixed.pgn");
        std::fs::write(&path, &fixed).unwrap();
        assert_eq!(complaints(&path), Vec::<String>::new(), "{option:?}");
        // pgn-extract writes back every game it read.
        let out_path = dir.join("extracted.pgn");
        let _ = std::fs::remove_file(&out_path);
        let out = Command::new(&pgn_extract)
            .arg("-s")
            .arg("-o")
            .args([&out_path, &path])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let extracted = std::fs::read_to_string(&out_path).unwrap();
        let games = extracted
            .lines()
            .filter(|l| l.starts_with("[Event "))
            .count();
        assert_eq!(games, truth.len(), "{option:?}");
    }
}
