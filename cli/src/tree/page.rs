//! `tree --format html`: one self-contained page (no network) of each start's tree: the
//! board drawn with its coordinates and the last move, the node's moves with their counts
//! and a bar of White's wins, draws and Black's wins, the moves passed through, the top
//! games; a click or a key plays a move or takes it back, the position is kept in the
//! address's fragment, a picker changes the start. Each start's nodes are a JSON script of
//! their own, parsed only when it is picked; the games of a start that began with fewer
//! castling rights are a tree of their own in the picker (`#105~-` in the address).
//!
//! The page stays small by default (without --min-games): nodes of [`MIN_GAMES`] games or
//! more, and of those, breadth first, as many as fit in [`DATA_BYTES`] shared by the starts.

mod rows;

use std::io::{self, Write};

use chess960::DoubleStartingPosition;
use chess960::numbering::Numbering;
use chess960_explorer::Answer;
use chess960_pgn::tree::{GameCount, Tree};
use serde_json::json;

use super::text;

/// The page: `page.html` with the board, the bar and the line it shares with the explorer's
/// (`crate::page`), its data still to be written at its `<!--DATA-->`.
fn page() -> String {
    crate::page::assembled(include_str!("page.html"), &[])
}

/// The bytes of data a page holds at most by default, over all its starts: with the page's
/// own 20 KB, under 5 MB.
pub const DATA_BYTES: usize = 4_500_000;

/// The page's default --min-games: a node of one game is one game's moves, which the top
/// games already name.
pub const MIN_GAMES: u64 = 2;

/// What the page holds: the rarest node kept (to say why a move leads nowhere) and the plies
/// counted, and the bytes of data allowed, if limited.
pub struct Limit {
    pub min_games: u64,
    pub plies: u32,
    pub bytes: Option<usize>,
}

/// Writes the page of `starts`' trees.
pub fn write(
    out: &mut impl Write,
    tree: &Tree,
    starts: &[DoubleStartingPosition],
    numbering: Numbering,
    limit: &Limit,
) -> io::Result<()> {
    let page = page();
    let (head, tail) = page.split_once("<!--DATA-->").unwrap_or((&page, ""));
    out.write_all(head.as_bytes())?;
    let entries = entries(tree, starts, numbering, limit.min_games);
    let caps = caps(&entries, limit.bytes);
    for (entry, cap) in entries.iter().zip(caps) {
        let text = fitted(&entry.nodes, limit, cap);
        writeln!(
            out,
            "<script type=\"application/json\" class=\"start\" data-sp=\"{}\" data-name=\"{}\">{text}</script>",
            entry.fragment,
            escape(&entry.name)
        )?;
    }
    out.write_all(tail.as_bytes())
}

/// One tree the picker offers: a start's, from its own position, or from a position its
/// games began at with fewer castling rights.
struct Entry {
    fragment: String,
    name: String,
    nodes: Vec<Answer>,
}

/// The trees of `starts`: each start's, then each of its other roots'.
fn entries(
    tree: &Tree,
    starts: &[DoubleStartingPosition],
    numbering: Numbering,
    min_games: u64,
) -> Vec<Entry> {
    let mut entries = Vec::new();
    for &start in starts {
        for (i, root) in tree.roots(start).enumerate() {
            let mut nodes: Vec<Answer> = tree.nodes_from(&root).map(Answer::from).collect();
            let (mut fragment, mut name) =
                (fragment(start, numbering), text::name(start, numbering));
            if i > 0 {
                let rights = root.fen.split(' ').nth(2).unwrap_or("-");
                fragment = format!("{fragment}~{rights}");
                name = format!("{name}, castling rights {rights}");
            }
            let games = match nodes.first().map(Answer::games) {
                Some(games) => GameCount(games).to_string(),
                // Its root pruned: no count is kept of it.
                None if min_games > 1 => format!("fewer than {min_games} games"),
                None => String::from("0 games"),
            };
            if nodes.is_empty() {
                if i > 0 {
                    continue;
                }
                // No node kept: the start alone, to be shown.
                nodes.push(Answer::from(root));
            }
            let name = format!("{name} ({games})");
            entries.push(Entry {
                fragment,
                name,
                nodes,
            });
        }
    }
    entries
}

/// A start's data, of as many of its nodes as fit in `cap` bytes: the first, breadth first,
/// so that each is reached through nodes kept before it.
fn fitted(nodes: &[Answer], limit: &Limit, cap: Option<usize>) -> String {
    let Some(cap) = cap else {
        return start_data(nodes, limit, false);
    };
    let mut used = 0;
    let sizes = rows::sizes(nodes);
    let fit = sizes.iter().take_while(|&&size| {
        used += size;
        used <= cap
    });
    let mut keep = fit.count().max(1);
    loop {
        let data = start_data(
            nodes.get(..keep).unwrap_or(nodes),
            limit,
            keep < nodes.len(),
        );
        if data.len() <= cap || keep == 1 {
            return data;
        }
        // A move to a node left out holds its FEN instead of its index: fewer fit.
        keep = (keep * 9 / 10).max(1);
    }
}

/// A start's data: its nodes and what the page says of the moves that lead out of them.
fn start_data(nodes: &[Answer], limit: &Limit, cut: bool) -> String {
    let data = json!({
        "minGames": limit.min_games,
        "plies": limit.plies,
        "cut": cut,
        "nodes": rows::rows(nodes),
    });
    // `</` inside a script would end it: JSON reads `<\/` as `</`.
    data.to_string().replace("</", "<\\/")
}

/// Each tree's bytes of data at most: the same for all, as large as `bytes` allows once
/// the trees that need less have taken what they need.
fn caps(entries: &[Entry], bytes: Option<usize>) -> Vec<Option<usize>> {
    let Some(bytes) = bytes else {
        return vec![None; entries.len()];
    };
    let mut needs: Vec<usize> = entries
        .iter()
        .map(|entry| rows::sizes(&entry.nodes).iter().sum())
        .collect();
    needs.sort_unstable();
    let (mut left, mut cap) = (bytes, bytes);
    for (i, &need) in needs.iter().enumerate() {
        let share = left / (needs.len() - i);
        if need > share {
            cap = share;
            break;
        }
        left -= need;
    }
    vec![Some(cap); entries.len()]
}

/// The start in the address's fragment: `105`, a pair `105-451`.
fn fragment(start: DoubleStartingPosition, numbering: Numbering) -> String {
    let [white, black] = [start.white(), start.black()].map(|sp| numbering.number(sp));
    match start.single() {
        Some(_) => white.to_string(),
        None => format!("{white}-{black}"),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

#[cfg(test)]
mod tests {
    use super::page;

    #[test]
    fn the_page_holds_the_shared_board_and_its_data_marker() {
        let page = page();
        let (head, tail) = page.split_once("<!--DATA-->").unwrap();
        assert!(
            !head.contains("<!--") && !tail.contains("<!--"),
            "a marker left"
        );
        assert!(
            head.contains("@media (max-width: 600px)"),
            "the phone's layout"
        );
        // board.js before the page's own script, after the data.
        let board = tail.find("function drawSquares(").unwrap();
        assert!(board < tail.find("function show(").unwrap());
        assert!(!page.contains("http"), "the page loads nothing");
    }
}
