//! The books, read by the tools they are written for (`.ci/run` installs them; see
//! `common::tool` for when a missing one fails or skips):
//! - python-chess (`CHESS960_PYTHON`, with chess==1.11.2) reads every EPD, FEN and PGN entry of
//!   the 960 book and every 89th line (10,356) of the DFRC book, in both castling notations,
//!   and gets the positions it builds itself, with all four castling rights
//!   (`scripts/python-chess-book.py`);
//! - Stockfish, with UCI_Chess960, reads every line of the 960 book and every 13th line
//!   (70,893) of the DFRC book, in both notations, and prints our Shredder-FEN for each;
//! - pgn-extract reads the PGN books: 960 games, no error, and writes them back unchanged.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use common::{chess960, run_piped, text};

fn book(args: &[&str]) -> Vec<u8> {
    let out = chess960(&[&["book"], args].concat(), b"");
    assert_eq!((text(&out.stderr), out.status.code()), ("", Some(0)));
    out.stdout
}

/// Runs `program ARGS` on `stdin`, which it must read whole.
fn run(program: &PathBuf, args: &[&str], stdin: Vec<u8>) -> std::process::Output {
    let (out, written) = run_piped(Command::new(program).args(args), stdin);
    written.unwrap();
    out
}

fn every(stride: usize, book: &[u8]) -> Vec<&str> {
    text(book).lines().step_by(stride).collect()
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn python_chess_reads_every_book_line_back_as_the_same_position() {
    let python = std::env::var_os("CHESS960_PYTHON").map(PathBuf::from);
    let install = "set CHESS960_PYTHON to a Python with `pip install chess==1.11.2`";
    let python = common::tool("python-chess", python, install);
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/python-chess-book.py"
    );
    let runs: [(&[&str], &[&str], &str); 10] = [
        (
            &["--format", "epd"],
            &["chess960", "epd"],
            "960 chess960 epd",
        ),
        (
            &["--format", "epd", "--castling", "shredder"],
            &["chess960", "epd"],
            "960 chess960 epd",
        ),
        (&[], &["chess960", "fen"], "960 chess960 fen"),
        (
            &["--castling", "shredder"],
            &["chess960", "fen"],
            "960 chess960 fen",
        ),
        (
            &["--format", "pgn"],
            &["chess960", "pgn"],
            "960 chess960 pgn",
        ),
        (
            &["--format", "pgn", "--castling", "shredder"],
            &["chess960", "pgn"],
            "960 chess960 pgn",
        ),
        (
            &["--dfrc", "--format", "epd"],
            &["dfrc", "epd", "89"],
            "10356 dfrc epd",
        ),
        (
            &["--dfrc", "--format", "epd", "--castling", "shredder"],
            &["dfrc", "epd", "89"],
            "10356 dfrc epd",
        ),
        (&["--dfrc"], &["dfrc", "fen", "89"], "10356 dfrc fen"),
        (
            &["--dfrc", "--castling", "shredder"],
            &["dfrc", "fen", "89"],
            "10356 dfrc fen",
        ),
    ];
    for (args, check, count) in runs {
        let out = run(&python, &[&[script], check].concat(), book(args));
        assert_eq!(text(&out.stderr), "", "{args:?}");
        assert!(
            text(&out.stdout).ends_with(&format!(" checked {count}\n")),
            "{args:?}: {}",
            text(&out.stdout)
        );
        assert_eq!(out.status.code(), Some(0));
    }
}

/// Every `Fen:` line Stockfish prints after `position fen LINE` and `d`, one per line.
fn stockfish_reads(stockfish: &PathBuf, lines: &[&str]) -> Vec<String> {
    let mut uci = String::from("uci\nsetoption name UCI_Chess960 value true\n");
    for line in lines {
        uci.push_str(&format!("position fen {line}\nd\n"));
    }
    uci.push_str("quit\n");
    let out = run(stockfish, &[], uci.into_bytes());
    assert_eq!(out.status.code(), Some(0));
    text(&out.stdout)
        .lines()
        .filter_map(|line| line.strip_prefix("Fen: "))
        .map(str::to_owned)
        .collect()
}

#[test]
#[ignore = "needs Stockfish: `cargo test -- --ignored`, as .ci/run does"]
fn stockfish_reads_every_line_and_writes_our_shredder_fen() {
    let installed = Some(PathBuf::from("/usr/games/stockfish"));
    let stockfish = common::tool("stockfish", installed, "apt-get install stockfish");
    for (dfrc, stride) in [(&[][..], 1), (&["--dfrc"][..], 13)] {
        let shredder_book = book(&[dfrc, &["--castling", "shredder"]].concat());
        let shredder = every(stride, &shredder_book);
        let xfen_book = book(dfrc);
        let xfen = every(stride, &xfen_book);
        assert_eq!(shredder.len(), if dfrc.is_empty() { 960 } else { 70_893 });
        for lines in [&xfen, &shredder] {
            let read = stockfish_reads(&stockfish, lines);
            assert_eq!(read.len(), shredder.len(), "{dfrc:?}");
            for (n, (theirs, ours)) in read.iter().zip(&shredder).enumerate() {
                assert_eq!(theirs, ours, "{dfrc:?} line {}: {}", n * stride, lines[n]);
            }
        }
    }
}

#[test]
#[ignore = "needs pgn-extract: `cargo test -- --ignored`, as .ci/run does"]
fn pgn_extract_reads_960_games_without_error_and_writes_them_back_unchanged() {
    let installed = Some(PathBuf::from("/usr/games/pgn-extract"));
    let pgn_extract = common::tool("pgn-extract", installed, "apt-get install pgn-extract");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pgn-extract");
    std::fs::create_dir_all(&dir).unwrap();
    for notation in [&[][..], &["--castling", "shredder"]] {
        let pgn = book(&[&["--format", "pgn"], notation].concat());
        let (input, output) = (dir.join("book.pgn"), dir.join("out.pgn"));
        std::fs::write(&input, &pgn).unwrap();
        let _ = std::fs::remove_file(&output);
        let out = Command::new(&pgn_extract)
            .arg("-o")
            .args([&output, &input])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        // pgn-extract names each game it reads, and reports errors in between.
        let report = text(&out.stderr);
        let mut expected = format!("Processing {}\n", input.display());
        for id in 0..960 {
            expected.push_str(&format!("? - ? chess960 {id} ? ????.??.?? \n"));
        }
        expected.push_str("960 games matched out of 960.\n");
        assert_eq!(report, expected, "{notation:?}");
        assert_eq!(std::fs::read(&output).unwrap(), pgn, "{notation:?}");
    }
}
