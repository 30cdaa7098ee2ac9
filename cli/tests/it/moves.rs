//! `games --moves` and `check --moves` on hand-written games: the columns, each castling
//! spelling, a move that cannot be played, `--max-plies`, `--uci-castling`, and the exit codes.

use crate::common::{chess960, json_lines, text};

/// SP 105 castling both ways, a standard game with an illegal move, an Atomic game.
const PGN: &[u8] = b"[Event \"a\"]\n[Variant \"Chess960\"]\n\
[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n\
1. Ng3 {castling, the king beside its rook} Ng6 2. O-O 0-0 (2... b6) 3. Nb1c3 1-0\n\n\
[Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. e1g1 Nf6 5. Ke2 *\n\n\
[Variant \"Atomic\"]\n\n1. e4 *\n";

fn csv_rows(out: &[u8]) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new().from_reader(out);
    let records = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect());
    records.collect()
}

#[test]
fn moves_are_listed_in_uci_with_plies_and_the_first_move_not_played() {
    let out = chess960(&["games", "--moves", "--format", "csv"], PGN);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = csv_rows(&out.stdout);
    let moves: Vec<[&str; 3]> = rows.iter().map(|r| [&*r[13], &*r[14], &*r[15]]).collect();
    assert_eq!(
        moves,
        [
            ["5", "f1g3 f8g6 g1h1 g8h8 b1c3", ""],
            [
                "8",
                "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1 g8f6",
                "ply 9 (5. Ke2): no legal move is Ke2"
            ],
            ["0", "", "not replayed: the variant \"Atomic\""],
        ]
    );
}

#[test]
fn castling_as_the_kings_two_squares_where_the_king_is_on_e1() {
    let args = [
        "games",
        "--moves",
        "--uci-castling",
        "king-two-squares",
        "--format",
        "json",
    ];
    let out = chess960(&args, PGN);
    let records = json_lines(&out.stdout);
    assert_eq!(records[0]["moves"], "f1g3 f8g6 g1h1 g8h8 b1c3");
    assert_eq!(
        records[1]["moves"],
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6"
    );
    assert_eq!(records[1]["plies"], 8);
    assert_eq!(records[0]["move_error"], serde_json::Value::Null);
}

#[test]
fn max_plies_stops_each_replay() {
    let out = chess960(&["games", "--max-plies", "2", "--moves"], PGN);
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert_eq!(lines[0], "game 0: SP 105 QNRBBNKR, 1-0, 2 plies");
    assert_eq!(
        lines[1],
        "game 1: no SP (standard chess: the standard start, and no Variant tag naming Chess960), *, 2 plies"
    );
}

#[test]
fn check_moves_names_each_game_whose_moves_cannot_be_played_and_exits_as_check_does() {
    let dir = std::env::temp_dir().join(format!("chess960-check-moves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    std::fs::write(&file, PGN).unwrap();
    let path = file.to_str().unwrap();
    let out = chess960(&["check", "--moves", path], b"");
    assert_eq!(out.status.code(), Some(1));
    let want = format!("{path}: game 1, ply 9 (5. Ke2): no legal move is Ke2\n");
    assert_eq!(text(&out.stdout), want);
    assert_eq!(
        text(&out.stderr),
        "chess960: the moves of 1 of 3 games cannot all be played\n"
    );
    let fine = chess960(&["check", "--moves", "--max-plies", "8", path], b"");
    assert_eq!((fine.status.code(), text(&fine.stdout)), (Some(0), ""));
    let missing = chess960(&["check", "--moves", path, "/no/such/file.pgn"], b"");
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_move_options_need_moves() {
    for args in [
        &["games", "--max-plies", "3"][..],
        &["games", "--uci-castling", "king-two-squares"],
        &["check", "--max-plies", "3"],
        &["games", "--moves", "--stats"],
    ] {
        let out = chess960(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let wrong = chess960(&["games", "--moves", "--uci-castling", "e1g1"], b"");
    assert!(
        text(&wrong.stderr).contains("king-takes-rook"),
        "{}",
        text(&wrong.stderr)
    );
}

/// A plain file of 64 MiB or more is replayed by two threads, its second half written after
/// the first from a temporary file: the same lines as one thread reading it from stdin.
#[test]
fn one_large_file_is_replayed_in_two_halves_with_the_same_output() {
    let dir = std::env::temp_dir().join(format!("chess960-moves-halves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.pgn");
    // Games of a few kilobytes (a long comment each), so that 64 MiB holds few of them.
    let comment = "x".repeat(4000);
    let mut pgn = Vec::new();
    for n in 0.. {
        let game = format!(
            "{}\n{{{comment}}} *\n\n",
            String::from_utf8_lossy(&PGN[..PGN.len() - 1])
        );
        let game = game.replace("[Event \"a\"]", &format!("[Event \"{n}\"]"));
        pgn.extend_from_slice(game.as_bytes());
        if pgn.len() > 65 << 20 {
            break;
        }
    }
    std::fs::write(&path, &pgn).unwrap();
    let file = path.to_str().unwrap();
    for args in [
        &["games", "--moves", "--format", "csv"][..],
        &["check", "--moves"],
    ] {
        let halves = chess960(&[args, &[file]].concat(), b"");
        let whole = chess960(args, &pgn);
        let halves = text(&halves.stdout).replace(file, "-");
        assert_eq!(halves, text(&whole.stdout), "{args:?}");
        assert!(halves.lines().count() > 10_000, "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A move word with bytes that are not UTF-8 is quoted with them escaped (`\xff`), as
/// docs/cli.md promises of input shown back, in check's lines and in the CSV column alike.
#[test]
fn a_move_that_is_not_utf8_is_shown_escaped() {
    let pgn = b"[Event \"x\"]\n\n1. e4 e5 2. Nf\xff3 Nc6 *\n";
    let out = chess960(&["check", "--moves"], pgn);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "-: game 0, ply 3 (2. Nf\\xff3): \"Nf\\xff3\" is not a move\n"
    );
    let out = chess960(&["games", "--moves", "--format", "csv"], pgn);
    let rows = csv_rows(&out.stdout);
    assert_eq!(
        rows[0][15],
        r#"ply 3 (2. Nf\xff3): "Nf\xff3" is not a move"#
    );
}
