//! The tree's counts on hand-made games: transpositions, repetitions, filters.

use chess960::{DoubleStartingPosition, StartingPosition};

use super::{Plan, Tree};
use crate::options::Options;
use crate::progress::Progress;

fn sp(id: u16) -> DoubleStartingPosition {
    StartingPosition::from_id(id).unwrap().into()
}

fn tree(pgn: &str, options: &Options, plan: &Plan) -> Tree {
    let dir = std::env::temp_dir().join(format!("tree-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A file per call: the tests run in parallel.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("{call}.pgn"));
    std::fs::write(&path, pgn).unwrap();
    let (tree, errors) = Tree::read_files(&[&path], options, plan, &Progress::default());
    assert!(errors.is_empty(), "{errors:?}");
    std::fs::remove_file(&path).unwrap();
    tree
}

#[test]
fn standard_games_count() {
    let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n\n[Variant \"Chess960\"]\n\n1. d4 d5 0-1\n";
    let t = tree(pgn, &Options::default(), &Plan::starts(vec![sp(518)]));
    assert_eq!(t.games(), 2);
    let root = t.node(sp(518), &[] as &[&str]).unwrap();
    assert_eq!((root.white, root.black), (1, 1));
}

/// Games of SP 105 whose lines share their first moves more or less often.
fn shared_lines() -> String {
    let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
    let lines = [
        "1. g3 g6 2. b3 b6",
        "1. g3 g6 2. b3 Nc6",
        "1. b3 g6 2. g3 b6",
        "1. g3 b6 2. b3 g6",
        "1. d4 d5 2. c4 c6",
        "1. d4 d5 2. c4 e6",
        "1. d4 Nf6",
        "1. e4 e5",
    ];
    let results = ["1-0", "0-1", "1/2-1/2"];
    let mut pgn = String::new();
    for i in 0..40 {
        let line = lines[(i * i + i / 3) % lines.len()];
        let result = results[i % 3];
        pgn += &format!(
            "[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n[Result \"{result}\"]\n\n{line} {result}\n\n"
        );
    }
    pgn
}

#[test]
fn two_passes_keep_what_one_pass_and_pruning_keep() {
    let pgn = shared_lines();
    for min_games in [1, 2, 3, 5, 8, 100] {
        let plan = Plan::all().plies(4).min_games(min_games);
        let two = tree(&pgn, &Options::default(), &plan);
        let mut input = crate::open::Input::from_reader(std::io::Cursor::new(pgn.clone()));
        let one = Tree::read(&mut input, &Options::default(), &plan).unwrap();
        let nodes = |t: &Tree| t.nodes(sp(105)).collect::<Vec<_>>();
        assert_eq!(nodes(&two), nodes(&one), "min_games {min_games}");
        assert!(
            nodes(&one)
                .iter()
                .all(|n| n.white + n.draws + n.black >= min_games)
        );
        assert_eq!(two.len(), one.len(), "min_games {min_games}");
    }
    let all = tree(&pgn, &Options::default(), &Plan::all().plies(4));
    assert_eq!(all.games(), 40);
    assert_eq!(all.starts(), [sp(105)]);
}

#[test]
fn one_node_only_counts_that_node() {
    let pgn = shared_lines();
    let everything = tree(&pgn, &Options::default(), &Plan::all().plies(4));
    let plan = Plan::starts(vec![sp(105)])
        .plies(4)
        .at(sp(105), &["g2g3", "g7g6", "b2b3"])
        .unwrap();
    let only = tree(&pgn, &Options::default(), &plan);
    assert_eq!(only.len(), 1);
    let at = |t: &Tree| t.node(sp(105), &["b2b3", "g7g6", "g2g3"]).unwrap();
    assert_eq!(at(&only), at(&everything));
    assert!(at(&only).white + at(&only).draws + at(&only).black > 0);
}
