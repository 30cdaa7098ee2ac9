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
    let path = dir.join(format!(
        "{:x}.pgn",
        pgn.len() ^ (plan.plies as usize * 7919)
    ));
    std::fs::write(&path, pgn).unwrap();
    let (tree, errors) = Tree::read_files(&[&path], options, plan, &Progress::default());
    assert!(errors.is_empty());
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
