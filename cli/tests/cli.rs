//! The real `chess960` binary, end to end: outputs, error lines and exit codes.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

fn chess960(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

#[test]
fn the_readme_examples() {
    let out = chess960(&["518"], b"");
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "518 RNBQKBNR ♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1 (standard chess)\n"
    );
    let out = chess960(&["id", "♖♘♗♕♔♗♘♖"], b"");
    assert_eq!((text(&out.stdout), out.status.code()), ("518\n", Some(0)));
}

#[test]
fn id_and_rank_accept_ids_and_every_text_form() {
    let out = chess960(
        &["id", "RNBQKBNR", "rnbqkbnr", "♜♞♝♛♚♝♞♜", "518", " 105 "],
        b"",
    );
    assert_eq!(text(&out.stdout), "518\n518\n518\n518\n105\n");
    let out = chess960(&["rank", "0", "105", "451", "959", "♕♘♖♗♗♘♔♖"], b"");
    assert_eq!(
        text(&out.stdout),
        "BBQNNRKR\nQNRBBNKR\nBRNNKQRB\nRKRNNQBB\nQNRBBNKR\n"
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn bad_arguments_are_reported_and_the_rest_processed() {
    let out = chess960(
        &[
            "rank",
            "518",
            "960",
            "-1",
            "",
            "RNBQKBNQ",
            "99999999999999999999999",
            "0",
        ],
        b"",
    );
    assert_eq!(text(&out.stdout), "RNBQKBNR\nBBQNNRKR\n");
    assert_eq!(
        text(&out.stderr),
        "error: 960: id 960 is not in 0..=959\n\
         error: -1: id is not in 0..=959\n\
         error: \"\": empty: expected a number, a back rank such as RNBQKBNR, or a FEN\n\
         error: RNBQKBNQ: 2 queens, expected 1\n\
         error: 99999999999999999999999: id is not in 0..=959\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn stdin_batches_skip_blank_lines_and_number_the_bad_ones() {
    let input = b"518\n\n  QNRBBNKR  \r\nxyz\n\xff\xfe\n960\nRNBQKNBR\n451";
    for args in [&["id"][..], &["id", "-"][..]] {
        let out = chess960(args, input);
        assert_eq!(text(&out.stdout), "518\n105\n451\n");
        assert_eq!(
            text(&out.stderr),
            "error: line 4: xyz: expected 8 pieces, found 3 characters\n\
             error: line 5: \u{fffd}\u{fffd}: not UTF-8\n\
             error: line 6: 960: id 960 is not in 0..=959\n\
             error: line 7: RNBQKNBR: bishops on same-coloured squares (c1, g1)\n"
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

#[test]
fn stdin_and_arguments_mix_in_order() {
    let out = chess960(&["rank", "0", "-", "959"], b"518\n");
    assert_eq!(text(&out.stdout), "BBQNNRKR\nRNBQKBNR\nRKRNNQBB\n");
}

#[test]
fn empty_stdin_is_no_output_and_success() {
    let out = chess960(&["rank"], b"");
    assert_eq!((text(&out.stdout), out.status.code()), ("", Some(0)));
}

#[test]
fn overlong_lines_are_rejected_without_losing_the_batch() {
    let mut input = vec![b'R'; 1 << 20];
    input.extend_from_slice(b"\n518\n");
    let out = chess960(&["id"], &input);
    assert_eq!(text(&out.stdout), "518\n");
    assert_eq!(
        text(&out.stderr),
        "error: line 1: line is 1048576 bytes long, more than any POS\n"
    );
}

#[test]
fn list_in_every_format() {
    let out = chess960(&["list"], b"");
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert_eq!(lines.len(), 960);
    assert_eq!(
        (lines[0], lines[518], lines[959]),
        ("0 BBQNNRKR", "518 RNBQKBNR", "959 RKRNNQBB")
    );

    let out = chess960(&["list", "--format", "csv"], b"");
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert_eq!(
        (lines.len(), lines[0], lines[106]),
        (961, "id,rank", "105,QNRBBNKR")
    );

    let out = chess960(&["list", "--format", "json"], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let entries = json.as_array().unwrap();
    assert_eq!(entries.len(), 960);
    assert_eq!(
        entries[451],
        serde_json::json!({"id": 451, "rank": "BRNNKQRB"})
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [&["list", "--format", "xml"][..], &["--bogus"][..], &[][..]] {
        let out = chess960(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .arg("list")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 11];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    assert_eq!(&first, b"0 BBQNNRKR\n");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn fen_writes_x_fen_shredder_and_double_fischer_random() {
    let out = chess960(&["fen", "105"], b"");
    assert_eq!(
        text(&out.stdout),
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\n"
    );
    let out = chess960(&["fen", "105", "--shredder", "--black", "451"], b"");
    assert_eq!(
        text(&out.stdout),
        "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1\n"
    );
    let out = chess960(&["fen", "--shredder"], b"518\n0\n");
    assert_eq!(
        text(&out.stdout),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n\
         bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n"
    );
    let out = chess960(&["fen", "518", "--black", "960"], b"");
    assert_eq!(
        text(&out.stderr),
        "error: --black 960: id 960 is not in 0..=959\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_fen_is_a_pos() {
    let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
    let out = chess960(&["id", fen], b"");
    assert_eq!(text(&out.stdout), "105\n");
    let out = chess960(
        &["id", "-"],
        format!("{fen}\nqnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HAha - 0 1\n").as_bytes(),
    );
    assert_eq!(text(&out.stdout), "105\n");
    assert_eq!(
        text(&out.stderr),
        "error: line 2: qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HAha - 0 1: \
         FEN castling: expected KQkq or HChc (in any order)\n"
    );
}

#[test]
fn numbering_applies_to_every_number_read_and_printed() {
    let out = chess960(&["id", "--numbering", "fritz", "RNBQKBNR"], b"");
    assert_eq!(text(&out.stdout), "359\n");
    let out = chess960(&["--numbering", "fritz", "rank", "359", "1"], b"");
    assert_eq!(text(&out.stdout), "RNBQKBNR\nBBNNQRKR\n");
    let out = chess960(&["rank", "--numbering", "one-based", "960", "518"], b"");
    assert_eq!(text(&out.stdout), "BBQNNRKR\nRNBQKBNR\n");
    let out = chess960(&["--numbering", "one-based", "0"], b"");
    assert_eq!(
        text(&out.stderr),
        "error: 0: one-based id 0 is not in 1..=960\n"
    );
    let out = chess960(&["--numbering", "fritz", "RNBQKBNR"], b"");
    assert_eq!(
        text(&out.stdout),
        "359 RNBQKBNR ♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1 (SP 518, standard chess)\n"
    );

    let out = chess960(&["list", "--numbering", "fritz"], b"");
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert_eq!(
        (lines.len(), lines[0], lines[358], lines[959]),
        (960, "1 BBNNQRKR", "359 RNBQKBNR", "960 RKRQNNBB")
    );
    let mut ranks: Vec<&str> = lines.iter().map(|l| l.split(' ').nth(1).unwrap()).collect();
    ranks.sort_unstable();
    ranks.dedup();
    assert_eq!(ranks.len(), 960);
}

#[test]
fn random_is_reproducible_with_a_seed() {
    let run = |seed: &str| chess960(&["random", "--seed", seed, "--count", "50"], b"").stdout;
    let first = run("7");
    assert_eq!(first, run("7"));
    assert_ne!(first, run("8"));
    let lines: Vec<&str> = text(&first).lines().collect();
    assert_eq!(lines.len(), 50);
    for line in &lines {
        let (id, rank) = line.split_once(' ').unwrap();
        let out = chess960(&["rank", id], b"");
        assert_eq!(text(&out.stdout).trim(), rank);
    }
    let out = chess960(&["random"], b"");
    assert_eq!(text(&out.stdout).lines().count(), 1);
}

#[test]
fn show_draws_light_and_dark_squares_in_plain_text() {
    let out = chess960(&["show", "105"], b"");
    assert_eq!(
        text(&out.stdout),
        "105 QNRBBNKR ♕♘♖♗♗♘♔♖ king g1, rooks c1 h1, bishops d1 e1\n   \
         a  b  c  d  e  f  g  h\n\
         8  ♛ ░♞░ ♜ ░♝░ ♝ ░♞░ ♚ ░♜░ 8\n\
         7 ░♟░ ♟ ░♟░ ♟ ░♟░ ♟ ░♟░ ♟  7\n\
         6    ░░░   ░░░   ░░░   ░░░ 6\n\
         5 ░░░   ░░░   ░░░   ░░░    5\n\
         4    ░░░   ░░░   ░░░   ░░░ 4\n\
         3 ░░░   ░░░   ░░░   ░░░    3\n\
         2  ♙ ░♙░ ♙ ░♙░ ♙ ░♙░ ♙ ░♙░ 2\n\
         1 ░♕░ ♘ ░♖░ ♗ ░♗░ ♘ ░♔░ ♖  1\n   \
         a  b  c  d  e  f  g  h\n\
         bishops d1 (light) and e1 (dark); king g1, rooks c1 and h1\n"
    );
}
