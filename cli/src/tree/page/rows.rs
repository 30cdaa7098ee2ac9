//! A start's nodes as the page's compact JSON rows, which its script reads by position.

use std::collections::HashMap;

use chess960_explorer::Answer;
use chess960_pgn::tree::{NodeGame, NodeMove};
use serde_json::{Value, json};

/// The nodes as rows `[fen, white, draws, black, moves, through, top games]`, the root first.
/// A move is `[san, uci, white, draws, black, elo, child]`, a move passed through `[san, uci,
/// child]`: `child` is the index of the node it leads to, or, when that node is not on the
/// page, -1 followed by the FEN after the move. A top game is `[white, white's Elo, black,
/// black's Elo, result, month, lichess id, uci]`.
pub fn rows(nodes: &[Answer]) -> Vec<Value> {
    let index = index(nodes);
    nodes.iter().map(|node| row(node, &index)).collect()
}

/// The bytes of each node's row, all `nodes` on the page.
pub fn sizes(nodes: &[Answer]) -> Vec<usize> {
    let index = index(nodes);
    nodes
        .iter()
        .map(|node| row(node, &index).to_string().len() + 1)
        .collect()
}

fn index(nodes: &[Answer]) -> HashMap<&str, usize> {
    nodes
        .iter()
        .enumerate()
        .map(|(i, node)| (node.fen.as_str(), i))
        .collect()
}

fn row(node: &Answer, index: &HashMap<&str, usize>) -> Value {
    let moves: Vec<Value> = node
        .moves
        .iter()
        .map(|mv| {
            let c = &mv.counts;
            let mut row = vec![
                json!(mv.san.to_string()),
                json!(mv.uci.to_string()),
                json!(c.white),
                json!(c.draws),
                json!(c.black),
                json!(c.average_rating()),
            ];
            row.extend(child(mv, index));
            Value::Array(row)
        })
        .collect();
    let through: Vec<Value> = node
        .through
        .iter()
        .map(|mv| {
            let mut row = vec![json!(mv.san.to_string()), json!(mv.uci.to_string())];
            row.extend(child(mv, index));
            Value::Array(row)
        })
        .collect();
    let top: Vec<Value> = node.top_games.iter().map(game).collect();
    json!([
        node.fen, node.white, node.draws, node.black, moves, through, top
    ])
}

/// The node the move leads to, or -1 and the FEN after it.
fn child(mv: &NodeMove, index: &HashMap<&str, usize>) -> Vec<Value> {
    match index.get(mv.fen_after.as_str()) {
        Some(&i) => vec![json!(i)],
        None => vec![json!(-1), json!(mv.fen_after)],
    }
}

fn game(game: &NodeGame) -> Value {
    let [white, black] = &game.players;
    json!([
        white,
        game.elo[0],
        black,
        game.elo[1],
        game.outcome.as_str(),
        game.month.map(|m| m.to_string()),
        game.lichess_id,
        game.uci.to_string()
    ])
}
