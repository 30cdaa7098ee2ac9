//! `chess960 games --fix` and `--check` on small PGN written here: the repaired games and the
//! reports, the exit codes a CI pipeline relies on, several files and a missing one, the
//! options' checks, and `games` reading the repaired games as it read the originals.

use crate::common;
use crate::html::tempdir;

use common::{chess960, text};

/// A game of each kind a repair meets: canonical (lichess), chess.com's, a broadcast's, a
/// standard game, letters on the king's file, disagreeing FEN tags.
const PGN: &str = "[Event \"lichess\"]\n[Site \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1. g3 O-O *\n\n\
[Event \"chess.com\"]\n[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq -\"]\n\n\
1. g3 O-O *\n\n\
[Variant \"Standard\"]\n[Event \"broadcast\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\
[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. g3 { O-O next } O-O *\n\n\
[Event \"standard\"]\n\n1. e4 e5 *\n\n\
[Event \"king's file\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w Gg - 0 1\"]\n\n*\n\n\
[Event \"two starts\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\
[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n*\n";

const FIXED: &str = "[Event \"lichess\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1. g3 O-O *\n\n\
[Event \"chess.com\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. g3 O-O *\n\n\
[Event \"broadcast\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. g3 { O-O next } O-O *\n\n\
[Event \"standard\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
[Event \"king's file\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w Gg - 0 1\"]\n\n*\n\n\
[Event \"two starts\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\
[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n*\n";

/// What --fix adds to a game with only an Event tag.
const ROSTER: &str = "Seven Tag Roster completed, none → Site \"?\", Date \"????.??.??\", Round \"?\", \
                      White \"?\", Black \"?\", Result \"*\"";

fn games(args: &[&str], stdin: &[u8]) -> (String, String, Option<i32>) {
    let out = chess960(&[&["games"], args].concat(), stdin);
    (
        text(&out.stdout).to_owned(),
        text(&out.stderr).to_owned(),
        out.status.code(),
    )
}

#[test]
fn fix_writes_every_game_and_reports_each_change() {
    let (out, err, code) = games(&["--fix"], PGN.as_bytes());
    assert_eq!(out, FIXED);
    // Two games left as they were: they need a person.
    assert_eq!(code, Some(1));
    let p105 = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR";
    assert_eq!(
        err,
        format!(
            "game 0: Seven Tag Roster completed, none → Date \"????.??.??\", Round \"?\", White \"?\", \
             Black \"?\"\n\
             game 1: {ROSTER}\n\
             game 1: SetUp added, none → \"1\"\n\
             game 1: FEN, \"{p105} w KQkq -\" → \"{p105} w KQkq - 0 1\"\n\
             game 2: {ROSTER}\n\
             game 2: Variant, \"Standard\" → \"Chess960\"\n\
             game 2: SetUp added, none → \"1\"\n\
             game 2: 2 FEN tags merged, \"{p105} w HChc - 0 1\" → \"{p105} w KQkq - 0 1\"\n\
             game 2: tags reordered, Variant Event FEN → Event Variant FEN\n\
             game 3: {ROSTER}\n\
             -: game 4: left as it was: castling letter G names no rook and is on the king's file, \
             so it could mean either rook: \"{p105} w Gg - 0 1\"\n\
             -: game 5: left as it was: FEN tags disagree: \"{p105} w KQkq - 0 1\" and \
             \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n\
             chess960: 4 of 6 games fixed, 2 left as they were: tags that cannot be repaired (see above)\n"
        )
    );
    // Fixing the output changes nothing; games reads the same starts from both.
    let (again, _, _) = games(&["--fix"], out.as_bytes());
    assert_eq!(again, out);
    let starts = |pgn: &str| {
        let (csv, _, _) = games(&["--format", "csv"], pgn.as_bytes());
        csv.lines()
            .map(|l| l.split(',').take(4).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
    };
    assert_eq!(starts(&out), starts(PGN));
}

#[test]
fn check_writes_nothing_and_fails_when_a_game_would_change() {
    let (out, err, code) = games(&["--check"], PGN.as_bytes());
    assert_eq!((out.as_str(), code), ("", Some(1)));
    assert!(err.ends_with(
        "chess960: 4 of 6 games would change, 2 left as they were: tags that cannot be repaired (see above)\n"
    ));
    // Only the games that are fine: exit 0.
    let fine = FIXED.split("[Event \"king's file\"]").next().unwrap();
    let (out, err, code) = games(&["--check"], fine.as_bytes());
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("", "chess960: 0 of 4 games would change\n", Some(0))
    );
    // A refused game alone fails too: its headers need a person.
    let refused = format!(
        "[Event \"king's file\"]{}",
        FIXED.split("[Event \"king's file\"]").nth(1).unwrap()
    );
    let (_, _, code) = games(&["--check"], refused.as_bytes());
    assert_eq!(code, Some(1));
}

/// `chess960 fix` and `chess960 check` are `games --fix` and `games --check`; `check` exits 0
/// when nothing would change, 1 when something would, 2 when an input cannot be read, as diff
/// and cmp do.
#[test]
fn fix_and_check_are_subcommands_with_diffs_exit_codes() {
    let run = |args: &[&str], stdin: &str| {
        let out = chess960(args, stdin.as_bytes());
        (
            text(&out.stdout).to_string(),
            text(&out.stderr).to_string(),
            out.status.code(),
        )
    };
    assert_eq!(run(&["fix"], PGN), run(&["games", "--fix"], PGN));
    assert_eq!(run(&["check"], PGN), run(&["games", "--check"], PGN));
    assert_eq!(
        run(&["fix", "--castling", "shredder"], PGN),
        run(&["games", "--fix", "--castling", "shredder"], PGN)
    );
    assert_eq!(run(&["check"], PGN).2, Some(1));
    assert_eq!(
        run(
            &["check"],
            FIXED.split("[Event \"king's file\"]").next().unwrap()
        )
        .2,
        Some(0)
    );
    let dir = tempdir("check-missing");
    let missing = dir.join("missing.pgn");
    let missing = missing.to_str().unwrap();
    for args in [&["check", missing][..], &["games", "--check", missing]] {
        let (out, err, code) = run(args, "");
        assert_eq!((out.as_str(), code), ("", Some(2)), "{args:?}");
        assert!(err.contains("missing.pgn"), "{err}");
    }
    // --fix keeps exit 1 for an input it cannot read, as every other subcommand.
    assert_eq!(run(&["fix", missing], "").2, Some(1));
}

#[test]
fn options_spell_the_variant_the_castling_and_the_sp_tag() {
    let chess_com = PGN.split("[Variant \"Standard\"]").next().unwrap();
    let args = [
        "--fix",
        "--variant-tag",
        "fischerandom",
        "--castling",
        "shredder",
        "--add-sp-tag",
        "SP",
    ];
    let (out, _, code) = games(&args, chess_com.as_bytes());
    assert_eq!(code, Some(0));
    let roster = [
        "[Date \"????.??.??\"]",
        "[Round \"?\"]",
        "[White \"?\"]",
        "[Black \"?\"]",
    ];
    let tags: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with('[') && !roster.contains(l) && !l.starts_with("[Site"))
        .filter(|l| !l.starts_with("[Result"))
        .collect();
    assert_eq!(
        tags,
        [
            "[Event \"lichess\"]",
            "[Variant \"fischerandom\"]",
            "[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]",
            "[SP \"105\"]",
            "[SetUp \"1\"]",
            "[Event \"chess.com\"]",
            "[Variant \"fischerandom\"]",
            "[SetUp \"1\"]",
            "[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]",
            "[SP \"105\"]",
        ]
    );
    let pair = "[FEN \"brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n*\n";
    let (out, _, _) = games(&["--fix", "--add-sp-tag", "StartId"], pair.as_bytes());
    assert!(out.contains("[StartId \"105-451\"]\n"), "{out}");
}

#[test]
fn several_files_are_named_in_the_reports_and_a_missing_one_loses_nothing_else() {
    let dir = tempdir("fix");
    let (a, b) = (dir.join("a.pgn"), dir.join("b.pgn"));
    std::fs::write(&a, PGN).unwrap();
    std::fs::write(&b, PGN).unwrap();
    let missing = dir.join("missing.pgn");
    let paths = [
        a.to_str().unwrap(),
        missing.to_str().unwrap(),
        b.to_str().unwrap(),
    ];
    let (out, err, code) = games(&[&["--fix"], &paths[..]].concat(), b"");
    assert_eq!(code, Some(1));
    assert_eq!(out, format!("{FIXED}{FIXED}"));
    assert!(
        err.contains(&format!("{}: game 1: SetUp added", paths[0])),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}: game 1: SetUp added", paths[2])),
        "{err}"
    );
    assert!(err.contains(&format!("error: {}: ", paths[1])), "{err}");
    assert!(err.ends_with(
        "chess960: 8 of 12 games fixed, 4 left as they were: tags that cannot be repaired (see above)\n"
    ));
}

#[test]
fn options_that_do_not_fit_are_refused() {
    for args in [
        &["--fix", "--add-sp-tag", "FEN"][..],
        &["--fix", "--add-sp-tag", "Event"],
        &["--fix", "--add-sp-tag", "a b"],
        &["--castling", "shredder"],
        &["--add-sp-tag", "SP"],
        &["--fix", "--check"],
        &["--fix", "--stats"],
        &["--fix", "--sp", "518"],
        &["--check", "--format", "csv"],
    ] {
        let (out, err, code) = games(args, b"");
        assert_eq!((out.as_str(), code), ("", Some(2)), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

/// A FEN tag cut short, as a value or as a line: the game is left whole as it was (no second
/// FEN tag, no roster), named with its file, number and why, and `fix` exits 1.
#[test]
fn a_truncated_fen_tag_leaves_the_game_as_it_was_and_fails() {
    let dir = tempdir("fix-truncated");
    let file = dir.join("cut.pgn");
    let good = "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
                [Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
                [FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. g3 *\n\n";
    let value =
        "[Event \"b\"]\n[Variant \"Chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8\"]\n\n1. e4 *\n\n";
    let line = "[Event \"c\"]\n[Variant \"Chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8\n\n1. e4 *\n";
    let pgn = format!("{good}{value}{line}");
    std::fs::write(&file, &pgn).unwrap();
    let path = file.to_str().unwrap();
    let (out, err, code) = games(&["--fix", path], b"");
    assert_eq!((out.as_str(), code), (pgn.as_str(), Some(1)));
    assert_eq!(
        err,
        format!(
            "{path}: game 1: left as it was: bad FEN: piece placement: expected 8 ranks separated \
             by '/', each of 8 squares (piece letters and digits 1 to 8)\n\
             {path}: game 2: left as it was: a line begins as a FEN tag but is none (a tag is \
             [FEN \"value\"]): [FEN \"rnbqkbnr/pppppppp/8\n\
             chess960: 0 of 3 games fixed, 2 left as they were: tags that cannot be repaired \
             (see above)\n"
        )
    );
    let (_, _, code) = games(&["--check", path], b"");
    assert_eq!(code, Some(1));
}
