//! The real `chess960` binary, end to end: what each subcommand prints.

use crate::common;

use common::{chess960, text};

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
        (961, "sp,rank", "105,QNRBBNKR")
    );

    let out = chess960(&["list", "--format", "json"], b"");
    let entries = common::json_lines(&out.stdout);
    assert_eq!(entries.len(), 960);
    assert_eq!(
        entries[451],
        serde_json::json!({"sp": 451, "rank": "BRNNKQRB"})
    );
}

/// CSV's column and JSON's key are named after the numbering the numbers are in.
#[test]
fn list_names_the_number_after_its_numbering() {
    for (numbering, column, first, standard) in [
        ("scharnagl", "sp", "0,BBQNNRKR", "518,RNBQKBNR"),
        ("one-based", "one_based", "1,BQNBNRKR", "518,RNBQKBNR"),
        ("fritz", "fritz", "1,BBNNQRKR", "359,RNBQKBNR"),
    ] {
        let out = chess960(&["list", "--format", "csv", "--numbering", numbering], b"");
        let lines: Vec<&str> = text(&out.stdout).lines().collect();
        assert_eq!(lines.len(), 961, "{numbering}");
        assert_eq!(lines[0], format!("{column},rank"));
        assert_eq!(lines[1], first, "{numbering}");
        assert!(lines.contains(&standard), "{numbering}");

        let out = chess960(&["list", "--format", "json", "--numbering", numbering], b"");
        let entries = common::json_lines(&out.stdout);
        assert_eq!(entries.len(), 960, "{numbering}");
        let (number, rank) = standard.split_once(',').unwrap();
        let expected = serde_json::json!({column: number.parse::<u16>().unwrap(), "rank": rank});
        assert!(entries.contains(&expected), "{numbering}: {expected}");
        assert!(
            entries
                .iter()
                .all(|e| e.get(column).is_some() && e.as_object().unwrap().len() == 2)
        );
    }
}

#[test]
fn fen_writes_x_fen_shredder_and_double_fischer_random() {
    let out = chess960(&["fen", "105"], b"");
    assert_eq!(
        text(&out.stdout),
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\n"
    );
    let out = chess960(
        &["fen", "105", "--castling", "shredder", "--black", "451"],
        b"",
    );
    assert_eq!(
        text(&out.stdout),
        "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1\n"
    );
    let out = chess960(&["fen", "--castling", "shredder"], b"518\n0\n");
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
    let run =
        |seed: &str| chess960(&["random", "--seed-number", seed, "--count", "50"], b"").stdout;
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
         Stockfish 15.1 at nodes=3000000: +0.35, wdl 50 948 2, best d2d4; 526 of the 960 \
         starts score lower for White\n"
    );
}
