//! `chess960 tree` against python-chess (`scripts/python-chess-tree.py`, written from the
//! rules, not from our code) and its page in headless Chromium:
//! - python-chess's corpus (every start, DFRC pairs, every header convention): every node of
//!   every start's tree, its counts, moves (UCI, SAN), average Elo and order, at 50 and 8 plies;
//! - games that meet often (three starts, each move one of three): the same, transpositions
//!   among them, and with rare nodes pruned (`--min-games`, read in two passes);
//! - its page in headless Chromium: `tree_page.rs`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{chess960, json_lines, text};
use crate::games_tools::{corpus, python, workdir};

fn tree_script() -> &'static str {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/python-chess-tree.py"
    )
}

/// python-chess's nodes of `pgn` at `plies`, keeping nodes of `min_games`, and how many of
/// them are reached from two nodes or more.
fn python_nodes(
    python: &Path,
    pgn: &Path,
    plies: u32,
    min_games: u64,
) -> (Vec<serde_json::Value>, usize) {
    let out = Command::new(python)
        .args([tree_script(), &plies.to_string(), &min_games.to_string()])
        .stdin(std::fs::File::open(pgn).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let met = text(&out.stderr)
        .trim()
        .strip_prefix("transpositions ")
        .unwrap()
        .parse()
        .unwrap();
    (json_lines(&out.stdout), met)
}

fn our_nodes(pgn: &Path, plies: u32, min_games: u64) -> Vec<serde_json::Value> {
    let (plies, min) = (plies.to_string(), min_games.to_string());
    let args = [
        "tree",
        "--all",
        "--nodes",
        "--format",
        "json",
        "--plies",
        &plies,
        "--min-games",
        &min,
    ];
    let out = chess960(&[&args[..], &[pgn.to_str().unwrap()]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    json_lines(&out.stdout)
}

/// Our nodes, equal to python-chess's; and the transpositions among them.
fn assert_same(
    python: &Path,
    pgn: &Path,
    plies: u32,
    min_games: u64,
) -> (Vec<serde_json::Value>, usize) {
    let (want, met) = python_nodes(python, pgn, plies, min_games);
    let ours = our_nodes(pgn, plies, min_games);
    assert_eq!(ours.len(), want.len(), "{} plies, min {min_games}", plies);
    for (ours, want) in ours.iter().zip(&want) {
        assert_eq!(ours, want, "{} plies, min {min_games}", plies);
    }
    (ours, met)
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn every_node_of_every_start_equals_python_chess() {
    let python = python();
    let dir = workdir("tree");
    let [plain, gzip, ..] = corpus(&python, &dir);
    let (nodes, _) = assert_same(&python, &plain, 50, 1);
    let starts: std::collections::HashSet<_> = nodes
        .iter()
        .map(|n| (n["whiteSp"].clone(), n["blackSp"].clone()))
        .collect();
    assert!(
        nodes.len() > 10_000 && starts.len() > 500,
        "{} nodes, {} starts",
        nodes.len(),
        starts.len()
    );
    assert!(
        starts.iter().any(|(w, b)| w != b),
        "no Double Fischer Random pair"
    );
    assert_same(&python, &plain, 8, 1);
    assert_eq!(our_nodes(&gzip, 8, 1), our_nodes(&plain, 8, 1));
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn the_hand_made_transposing_games_equal_python_chess() {
    let python = python();
    let dir = workdir("tree-hand-made");
    let path = dir.join("hand-made.pgn");
    std::fs::write(&path, crate::tree::database()).unwrap();
    for plies in [50, 4, 2] {
        let (nodes, met) = assert_same(&python, &path, plies, 1);
        assert!(!nodes.is_empty());
        if plies >= 4 {
            assert_eq!(met, 1, "1. g3 g6 2. b3 and 1. b3 g6 2. g3 meet");
        }
    }
}

/// Games that meet often: `python-chess-tree.py write`.
pub(crate) fn meeting(python: &Path, dir: &Path) -> PathBuf {
    let out = Command::new(python)
        .args([tree_script(), "write", "7", "3000"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = dir.join("meet.pgn");
    std::fs::write(&path, out.stdout).unwrap();
    path
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn transpositions_and_pruning_equal_python_chess() {
    let python = python();
    let dir = workdir("tree-meet");
    let pgn = meeting(&python, &dir);
    let (_, met) = assert_same(&python, &pgn, 50, 1);
    assert!(met > 100, "{met} nodes reached from two or more");
    for (plies, min_games) in [(50, 5), (12, 2), (6, 20)] {
        let (kept, _) = assert_same(&python, &pgn, plies, min_games);
        assert!(
            kept.len() > 20,
            "{plies} plies, min {min_games}: {} nodes",
            kept.len()
        );
    }
}

/// Node.js, which drives Chromium (`cli/tests/tree_page.mjs`).
#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn each_book_line_reaches_its_position_in_python_chess() {
    let python = python();
    let dir = workdir("tree-book");
    let pgn = meeting(&python, &dir);
    let out = chess960(
        &[
            "book",
            "--tree",
            pgn.to_str().unwrap(),
            "--plies",
            "6",
            "--min-games",
            "5",
            "--format",
            "epd",
            "--castling",
            "shredder",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let book = text(&out.stdout);
    let lines: Vec<&str> = book.lines().collect();
    assert!(lines.len() > 20, "{} lines", lines.len());
    assert!(lines.iter().any(|l| l.contains("id \"dfrc 105 451\"")));
    let mut child = Command::new(&python)
        .args(["-c", REPLAY_BOOK])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), book.as_bytes()).unwrap();
    let replayed = child.wait_with_output().unwrap();
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    let want: Vec<&str> = text(&replayed.stdout).lines().collect();
    assert_eq!(want.len(), lines.len());
    for (ours, theirs) in lines.iter().zip(&want) {
        assert!(ours.starts_with(theirs), "{ours}\n{theirs}");
    }
}

/// For each EPD line of a book: python-chess's position after the line's SAN (`c0`) from the
/// start (`id`), as `epd(shredder=True)` with the clocks, or what went wrong.
const REPLAY_BOOK: &str = r#"
import sys, chess
for line in sys.stdin:
    ops = dict(op.strip().split(" ", 1) for op in line.split(" hmvc ")[1].split(";")[2:] if op.strip())
    ids = [int(x) for x in ops["id"].strip('"').split()[1:]]
    white, black = (ids * 2)[:2]
    board = chess.Board.from_chess960_pos(white)
    top = chess.Board.from_chess960_pos(black)
    for square in chess.SquareSet(chess.BB_RANK_7 | chess.BB_RANK_8):
        board.set_piece_at(square, top.piece_at(square))
    board.castling_rights = (board.castling_rights & chess.BB_RANK_1) | (top.castling_rights & chess.BB_RANK_8)
    for word in ops["c0"].strip('"').split():
        if not word.endswith("."):
            board.push_san(word)
    print(f"{board.epd(shredder=True)} hmvc {board.halfmove_clock}; fmvn {board.fullmove_number};")
"#;
