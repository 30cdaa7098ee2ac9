//! The tree's counts → the nodes people read ([`Node`]): each position's FEN, its moves in
//! UCI and SAN with their counts, most played first, and its top games; found from a start
//! by moves ([`Tree::node`]) or all of a start's, breadth first ([`Tree::nodes`]).

use std::collections::{HashSet, VecDeque};

use chess960::DoubleStartingPosition;
use cozy_chess::Board;

use super::build::{TopGame, Tree};
use super::counts::MoveCounts;
use super::edges::{Edge, Moves};
use super::key::{epd, key};
use super::plan::STARTS;
use super::play::{BadPlay, play, root};
use crate::moves::{UciCastling, san, uci};

/// A position of a start's tree, as lichess's explorer gives one: how the games that reached
/// it ended (the sums of its moves'), and each move played there.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Node {
    /// The start.
    pub start: DoubleStartingPosition,
    /// Its key as text: the FEN's first four fields (pieces, side to move, castling by the
    /// rooks' files, en passant only where a capture is legal).
    pub fen: String,
    /// Games White won.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// The moves played there, most played first (then by UCI).
    pub moves: Vec<NodeMove>,
    /// Its highest-rated games, as many as the plan keeps.
    pub top_games: Vec<NodeGame>,
}

/// A move played from a node.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct NodeMove {
    /// In UCI, castling as the king taking its rook (lichess's and UCI_Chess960's).
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// The FEN's first four fields after it: the node it leads to.
    pub fen_after: String,
    /// Its games.
    pub counts: MoveCounts,
}

/// One of a node's highest-rated games: where it is in the input, and what it played there.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct NodeGame {
    /// The move it played there, in UCI.
    pub uci: String,
    /// Which input (from 0, in the order given).
    pub file: usize,
    /// Its number in that input, from 0.
    pub number: u64,
    /// The byte offset of its first line in the (decompressed) input.
    pub offset: u64,
    /// White's and Black's Elo.
    pub elo: [u32; 2],
    /// `white`, `black`, or `None` for a draw.
    pub winner: Option<&'static str>,
}

impl Tree {
    /// The node reached from `start` by `moves` (UCI, as [`Plan::at`](super::Plan::at)
    /// reads them), with the counts of every game that reached it (none if none did, or it
    /// was pruned).
    ///
    /// # Errors
    ///
    /// The first move that is not UCI or not legal there.
    pub fn node(
        &self,
        start: DoubleStartingPosition,
        moves: &[impl AsRef<str>],
    ) -> Result<Node, BadPlay> {
        let board = play(start, moves)?;
        let here = key(&board, STARTS.number(start));
        let top = self.tops.get(&here).map_or(&[][..], Vec::as_slice);
        let edges = self.nodes.get(&here).map_or(&[][..], Moves::edges);
        Ok(node(start, &board, edges, top).0)
    }

    /// Every node kept of `start`'s tree that its root reaches through kept nodes, breadth
    /// first from the root, each once.
    pub fn nodes(&self, start: DoubleStartingPosition) -> impl Iterator<Item = Node> + '_ {
        let number = STARTS.number(start);
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([root(start)]);
        std::iter::from_fn(move || {
            loop {
                let board = queue.pop_front()?;
                let here = key(&board, number);
                let Some(moves) = self.nodes.get(&here) else {
                    continue;
                };
                if !seen.insert(here) {
                    continue;
                }
                let top = self.tops.get(&here).map_or(&[][..], Vec::as_slice);
                let (node, children) = node(start, &board, moves.edges(), top);
                queue.extend(children);
                return Some(node);
            }
        })
    }
}

/// The node of `board`, and the boards its moves lead to.
fn node(
    start: DoubleStartingPosition,
    board: &Board,
    edges: &[Edge],
    top: &[TopGame],
) -> (Node, Vec<Board>) {
    let mut played: Vec<(NodeMove, Board)> = edges
        .iter()
        .map(|edge| {
            let (mv, counts) = (edge.mv, edge.counts());
            let mut after = board.clone();
            after.play_unchecked(mv);
            let node_move = NodeMove {
                uci: uci(mv, false, UciCastling::KingTakesRook).to_string(),
                san: san(board, mv, &after).to_string(),
                fen_after: epd(&after),
                counts,
            };
            (node_move, after)
        })
        .collect();
    played.sort_by(|(a, _), (b, _)| {
        b.counts
            .games()
            .cmp(&a.counts.games())
            .then_with(|| a.uci.cmp(&b.uci))
    });
    let (moves, children): (Vec<NodeMove>, Vec<Board>) = played.into_iter().unzip();
    let sum = |of: fn(&MoveCounts) -> u64| moves.iter().map(|m| of(&m.counts)).sum::<u64>();
    let top_games = top
        .iter()
        .map(|game| NodeGame {
            uci: uci(game.mv, false, UciCastling::KingTakesRook).to_string(),
            file: game.file,
            number: game.number,
            offset: game.offset,
            elo: game.elo,
            winner: game.outcome.winner(),
        })
        .collect();
    let node = Node {
        start,
        fen: epd(board),
        white: sum(|c| c.white),
        draws: sum(|c| c.draws),
        black: sum(|c| c.black),
        moves,
        top_games,
    };
    (node, children)
}
