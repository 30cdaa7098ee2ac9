//! `tree --format html`: one self-contained page (no network) of each start's tree: the
//! board drawn, the moves of the node shown with their counts and a bar of White's wins,
//! draws and Black's wins; a click plays a move, Back takes it back, a picker changes the
//! start. Each start's nodes are a JSON script of their own, parsed only when it is picked.

use std::collections::HashMap;
use std::io::{self, Write};

use chess960::DoubleStartingPosition;
use chess960::numbering::Numbering;
use chess960_pgn::tree::{Node, Tree};
use serde_json::{Value, json};

use super::text;

const PAGE: &str = include_str!("page.html");

/// Writes the page of `starts`' trees.
pub fn write(
    out: &mut impl Write,
    tree: &Tree,
    starts: &[DoubleStartingPosition],
    numbering: Numbering,
) -> io::Result<()> {
    let (head, tail) = PAGE.split_once("<!--DATA-->").unwrap_or((PAGE, ""));
    out.write_all(head.as_bytes())?;
    for &start in starts {
        let mut nodes: Vec<Node> = tree.nodes(start).collect();
        if nodes.is_empty() {
            // No game: the start alone, to be shown.
            nodes.push(tree.node(start, &[] as &[&str]).map_err(io::Error::other)?);
        }
        let data = json!({"nodes": rows(&nodes)});
        // `</` inside a script would end it: JSON reads `<\/` as `</`.
        let text = data.to_string().replace("</", "<\\/");
        writeln!(
            out,
            "<script type=\"application/json\" class=\"start\" data-name=\"{}\">{text}</script>",
            name(start, numbering, nodes.first())
        )?;
    }
    out.write_all(tail.as_bytes())
}

/// The start's name in the picker, with its games.
fn name(start: DoubleStartingPosition, numbering: Numbering, root: Option<&Node>) -> String {
    let games = root.map_or(0, |n| n.white + n.draws + n.black);
    format!("{} ({games} games)", text::name(start, numbering))
}

/// The nodes as compact rows: `[fen, white, draws, black, moves]`, each move `[san, uci,
/// white, draws, black, elo, child, fen after]`, its child the index of the node it leads
/// to (-1: none kept). The root comes first.
fn rows(nodes: &[Node]) -> Vec<Value> {
    let index: HashMap<&str, usize> = nodes
        .iter()
        .enumerate()
        .map(|(i, node)| (node.fen.as_str(), i))
        .collect();
    nodes
        .iter()
        .map(|node| {
            let moves: Vec<Value> = node
                .moves
                .iter()
                .map(|mv| {
                    let c = &mv.counts;
                    let child = index.get(mv.fen_after.as_str()).map_or(-1, |&i| i as i64);
                    json!([
                        mv.san.to_string(),
                        mv.uci.to_string(),
                        c.white,
                        c.draws,
                        c.black,
                        c.average_rating(),
                        child,
                        mv.fen_after
                    ])
                })
                .collect();
            json!([node.fen, node.white, node.draws, node.black, moves])
        })
        .collect()
}
