//! The real `chess960` binary, end to end: outputs, error lines and exit codes.

#![cfg(test)]

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

use chess960::StartingPosition;

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
fn stdin_batches_answer_every_line_and_number_the_bad_ones() {
    let input = b"518\n\n  QNRBBNKR  \r\nxyz\n\xff\xfe\n960\nRNBQKNBR\n451";
    for args in [&["id"][..], &["id", "-"][..]] {
        let out = chess960(args, input);
        assert_eq!(text(&out.stdout), "518\n105\n451\n");
        assert_eq!(
            text(&out.stderr),
            "error: line 2: empty: expected a number, a back rank such as RNBQKBNR, or a FEN\n\
             error: line 4: xyz: expected 8 pieces, found 3 characters\n\
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
fn usage_errors_exit_2_and_say_what_is_wrong() {
    let cases: [(&[&str], &str); 8] = [
        (&[], "Usage: chess960"),
        (&["--bogus"], "unexpected argument '--bogus'"),
        (
            &["list", "--format", "xml"],
            "invalid value 'xml' for '--format <FORMAT>'",
        ),
        (
            &["--numbering", "fide", "518"],
            "invalid value 'fide' for '--numbering",
        ),
        (
            &["random", "--seed", "abc"],
            "invalid value 'abc' for '--seed <SEED>'",
        ),
        (&["random", "--count", "-1"], "unexpected argument '-1'"),
        (
            &["fen", "518", "--black"],
            "a value is required for '--black <POS>'",
        ),
        (&["list", "518"], "unexpected argument '518'"),
    ];
    for (args, message) in cases {
        let out = chess960(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), "", "{args:?}");
    }
}

#[test]
fn help_and_version_exit_0() {
    for arg in ["--help", "-h", "--version", "-V"] {
        let out = chess960(&[arg], b"");
        assert_eq!(out.status.code(), Some(0), "{arg}");
        assert!(text(&out.stdout).contains("chess960"), "{arg}");
    }
}

/// Every kind of bad POS, with the message it gets, as an argument and as a stdin line.
#[test]
fn every_kind_of_bad_pos_is_named_and_exits_1() {
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let fen = |rest: &str| format!("{standard}{rest}");
    let cases = [
        ("960".into(), "id 960 is not in 0..=959"),
        ("-1".into(), "id is not in 0..=959"),
        ("99999999999999999999999".into(), "id is not in 0..=959"),
        ("RNBQKBN".into(), "expected 8 pieces, found 7 characters"),
        (
            "RNBQKBNX".into(),
            "unknown symbol 'X' at h1: expected K, Q, R, B, N (either case) or a chess piece symbol",
        ),
        ("RNBQKBNQ".into(), "2 queens, expected 1"),
        (
            "RNBQKNBR".into(),
            "bishops on same-coloured squares (c1, g1)",
        ),
        (
            "KRBQRBNN".into(),
            "king on a1 is not between the rooks (b1, e1)",
        ),
        (
            "8/8".into(),
            "FEN piece placement: expected 8 ranks separated by '/', found 2",
        ),
        (
            "Rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
            "FEN rank 8: expected a black piece (k q r b n) on a8, found 'R'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK".into(),
            "FEN rank 1: 2 kings, expected 1",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
            "FEN rank 7: expected eight black pawns, pppppppp",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBNR".into(),
            "FEN rank 4: expected an empty rank, 8",
        ),
        (
            "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
            "FEN rank 8: Black's back rank (QNRBBNKR, SP 105) is not White's (RNBQKBNR, SP 518): \
             a Double Fischer Random position",
        ),
        (
            fen(" w"),
            "FEN castling: missing (expected KQkq or rook files)",
        ),
        (fen(" b KQkq - 0 1"), "FEN side to move: expected w"),
        (
            fen(" w KQ - 0 1"),
            "FEN castling: expected KQkq or HAha (in any order)",
        ),
        (fen(" w KQkq e3 0 1"), "FEN en passant: expected -"),
        (
            fen(" w KQkq - 3 9"),
            "FEN halfmove clock and fullmove number: expected 0 1",
        ),
        (
            fen(" w KQkq - 0 1 x"),
            "FEN expected at most 6 fields, found 7",
        ),
    ];
    for (pos, message) in &cases {
        let out = chess960(&["id", pos.as_str()], b"");
        assert_eq!(text(&out.stderr), format!("error: {pos}: {message}\n"));
        assert_eq!((text(&out.stdout), out.status.code()), ("", Some(1)));

        let out = chess960(&["id"], format!("518\n{pos}\n").as_bytes());
        assert_eq!(
            text(&out.stderr),
            format!("error: line 2: {pos}: {message}\n")
        );
        assert_eq!((text(&out.stdout), out.status.code()), ("518\n", Some(1)));
    }
}

/// Runs `chess960 ARGS` on `stdin`, reads the first `first.len()` bytes of its output, checks
/// them and closes the pipe, as `| head -1` does.
fn close_stdout_after(args: &[&str], stdin: Vec<u8>, first: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    // The writer fails with a broken pipe once the tool has gone; that is expected.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let mut read = vec![0u8; first.len()];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut read)
        .unwrap();
    assert_eq!(read, first);
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let batch = "518\n".repeat(1 << 20).into_bytes();
    for (args, stdin, first) in [
        (&["list"][..], Vec::new(), &b"0 BBQNNRKR\n"[..]),
        (&["rank", "-"][..], batch, &b"RNBQKBNR\n"[..]),
    ] {
        let out = close_stdout_after(args, stdin, first);
        assert_eq!(text(&out.stderr), "", "{args:?}");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
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

/// One input line of a generated batch, and the id it names if it is good.
fn batch_line(random: u64) -> (Vec<u8>, Option<u16>) {
    let sp = StartingPosition::from_random_u64(random);
    let text = |s: String| (s.into_bytes(), Some(sp.id()));
    let bad = |s: &[u8]| (s.to_vec(), None);
    match (random >> 56) % 12 {
        0 => text(sp.id().to_string()),
        1 => text(format!("  {}\r", sp.id())),
        2 => text(sp.to_string().to_lowercase()),
        3 => text(sp.pieces().iter().map(|p| p.black_symbol()).collect()),
        4 => text(sp.shredder_fen().to_string()),
        5 => bad(b""),
        6 => bad(b" \t\r"),
        7 => bad(b"\xff\xfeRNBQKBNR"),
        8 => bad(&[b'7'; 5000]),
        9 => bad(b"99999999999999999999999"),
        10 => bad(b"-1"),
        _ => bad(b"RNBQKBNQ"),
    }
}

/// `chess960 ARGS` with `stdin`, its stdout and stderr in one file in the order written.
fn chess960_interleaved(args: &[&str], stdin: &[u8], name: &str) -> (String, Option<i32>) {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let file = std::fs::File::create(&path).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let status = child.wait().unwrap();
    (std::fs::read_to_string(&path).unwrap(), status.code())
}

#[test]
fn a_batch_of_n_lines_gets_n_answers_in_order() {
    let mut state = 0x5EED_u64;
    let lines: Vec<(Vec<u8>, Option<u16>)> = (0..3000)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            batch_line(state.wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(17))
        })
        .collect();
    let input: Vec<u8> = lines
        .iter()
        .flat_map(|(l, _)| [&l[..], b"\n"].concat())
        .collect();

    let (output, code) = chess960_interleaved(&["id", "-"], &input, "batch.txt");
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), lines.len());
    for (number, ((_, want), answer)) in (1..).zip(lines.iter().zip(answers)) {
        match want {
            Some(id) => assert_eq!(answer, id.to_string(), "line {number}"),
            None => assert!(
                answer.starts_with(&format!("error: line {number}: ")),
                "line {number}: {answer}"
            ),
        }
    }
    assert_eq!(code, Some(1));
    assert!(lines.iter().any(|(_, want)| want.is_none()));
    assert!(lines.iter().any(|(_, want)| want.is_some()));
}

/// A 100 MB line under a 64 MiB address-space limit: buffering it whole would abort.
#[cfg(target_os = "linux")]
#[test]
fn a_100_mb_line_is_rejected_in_bounded_memory() {
    let mut input = vec![b'R'; 100_000_000];
    input.extend_from_slice(b"\n518\r\n");
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -v 65536 && exec \"$0\" id"])
        .arg(env!("CARGO_BIN_EXE_chess960"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    assert_eq!(
        text(&out.stderr),
        "error: line 1: line is 100000000 bytes long, more than any POS\n"
    );
    assert_eq!((text(&out.stdout), out.status.code()), ("518\n", Some(1)));
    written.unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_is_reported_and_exits_1() {
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .arg("list")
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stderr),
        "error: writing output: No space left on device (os error 28)\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_stdin_is_reported_and_the_arguments_still_answered() {
    let directory = std::fs::File::open("/").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(["id", "-", "105"])
        .stdin(directory)
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stderr),
        "error: reading stdin (after 0 lines): Is a directory (os error 21)\n"
    );
    assert_eq!((text(&out.stdout), out.status.code()), ("105\n", Some(1)));
}
