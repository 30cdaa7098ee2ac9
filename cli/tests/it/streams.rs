//! The real `chess960` binary, end to end: stdin batches answered line for line in order,
//! in bounded memory, and closed, full or unreadable streams.

use crate::common;

use std::process::Command;

use chess960::StartingPosition;

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use common::{chess960, chess960_interleaved, close_stdout_after, run_piped, text};

#[test]
fn stdin_batches_answer_every_line_and_number_the_bad_ones() {
    let input = b"518\n\n  QNRBBNKR  \r\nxyz\n\xff\xfe\n960\nRNBQKNBR\n451";
    for args in [&["id"][..], &["id", "-"][..]] {
        let out = chess960(args, input);
        assert_eq!(text(&out.stdout), "518\n105\n451\n");
        assert_eq!(
            text(&out.stderr),
            "error: line 2: empty: expected a number, a back rank such as RNBQKBNR, or a FEN\n\
             error: line 4: xyz: not a number, a back rank or a FEN\n\
             error: line 5: \\xff\\xfe: not a number, a back rank or a FEN\n\
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
fn a_closed_stdout_ends_quietly() {
    let batch = "518\n".repeat(1 << 20).into_bytes();
    for (args, stdin, first) in [
        (&["list"][..], Vec::new(), &b"0 BBQNNRKR\n"[..]),
        (&["book", "--dfrc"][..], Vec::new(), &b"bbqnnrkr/"[..]),
        (&["rank", "-"][..], batch, &b"RNBQKBNR\n"[..]),
    ] {
        let out = close_stdout_after(args, stdin, first);
        assert_eq!(text(&out.stderr), "", "{args:?}");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
}

/// One input line of a generated batch, and the id it names if it is good.
fn batch_line(random: u64) -> (Vec<u8>, Option<u16>) {
    let sp = StartingPosition::from_id((random % 960) as u16).unwrap();
    let text = |s: String| (s.into_bytes(), Some(sp.id()));
    let bad = |s: &[u8]| (s.to_vec(), None);
    match (random >> 56) % 12 {
        0 => text(sp.id().to_string()),
        1 => text(format!("  {}\r", sp.id())),
        2 => text(sp.to_string().to_lowercase()),
        3 => text(sp.pieces().iter().map(|p| p.black_symbol()).collect()),
        4 => text(Fen::new(sp, CastlingNotation::Shredder).to_string()),
        5 => bad(b""),
        6 => bad(b" \t\r"),
        7 => bad(b"\xff\xfeRNBQKBNR"),
        8 => bad(&[b'7'; 5000]),
        9 => bad(b"99999999999999999999999"),
        10 => bad(b"-1"),
        _ => bad(b"RNBQKBNQ"),
    }
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
    let (out, written) = run_piped(
        Command::new("sh")
            .args(["-c", "ulimit -v 65536 && exec \"$0\" id"])
            .arg(env!("CARGO_BIN_EXE_chess960")),
        input,
    );
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
    for command in ["list", "book"] {
        let out = Command::new(env!("CARGO_BIN_EXE_chess960"))
            .arg(command)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(
            text(&out.stderr),
            "error: writing output: No space left on device (os error 28)\n"
        );
        assert_eq!(out.status.code(), Some(1));
    }
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

/// Standard output into a pipe makes the pipe hold 1 MiB instead of Linux's 64 KiB, so that
/// a quick reader and writer do not wake each other every 64 KiB (cli/src/pipe.rs).
#[cfg(target_os = "linux")]
#[test]
fn standard_output_into_a_pipe_holds_a_megabyte() {
    use std::io::Read;
    use std::process::Stdio;
    let max: usize = std::fs::read_to_string("/proc/sys/fs/pipe-max-size")
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        max >= 1 << 20,
        "this system's pipes may hold {max} bytes at most"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .arg("book")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut book = String::new();
    stdout.read_to_string(&mut book).unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(book.lines().count(), 960);
    assert_eq!(rustix::pipe::fcntl_getpipe_size(&stdout).unwrap(), 1 << 20);
}
