//! A node's moves as they are kept while counting ([`Moves`]): 32 bytes a move, the first
//! one inline, since most nodes of a large database are reached by one game and have one
//! move; 48 bytes a node with its key, where a `Vec` of `MoveCounts` took 130 or more.

use cozy_chess::Move;

use super::counts::MoveCounts;
use crate::outcome::Outcome;

/// A move from a node and its games, counted in 32-bit numbers (a node of more than four
/// billion games saturates).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub(crate) mv: Move,
    white: u32,
    draws: u32,
    black: u32,
    rated: u32,
    rating_sum: u64,
}

impl Edge {
    fn new(mv: Move) -> Edge {
        Edge {
            mv,
            white: 0,
            draws: 0,
            black: 0,
            rated: 0,
            rating_sum: 0,
        }
    }

    /// Its counts, as the tree gives them.
    pub(crate) fn counts(&self) -> MoveCounts {
        MoveCounts {
            white: u64::from(self.white),
            draws: u64::from(self.draws),
            black: u64::from(self.black),
            rating_sum: self.rating_sum,
            rated: u64::from(self.rated),
        }
    }

    pub(crate) fn games(&self) -> u64 {
        u64::from(self.white) + u64::from(self.draws) + u64::from(self.black)
    }

    fn add(&mut self, outcome: Outcome, rating: Option<u32>) {
        let count = match outcome {
            Outcome::White => &mut self.white,
            Outcome::Draw => &mut self.draws,
            Outcome::Black => &mut self.black,
        };
        *count = count.saturating_add(1);
        if let Some(rating) = rating {
            self.rating_sum = self.rating_sum.saturating_add(u64::from(rating));
            self.rated = self.rated.saturating_add(1);
        }
    }

    fn merge(&mut self, other: &Edge) {
        self.white = self.white.saturating_add(other.white);
        self.draws = self.draws.saturating_add(other.draws);
        self.black = self.black.saturating_add(other.black);
        self.rated = self.rated.saturating_add(other.rated);
        self.rating_sum = self.rating_sum.saturating_add(other.rating_sum);
    }
}

/// A node's moves: one inline, or several.
#[derive(Clone, Debug)]
pub(crate) enum Moves {
    One(Edge),
    Many(Vec<Edge>),
}

impl Moves {
    /// The moves.
    pub(crate) fn edges(&self) -> &[Edge] {
        match self {
            Moves::One(edge) => std::slice::from_ref(edge),
            Moves::Many(edges) => edges,
        }
    }

    /// The games that reached the node.
    pub(crate) fn games(&self) -> u64 {
        self.edges().iter().map(Edge::games).sum()
    }

    /// The edge of `mv`, made if it is new (always `Some`).
    fn edge(&mut self, mv: Move) -> Option<&mut Edge> {
        if let Moves::One(first) = *self {
            if first.mv != mv {
                *self = Moves::Many(vec![first]);
            }
        }
        match self {
            Moves::One(edge) => Some(edge),
            Moves::Many(edges) => {
                if !edges.iter().any(|edge| edge.mv == mv) {
                    edges.push(Edge::new(mv));
                }
                edges.iter_mut().find(|edge| edge.mv == mv)
            }
        }
    }

    /// The moves of one game's visit: `mv` played, the game ended so, the mover so rated.
    pub(crate) fn first(mv: Move, outcome: Outcome, rating: Option<u32>) -> Moves {
        let mut edge = Edge::new(mv);
        edge.add(outcome, rating);
        Moves::One(edge)
    }

    /// The moves of a node a game played `mv` from and then came back to: `mv` with no
    /// game counted (the game counts at its last move there).
    pub(crate) fn passing(mv: Move) -> Moves {
        Moves::One(Edge::new(mv))
    }

    /// Notes that a game played `mv` here before it came back (no game counted).
    pub(crate) fn pass(&mut self, mv: Move) {
        let _ = self.edge(mv);
    }

    /// Counts one more game that played `mv`.
    pub(crate) fn add(&mut self, mv: Move, outcome: Outcome, rating: Option<u32>) {
        if let Some(edge) = self.edge(mv) {
            edge.add(outcome, rating);
        }
    }

    /// Adds another count of the same node.
    pub(crate) fn merge(&mut self, other: &Moves) {
        for edge in other.edges() {
            if let Some(mine) = self.edge(edge.mv) {
                mine.merge(edge);
            }
        }
    }
}
