//! The counted opening trees ([`Tree`]): frozen, asked for nodes (`node.rs`), summed with
//! another part's counts while reading.

use std::collections::{BTreeSet, HashMap};

use chess960::DoubleStartingPosition;
use cozy_chess::Board;

use super::edges::Moves;
use super::games::NodeGames;
use super::key::KeyMap;
use super::plan::{Plan, STARTS};
use super::summary::Summary;

/// The roots of games that began at their start with fewer castling rights, by start
/// number and key.
pub(crate) type OtherRoots = HashMap<u32, KeyMap<Board>>;

/// The opening trees of the starts a [`Plan`] names, counted from games
/// ([`Tree::read_files`], [`Tree::read`], or a [`TreeBuilder`](super::TreeBuilder)), asked
/// for nodes ([`Tree::node`], [`Tree::nodes`], [`Tree::roots`]).
pub struct Tree {
    pub(crate) plan: Plan,
    pub(crate) nodes: KeyMap<Moves>,
    /// The games kept with each node, when the plan keeps some.
    pub(crate) games: KeyMap<NodeGames>,
    /// The numbers of the starts of the games counted.
    pub(crate) starts: BTreeSet<u32>,
    pub(crate) summary: Summary,
    /// The roots of games that began at their start with fewer castling rights.
    pub(crate) other_roots: OtherRoots,
}

impl Tree {
    /// No node yet.
    pub(crate) fn empty(plan: Plan) -> Tree {
        Tree {
            plan,
            nodes: KeyMap::default(),
            games: KeyMap::default(),
            starts: BTreeSet::new(),
            summary: Summary::default(),
            other_roots: OtherRoots::default(),
        }
    }

    /// The games counted: finished games of the plan's starts.
    pub fn games(&self) -> u64 {
        self.summary.counted
    }

    /// What was done with each game read: counted, or passed over and why.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The starts of the games counted, by White's id, then Black's.
    pub fn starts(&self) -> Vec<DoubleStartingPosition> {
        self.starts
            .iter()
            .filter_map(|&n| STARTS.pair(n).ok())
            .collect()
    }

    /// The nodes kept.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node is kept.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The plan it counts by.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Adds `other`'s counts, its games numbered after `games_before` games and
    /// `bytes_before` bytes of its input.
    pub(crate) fn merge(&mut self, mut other: Tree, games_before: u64, bytes_before: u64) {
        self.summary.merge(&other.summary);
        self.starts.extend(std::mem::take(&mut other.starts));
        for (start, roots) in other.other_roots {
            let mine = self.other_roots.entry(start).or_default();
            for (key, board) in roots {
                mine.entry(key).or_insert(board);
            }
        }
        // The smaller map is merged into the larger, so that memory peaks at the larger.
        if other.nodes.len() > self.nodes.len() {
            std::mem::swap(&mut self.nodes, &mut other.nodes);
        }
        for (key, moves) in other.nodes {
            match self.nodes.get_mut(&key) {
                Some(mine) => mine.merge(&moves),
                None => {
                    self.nodes.insert(key, moves);
                }
            }
        }
        let kept = self.plan.kept();
        for (key, games) in other.games {
            let mine = self.games.entry(key).or_default();
            mine.merge(games, games_before, bytes_before, kept);
        }
    }

    /// Drops the nodes fewer than the plan's `min_games` games reached.
    pub(crate) fn prune(&mut self) {
        let min = self.plan.min_games;
        if min > 1 {
            self.nodes.retain(|_, moves| moves.games() >= min);
            let nodes = &self.nodes;
            self.games.retain(|key, _| nodes.contains_key(key));
        }
    }
}

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree")
            .field("plan", &self.plan)
            .field("summary", &self.summary)
            .field("nodes", &self.nodes.len())
            .finish_non_exhaustive()
    }
}
