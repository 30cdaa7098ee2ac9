//! An opening tree of arbitrary PGN bytes (every start, a few plies): never a panic; the
//! summary accounts for every game read; each node's results are the sums of its moves',
//! every move was played by a game and every move passed through by none; every counted
//! node is listed; the node `Tree::node` finds by the moves from the start is the one the
//! breadth-first walk gave; and the tree pruned to nodes of two games or more holds exactly
//! the full tree's nodes of two games or more that its roots reach through them, with the
//! same counts.
#![no_main]

use std::collections::HashMap;

use chess960_pgn::tree::{Node, Plan, Tree};
use chess960_pgn::{Compression, Input, Options};
use libfuzzer_sys::fuzz_target;

/// The tree of `bytes`; `None` when they are not read to their end (a compressed input that
/// is cut or corrupt: its first bytes are a compressor's magic number).
fn tree(bytes: &[u8], plan: &Plan) -> Option<Tree> {
    let mut input = Input::from_reader(std::io::Cursor::new(bytes.to_vec()));
    Tree::read(&mut input, &Options::default(), plan).ok()
}

fuzz_target!(|bytes: &[u8]| {
    let plan = Plan::all().plies(6);
    let (Some(full), Some(pruned)) = (tree(bytes, &plan), tree(bytes, &plan.clone().min_games(2)))
    else {
        assert!(
            Compression::detect(bytes) != Compression::Plain,
            "plain bytes read to their end"
        );
        return;
    };
    let summary = full.summary();
    assert_eq!(summary.read, summary.counted + summary.passed());
    let listed: usize = full
        .starts()
        .into_iter()
        .map(|s| full.nodes(s).count())
        .sum();
    assert_eq!(listed, full.len(), "every counted node is listed");
    for start in full.starts() {
        let nodes: Vec<Node> = full.nodes(start).collect();
        let by_fen: HashMap<&str, &Node> = nodes.iter().map(|n| (n.fen.as_str(), n)).collect();
        for node in &nodes {
            let sum = |of: fn(&chess960_pgn::tree::MoveCounts) -> u64| {
                node.moves.iter().map(|m| of(&m.counts)).sum::<u64>()
            };
            assert_eq!(node.white, sum(|c| c.white));
            assert_eq!(node.draws, sum(|c| c.draws));
            assert_eq!(node.black, sum(|c| c.black));
            assert!(node.moves.iter().all(|m| m.counts.games() > 0));
            assert!(node.through.iter().all(|m| m.counts.games() == 0));
            assert!(
                node.moves
                    .iter()
                    .all(|m| m.counts.rated <= m.counts.games())
            );
        }
        // The start's own root by no moves (the first of its roots; the walk's first node
        // when it holds games), and each first move's node by that move.
        let root = full.roots(start).next().expect("a start has its own root");
        assert_eq!(full.node(start, &[] as &[&str]).unwrap(), root);
        if let Some(walked) = by_fen.get(root.fen.as_str()) {
            assert_eq!(*walked, &root);
        }
        for mv in &root.moves {
            let child = full.node(start, &[mv.uci.to_string()]).unwrap();
            assert_eq!(child.fen, mv.fen_after);
            if let Some(walked) = by_fen.get(mv.fen_after.as_str()) {
                assert_eq!(&&child, walked);
            }
        }
        // Pruning keeps the nodes of two games or more, counted the same: those the roots
        // reach through such nodes, by the moves counted or passed through.
        let games = |n: &Node| n.white + n.draws + n.black;
        let mut reached = Vec::new();
        let roots: Vec<Node> = full.roots(start).collect();
        let mut queue: Vec<&Node> = roots
            .iter()
            .filter_map(|root| by_fen.get(root.fen.as_str()).copied())
            .filter(|root| games(root) >= 2)
            .collect();
        while let Some(node) = queue.pop() {
            if reached.contains(&node.fen) {
                continue;
            }
            reached.push(node.fen.clone());
            for mv in node.moves.iter().chain(&node.through) {
                if let Some(child) = by_fen.get(mv.fen_after.as_str()).filter(|c| games(c) >= 2) {
                    queue.push(child);
                }
            }
        }
        let mut kept: Vec<String> = pruned.nodes(start).map(|n| n.fen).collect();
        kept.sort();
        reached.sort();
        assert_eq!(kept, reached);
        for node in pruned.nodes(start) {
            let whole = by_fen
                .get(node.fen.as_str())
                .expect("a pruned node is in the full tree");
            assert_eq!(
                (node.white, node.draws, node.black),
                (whole.white, whole.draws, whole.black)
            );
            assert!(node.white + node.draws + node.black >= 2);
            assert_eq!(node.moves, whole.moves);
        }
    }
});
