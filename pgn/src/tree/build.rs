//! Each game's first plies → counts at the nodes it passes through ([`Tree`] as a sink).

use std::collections::{BTreeSet, HashMap};

use chess960::DoubleStartingPosition;
use std::io;
use std::sync::Arc;

use cozy_chess::{Color, Move};

use super::counts::Outcome;
use super::edges::Moves;
use super::key::{KeyMap, key};
use super::plan::{Only, Plan, STARTS};
use super::play::root;
use super::sketch::Sketch;
use super::walk::Positions;
use crate::game::Game;
use crate::sink::Sink;

/// One of a node's highest-rated games: where it is, and the move it played there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TopGame {
    pub(crate) rating: u32,
    pub(crate) elo: [u32; 2],
    pub(crate) file: usize,
    pub(crate) number: u64,
    pub(crate) offset: u64,
    pub(crate) mv: Move,
    pub(crate) outcome: Outcome,
}

/// The opening trees of the starts a [`Plan`] names, counted from games: a [`Sink`] (one per
/// file or part read), merged into one, then asked for nodes ([`Tree::node`],
/// [`Tree::nodes`]).
pub struct Tree {
    pub(crate) plan: Plan,
    pub(crate) nodes: KeyMap<Moves>,
    /// The top games of each node, when the plan keeps some.
    pub(crate) tops: KeyMap<Vec<TopGame>>,
    /// The first pass's estimates, when rare nodes are pruned: only the nodes it lets
    /// reach `min_games` are counted.
    sketch: Option<Arc<Sketch>>,
    file: usize,
    games: u64,
    /// The numbers of the starts of the games counted.
    starts: BTreeSet<u32>,
    /// The key of each start's root, by its number, for `Plan::roots`.
    roots: HashMap<u32, u64>,
    positions: Positions,
}

impl Tree {
    /// An empty tree of `plan`'s starts, counting the games of file number `file` (for the
    /// top games), only the nodes `sketch` lets reach the plan's `min_games`, if given.
    pub(crate) fn new(plan: Plan, file: usize, sketch: Option<Arc<Sketch>>) -> Tree {
        Tree {
            plan,
            nodes: KeyMap::default(),
            tops: KeyMap::default(),
            sketch,
            file,
            games: 0,
            starts: BTreeSet::new(),
            roots: HashMap::new(),
            positions: Positions::default(),
        }
    }

    /// The games counted: finished games of the plan's starts.
    pub fn games(&self) -> u64 {
        self.games
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

    /// Whether the node `key` of start number `start` is counted.
    fn wants(&mut self, here: u64, start: u32) -> bool {
        let planned = match self.plan.only {
            Only::Every => true,
            Only::Node(only) => only == here,
            Only::Roots => {
                let root = self
                    .roots
                    .entry(start)
                    .or_insert_with(|| STARTS.pair(start).map_or(0, |sp| key(&root(sp), start)));
                *root == here
            }
        };
        planned
            && self
                .sketch
                .as_ref()
                .is_none_or(|sketch| sketch.estimate(here) >= self.plan.min_games)
    }

    /// Adds `other`'s counts, its games numbered after `games_before` games and
    /// `bytes_before` bytes of its file.
    pub(crate) fn merge(&mut self, mut other: Tree, games_before: u64, bytes_before: u64) {
        self.games += other.games;
        self.starts.extend(std::mem::take(&mut other.starts));
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
        for (key, games) in other.tops {
            let mine = self.tops.entry(key).or_default();
            for mut top in games {
                top.number += games_before;
                top.offset += bytes_before;
                keep_top(mine, top, self.plan.top_games);
            }
        }
    }

    /// Drops the nodes fewer than the plan's `min_games` games reached.
    pub(crate) fn prune(&mut self) {
        let min = self.plan.min_games;
        if min > 1 {
            self.nodes.retain(|_, moves| moves.games() >= min);
            let nodes = &self.nodes;
            self.tops.retain(|key, _| nodes.contains_key(key));
        }
    }
}

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree")
            .field("plan", &self.plan)
            .field("games", &self.games)
            .field("nodes", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

/// Adds `game` to `top` if it is among the `most` highest rated (the earlier game first
/// among equals).
fn keep_top(top: &mut Vec<TopGame>, game: TopGame, most: usize) {
    let rank = |g: &TopGame| (std::cmp::Reverse(g.rating), g.file, g.number);
    let at = top.partition_point(|kept| rank(kept) < rank(&game));
    if at < most {
        top.insert(at, game);
        top.truncate(most);
    }
}

impl Sink for Tree {
    const COPIES: bool = false;

    fn replays(&mut self, game: &Game) -> bool {
        self.plan.start(game).is_some()
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let (Some((start, outcome)), Some(replay)) = (self.plan.counts(game), game.moves) else {
            return Ok(());
        };
        self.games += 1;
        self.starts.insert(start);
        let mut positions = std::mem::take(&mut self.positions);
        for visit in positions.of(replay, start, self.plan.plies) {
            if !self.wants(visit.key, start) {
                continue;
            }
            let [white, black] = game.elo;
            let rating = if visit.mover == Color::White {
                white
            } else {
                black
            };
            match self.nodes.get_mut(&visit.key) {
                Some(moves) => moves.add(visit.mv, outcome, rating),
                None => {
                    self.nodes
                        .insert(visit.key, Moves::first(visit.mv, outcome, rating));
                }
            }
            if let ([Some(white), Some(black)], 1..) = (game.elo, self.plan.top_games) {
                let top = TopGame {
                    rating: u32::try_from((u64::from(white) + u64::from(black)) / 2)
                        .unwrap_or(u32::MAX),
                    elo: [white, black],
                    file: self.file,
                    number: game.number,
                    offset: game.offset,
                    mv: visit.mv,
                    outcome,
                };
                keep_top(
                    self.tops.entry(visit.key).or_default(),
                    top,
                    self.plan.top_games,
                );
            }
        }
        self.positions = positions;
        Ok(())
    }
}
