//! `chess960 book`: the two books engine testers use, byte for byte; every line against
//! `chess960 fen` or the library; EPD and PGN; left-out positions in every POS form.

use crate::common;

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::numbering::DfrcNumbering;
use chess960::{DoubleStartingPosition, StartingPosition};
use common::{chess960, text};

fn run_book(args: &[&str]) -> String {
    let out = chess960(&[&["book"], args].concat(), b"");
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_chess960_book_is_what_chess960_fen_prints_for_0_to_959() {
    let book = run_book(&[]);
    assert!(book.starts_with(
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n\
         bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w KQkq - 0 1\n"
    ));
    let ids: String = (0..960).map(|id| format!("{id}\n")).collect();
    for (args, flag) in [
        (&[][..], &["fen"][..]),
        (
            &["--castling", "shredder"],
            &["fen", "--castling", "shredder"],
        ),
    ] {
        let fen = chess960(flag, ids.as_bytes());
        assert_eq!(run_book(args), text(&fen.stdout), "{args:?}");
    }
    assert_eq!(book.lines().count(), 960);
    assert!(book.ends_with(" 0 1\n") && !book.contains('\r'));
}

#[test]
fn the_dfrc_book_has_white_n_div_960_and_black_n_mod_960_on_line_n() {
    let book = run_book(&["--dfrc", "--castling", "shredder"]);
    assert!(book.starts_with(
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n\
         bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n\
         bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhe - 0 1\n"
    ));
    assert_eq!(book.len(), 921_600 * 57);
    let mut lines = 0;
    for (n, line) in book.lines().enumerate() {
        let (white, black) = ((n / 960) as u16, (n % 960) as u16);
        let pair = DoubleStartingPosition::new(
            StartingPosition::from_id(white).unwrap(),
            StartingPosition::from_id(black).unwrap(),
        );
        assert_eq!(
            line,
            Fen::new(pair, CastlingNotation::Shredder).as_str(),
            "line {n}"
        );
        lines += 1;
    }
    assert_eq!(lines, 921_600);
    // A sample against the CLI's own DFRC FEN, which does not share the book's loop.
    for n in (0..921_600).step_by(45_678) {
        let (white, black) = ((n / 960).to_string(), (n % 960).to_string());
        let fen = chess960(
            &["fen", "--castling", "shredder", &white, "--black", &black],
            b"",
        );
        assert_eq!(text(&fen.stdout).trim_end(), book.lines().nth(n).unwrap());
    }
    let xfen = run_book(&["--dfrc"]);
    assert_eq!(xfen.lines().count(), 921_600);
    assert!(xfen.lines().all(|line| line.ends_with(" w KQkq - 0 1")));
}

#[test]
fn epd_lines_are_the_four_fields_and_hmvc_fmvn_id() {
    let book = run_book(&["--format", "epd"]);
    let lines: Vec<&str> = book.lines().collect();
    assert_eq!(lines.len(), 960);
    assert_eq!(
        lines[518],
        r#"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; id "chess960 518";"#
    );
    let dfrc = run_book(&["--dfrc", "--castling", "shredder", "--format", "epd"]);
    let n = DfrcNumbering::Clover.number(DoubleStartingPosition::new(
        StartingPosition::from_id(105).unwrap(),
        StartingPosition::from_id(451).unwrap(),
    ));
    assert_eq!(
        dfrc.lines().nth(n as usize).unwrap(),
        r#"brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - hmvc 0; fmvn 1; id "dfrc 105 451";"#
    );
    assert_eq!(dfrc.lines().count(), 921_600);
}

#[test]
fn pgn_games_are_separated_by_a_blank_line() {
    let book = run_book(&["--format", "pgn"]);
    assert!(book.ends_with("\n\n*\n\n"));
    assert_eq!(book.matches("[Event ").count(), 960);
    assert_eq!(book.matches("\n\n*\n\n").count(), 960);
    assert!(book.starts_with("[Event \"chess960 0\"]\n[Site \"?\"]\n"));
    assert!(book.contains(
        "[Event \"chess960 518\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n*\n\n"
    ));
    assert!(
        !book.contains("\n\n\n"),
        "no game is followed by two blank lines"
    );
}

#[test]
fn left_out_positions_are_read_in_any_pos_form_and_per_numbering() {
    let all = run_book(&[]);
    let without = |ids: &[usize]| -> String {
        all.lines()
            .enumerate()
            .filter(|(id, _)| !ids.contains(id))
            .map(|(_, line)| format!("{line}\n"))
            .collect()
    };
    let fen518 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for exclude in [
        &["518"][..],
        &["RNBQKBNR"],
        &["♜♞♝♛♚♝♞♜"],
        &[fen518],
        &["518", "rnbqkbnr"],
    ] {
        let args: Vec<&str> = exclude.iter().flat_map(|pos| ["--exclude", pos]).collect();
        assert_eq!(run_book(&args), without(&[518]), "{exclude:?}");
    }
    // Fritz 9's 359 and the one-based 960 are Scharnagl's 518 and 0.
    assert_eq!(
        run_book(&["--numbering", "fritz", "--exclude", "359"]),
        without(&[518])
    );
    assert_eq!(
        run_book(&[
            "--exclude",
            "960",
            "--numbering",
            "one-based",
            "--exclude",
            "1"
        ]),
        without(&[0, 1])
    );
    let dfrc = run_book(&["--dfrc", "--exclude", "0", "--exclude", "959"]);
    assert_eq!(dfrc.lines().count(), 958 * 958);
    assert!(dfrc.starts_with("bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w KQkq - 0 1\n"));
    assert!(!dfrc.contains("BBQNNRKR") && !dfrc.contains("rkrnnqbb"));
}

#[test]
fn a_bad_exclude_is_reported_and_no_book_written() {
    let out = chess960(&["book", "--exclude", "960", "--exclude", "RNBQKNBR"], b"");
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "error: --exclude 960: id 960 is not in 0..=959\n\
         error: --exclude RNBQKNBR: bishops on same-coloured squares (c1, g1)\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = chess960(&["book", "--format", "san"], b"");
    assert_eq!(out.status.code(), Some(2));
}
