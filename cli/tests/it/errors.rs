//! The real `chess960` binary, end to end: every bad POS and usage error is named, with its
//! exit code, and the rest of the input is still answered.

use crate::common;

use common::{chess960, text};

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
fn usage_errors_exit_2_and_say_what_is_wrong() {
    let cases: [(&[&str], &str); 12] = [
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
            &["random", "--seed-number", "abc"],
            "invalid value 'abc' for '--seed-number <N>'",
        ),
        (&["random", "--count", "-1"], "unexpected argument '-1'"),
        (
            &["fen", "518", "--black"],
            "a value is required for '--black <POS>'",
        ),
        (&["list", "518"], "unexpected argument '518'"),
        (
            &["games", "--format", "html"],
            "--format html is the map of --stats; add --stats",
        ),
        (
            &["list", "--format", "c", "--exclude", "5"],
            "it takes no --exclude",
        ),
        (
            &[
                "fen",
                "518",
                "--castling",
                "shredder",
                "--castling",
                "x-fen",
            ],
            "'--castling <NOTATION>' cannot be used multiple times",
        ),
        (
            &["check", "--min-elo", "2000"],
            "unexpected argument '--min-elo'",
        ),
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

/// Options that name one start refuse a pair; impossible lists say why and write nothing.
#[test]
fn pairs_and_exclusions_where_they_do_not_fit() {
    let cases: [(&[&str], &[u8], &str); 5] = [
        (
            &["fen", "105 451", "--black", "0"],
            b"",
            "error: 105 451: a pair already gives Black's back rank: leave out --black\n",
        ),
        (
            &["fen", "0", "--black", "105 451"],
            b"",
            "error: --black 105 451: a pair (White's start and Black's), where one start position is expected\n",
        ),
        (
            &["book", "--exclude", "105 451"],
            b"",
            "error: --exclude 105 451: a pair (White's start and Black's), where one start position is expected\n",
        ),
        (
            &["draw", "--seed-text", "x", "--exclude", "-"],
            b"sp,rank\n0,BBQNNRKR\n\xff\n",
            "error: --exclude -: line 3: \\xff: not a number, a back rank or a FEN\n",
        ),
        (
            &["id", "sp,rank", "[Event \"x\"]"],
            b"",
            "error: sp,rank: a CSV header, not a position\nerror: [Event \"x\"]: a PGN tag, not a position\n",
        ),
    ];
    for (args, stdin, message) in cases {
        let out = chess960(args, stdin);
        assert_eq!(text(&out.stderr), message, "{args:?}");
        assert_eq!(
            (text(&out.stdout), out.status.code()),
            ("", Some(1)),
            "{args:?}"
        );
    }
    let out = chess960(
        &["random", "--exclude-standard", "--exclude", "-"],
        text(&chess960(&["list"], b"").stdout).as_bytes(),
    );
    assert_eq!(
        text(&out.stderr),
        "error: no candidates: every position is excluded\n"
    );
}

/// The spellings kept before 0.1.0 are gone: each is a usage error that names it.
#[test]
fn old_spellings_are_usage_errors() {
    for (args, message) in [
        (&["draw", "--seed", "x"][..], "unexpected argument '--seed'"),
        (&["random", "--seed", "7"], "unexpected argument '--seed'"),
        (
            &["fen", "518", "--shredder"],
            "unexpected argument '--shredder'",
        ),
        (
            &["id", "--numbering", "fritz9", "518"],
            "invalid value 'fritz9' for '--numbering",
        ),
    ] {
        let out = chess960(args, b"");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(
            (out.stdout.len(), out.status.code()),
            (0, Some(2)),
            "{args:?}"
        );
    }
}

/// `index add` of a file of no game, or of games none counted, exits 1 naming it and records
/// nothing; `--allow-empty` records the second kind.
#[test]
fn an_add_of_no_game_or_none_counted_exits_1() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("empty-adds");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let index = dir.join("index");
    let index = index.to_str().unwrap();
    let page = dir.join("dump.pgn.zst");
    std::fs::write(&page, "<html><body>404 Not Found</body></html>\n").unwrap();
    let out = chess960(
        &["index", "add", "--index", index, page.to_str().unwrap()],
        b"",
    );
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("dump.pgn.zst: no game in it"), "{said}");
    let out = chess960(&["index", "add", "--index", index, "-"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(!std::path::Path::new(index).exists());
    let game = "[Variant \"Chess960\"]\n[Site \"https://lichess.org/abcdefgh\"]\n\n1. e4 e5 1-0\n";
    let out = chess960(&["index", "add", "--index", index, "-"], game.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let crlf = game.replace('\n', "\r\n");
    let out = chess960(&["index", "add", "--index", index, "-"], crlf.as_bytes());
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("-: 1 game read, none counted (1 already in the index)"),
        "{said}"
    );
    assert!(said.contains("--allow-empty"), "{said}");
    let args = ["index", "add", "--allow-empty", "--index", index, "-"];
    let out = chess960(&args, crlf.as_bytes());
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.contains("1 game already in the index"), "{said}");
    let listed = chess960(&["index", "files", "--index", index], b"");
    assert_eq!(text(&listed.stdout).lines().count(), 3);
}

#[test]
fn a_file_missing_or_cut_short_fails_the_add_saying_nothing_was_added() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unreadable-adds");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let index = dir.join("index");
    let index = index.to_str().unwrap();
    let missing = dir.join("missing.pgn");
    let out = chess960(
        &["index", "add", "--index", index, missing.to_str().unwrap()],
        b"",
    );
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("missing.pgn: ") && said.trim_end().ends_with("; nothing was added"),
        "{said}"
    );
    // A zstd file cut in its middle: its games up to there read, none added.
    let mut pgn = String::new();
    for n in 0..3000 {
        pgn.push_str(&format!(
            "[Variant \"Chess960\"]\n[Site \"https://lichess.org/g{n:07}\"]\n\n1. e4 e5 2. Nf3 {} 1-0\n\n",
            ["Nc6", "d6", "Nf6"][n % 3]
        ));
    }
    let whole = zstd::encode_all(pgn.as_bytes(), 3).unwrap();
    let cut = dir.join("cut.pgn.zst");
    std::fs::write(&cut, &whole[..whole.len() / 2]).unwrap();
    let out = chess960(
        &["index", "add", "--index", index, cut.to_str().unwrap()],
        b"",
    );
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("cut.pgn.zst: reading stopped after ")
            && said.trim_end().ends_with("; nothing was added"),
        "{said}"
    );
    assert!(!std::path::Path::new(index).exists());
}
