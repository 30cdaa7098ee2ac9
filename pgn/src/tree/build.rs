//! Each game's first plies → counts at the nodes it passes through ([`Tree`] as a sink).

use std::collections::{BTreeSet, HashMap};

use chess960::{DoubleStartingPosition, StartingPosition};
use std::io;
use std::sync::Arc;

use cozy_chess::{Color, Move};

use super::counts::{MoveCounts, Outcome};
use super::plan::Plan;
use super::sketch::Sketch;
use super::walk::Positions;
use crate::game::Game;
use crate::sink::Sink;

/// What is kept of a node: its moves with their counts, and its top games.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counted {
    pub(crate) moves: Vec<(Move, MoveCounts)>,
    pub(crate) top: Vec<TopGame>,
}

impl Counted {
    /// The games that reached it.
    pub(crate) fn games(&self) -> u64 {
        self.moves.iter().map(|(_, counts)| counts.games()).sum()
    }
}

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
    pub(crate) nodes: HashMap<u64, Counted>,
    /// The first pass's estimates, when rare nodes are pruned: only the nodes it lets
    /// reach `min_games` are counted.
    sketch: Option<Arc<Sketch>>,
    file: usize,
    games: u64,
    /// The numbers of the starts of the games counted.
    starts: BTreeSet<u32>,
    positions: Positions,
}

impl Tree {
    /// An empty tree of `plan`'s starts, counting the games of file number `file` (for the
    /// top games), only the nodes `sketch` lets reach the plan's `min_games`, if given.
    pub(crate) fn new(plan: Plan, file: usize, sketch: Option<Arc<Sketch>>) -> Tree {
        Tree {
            plan,
            nodes: HashMap::new(),
            sketch,
            file,
            games: 0,
            starts: BTreeSet::new(),
            positions: Positions::default(),
        }
    }

    /// The games counted: finished games of the plan's starts.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The starts of the games counted, by White's id, then Black's.
    pub fn starts(&self) -> Vec<DoubleStartingPosition> {
        let sp = |id: u32| StartingPosition::from_id(u16::try_from(id).ok()?).ok();
        self.starts
            .iter()
            .filter_map(|&n| Some(DoubleStartingPosition::new(sp(n / 960)?, sp(n % 960)?)))
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

    fn wants(&self, key: u64) -> bool {
        self.plan.wants(key)
            && self
                .sketch
                .as_ref()
                .is_none_or(|sketch| sketch.estimate(key) >= self.plan.min_games)
    }

    /// Adds `other`'s counts, its games numbered after `games_before` games and
    /// `bytes_before` bytes of its file.
    pub(crate) fn merge(&mut self, other: Tree, games_before: u64, bytes_before: u64) {
        self.games += other.games;
        self.starts.extend(other.starts);
        for (key, counted) in other.nodes {
            let mine = self.nodes.entry(key).or_default();
            for (mv, counts) in &counted.moves {
                match mine.moves.iter_mut().find(|(known, _)| known == mv) {
                    Some((_, known)) => known.merge(counts),
                    None => mine.moves.push((*mv, *counts)),
                }
            }
            for mut top in counted.top {
                top.number += games_before;
                top.offset += bytes_before;
                keep_top(&mut mine.top, top, self.plan.top_games);
            }
        }
    }

    /// Drops the nodes fewer than the plan's `min_games` games reached.
    pub(crate) fn prune(&mut self) {
        let min = self.plan.min_games;
        if min > 1 {
            self.nodes.retain(|_, counted| counted.games() >= min);
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
            if !self.wants(visit.key) {
                continue;
            }
            let [white, black] = game.elo;
            let rating = if visit.mover == Color::White {
                white
            } else {
                black
            };
            let top_games = self.plan.top_games;
            let counted = self.nodes.entry(visit.key).or_default();
            match counted.moves.iter_mut().find(|(mv, _)| *mv == visit.mv) {
                Some((_, counts)) => counts.add(outcome, rating),
                None => {
                    let mut counts = MoveCounts::default();
                    counts.add(outcome, rating);
                    counted.moves.push((visit.mv, counts));
                }
            }
            if let [Some(white), Some(black)] = game.elo {
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
                keep_top(&mut counted.top, top, top_games);
            }
        }
        self.positions = positions;
        Ok(())
    }
}
