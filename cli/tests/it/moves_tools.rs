//! `games --moves` against python-chess (`CHESS960_PYTHON`) and pgn-extract:
//! - python-chess's corpus (every start, DFRC pairs, every header convention, standard games,
//!   setups, other variants), plain and as gzip, zstd and bzip2: each game's moves equal the
//!   mainline python-chess plays (`board.uci(move, chess960=True)`), and `move_error` is set
//!   exactly where `read_game` records an error;
//! - standard games, a third with a move python-chess cannot play: the games pgn-extract
//!   validates are those without `move_error`, with the same moves (`-Wuci`).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{self, chess960, text};
use crate::games_tools::{corpus, python, script, workdir};

/// Per game: python-chess's `ok|moves`, `error|moves` or `variant`.
fn python_moves(python: &Path, pgn: &Path) -> Vec<String> {
    let out = Command::new(python)
        .args([script(), "moves"])
        .stdin(std::fs::File::open(pgn).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_owned).collect()
}

/// Per game: our kind, moves and move_error, from `games --moves --format csv`.
fn our_moves(args: &[&str]) -> Vec<[String; 3]> {
    let out = chess960(
        &[&["games", "--moves", "--format", "csv"], args].concat(),
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|c| c == name).unwrap();
    let columns = ["kind", "moves", "move_error"].map(at);
    let records = reader
        .records()
        .map(|r| columns.map(|i| r.as_ref().unwrap()[i].to_owned()));
    records.collect()
}

/// Our games in python-chess's words: `variant` for a game not replayed as another variant's.
fn as_python_says(ours: &[[String; 3]]) -> Vec<String> {
    let line = |[kind, moves, error]: &[String; 3]| match (kind.as_str(), error.is_empty()) {
        ("variant", _) => "variant".to_owned(),
        (_, true) => format!("ok|{moves}"),
        (_, false) => format!("error|{moves}"),
    };
    ours.iter().map(line).collect()
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn every_games_moves_equal_python_chess_mainline_in_every_compression() {
    let python = python();
    let dir = workdir("moves");
    let paths = corpus(&python, &dir);
    let want = python_moves(&python, &paths[0]);
    let plies: usize = want.iter().map(|line| line.split(' ').count()).sum();
    assert!(
        want.len() > 1260 && plies > 20_000,
        "{} games, {plies} plies",
        want.len()
    );
    let errors = want.iter().filter(|line| line.starts_with("error")).count();
    assert!(
        errors >= 5,
        "{errors} games python-chess could not play to the end"
    );
    for path in &paths {
        let ours = our_moves(&[path.to_str().unwrap()]);
        let ours = as_python_says(&ours);
        assert_eq!(ours.len(), want.len(), "{}", path.display());
        for (i, (ours, want)) in ours.iter().zip(&want).enumerate() {
            assert_eq!(ours, want, "game {i} of {}", path.display());
        }
    }
    // Two files at once, and a cap on the plies: the same moves, cut.
    let both = [paths[0].to_str().unwrap(), paths[2].to_str().unwrap()];
    let ours = our_moves(&[&["--max-plies", "6"], &both[..]].concat());
    assert_eq!(ours.len(), 2 * want.len());
    for (ours, want) in ours.iter().zip(want.iter().chain(&want)) {
        if let Some(moves) = want.strip_prefix("ok|") {
            let six: Vec<&str> = moves.split(' ').filter(|m| !m.is_empty()).take(6).collect();
            assert_eq!(ours[1], six.join(" "));
        }
    }
}

#[test]
#[ignore = "needs pgn-extract and python-chess: `cargo test -- --ignored`, as .ci/run does"]
fn the_games_pgn_extract_validates_are_those_replayed_with_the_same_moves() {
    let python = python();
    let installed = Some(PathBuf::from("/usr/games/pgn-extract"));
    let pgn_extract = common::tool("pgn-extract", installed, "apt-get install pgn-extract");
    let dir = workdir("pgn-extract-moves");
    let pgn = dir.join("standard.pgn");
    let out = Command::new(&python)
        .args([script(), "standard", "7", "600"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(&pgn, &out.stdout).unwrap();
    let out = Command::new(pgn_extract)
        .args(["-Wuci", "-s"])
        .arg(&pgn)
        .output()
        .unwrap();
    // pgn-extract writes each game it could play: its tags, then its moves (over lines).
    let mut valid: Vec<(usize, String)> = Vec::new();
    for line in text(&out.stdout).lines() {
        if let Some(name) = line.strip_prefix("[Event \"standard ") {
            valid.push((name.trim_end_matches("\"]").parse().unwrap(), String::new()));
        } else if let Some((_, moves)) = valid.last_mut().filter(|_| !line.starts_with('[')) {
            let line = line.trim_end_matches('*').trim();
            if !line.is_empty() && !moves.is_empty() {
                moves.push(' ');
            }
            // pgn-extract writes a promotion's piece as the side's letter (g1B); UCI's is
            // lower case.
            moves.push_str(&line.to_ascii_lowercase());
        }
    }
    let args = ["--uci-castling", "king-two-squares", pgn.to_str().unwrap()];
    let ours: Vec<(usize, String)> = our_moves(&args)
        .into_iter()
        .enumerate()
        .filter(|(_, [_, _, error])| error.is_empty())
        .map(|(i, [_, moves, _])| (i, moves))
        .collect();
    assert!(
        ours.len() >= 350 && ours.len() <= 450,
        "{} of 600 valid",
        ours.len()
    );
    for (ours, valid) in ours.iter().zip(&valid) {
        assert_eq!(ours, valid);
    }
    assert_eq!(ours.len(), valid.len());
}
