//! Each game's first plies → counts at the nodes it passes through ([`TreeBuilder`], a
//! sink), then the frozen [`Tree`] they make.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io;
use std::sync::Arc;

use cozy_chess::Color;

use super::edges::Moves;
use super::frozen::Tree;
use super::games::{GameRef, Who};
use super::key::key;
use super::plan::{Only, Plan, STARTS};
use super::play::root;
use super::sketch::Sketch;
use super::walk::Positions;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::sink::Sink;

/// Counts the games it is given into the opening trees a [`Plan`] names: a [`Sink`] (one per
/// input or part read, merged), made into a [`Tree`] by [`TreeBuilder::finish`].
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_pgn::{Input, Options, read, tree::{Plan, TreeBuilder}};
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n";
/// let sp = StartingPosition::STANDARD.into();
/// let plan = Plan::starts(vec![sp]);
/// let mut builder = TreeBuilder::new(&plan);
/// read(&mut Input::from_reader(pgn.as_bytes()), &mut builder, &Options::default().max_plies(plan.plies))?;
/// let tree = builder.finish();
/// assert_eq!(tree.node(sp, &["e2e4"])?.moves[0].san.as_str(), "e5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TreeBuilder {
    pub(crate) tree: Tree,
    /// The first pass's estimates, when rare nodes are pruned: only the nodes it lets
    /// reach `min_games` are counted.
    sketch: Option<Arc<Sketch>>,
    /// The input's number among those read, for the games kept.
    file: usize,
    positions: Positions,
}

impl TreeBuilder {
    /// An empty tree of `plan`'s starts.
    pub fn new(plan: &Plan) -> TreeBuilder {
        TreeBuilder::of_file(plan.clone(), 0, None)
    }

    /// An empty tree of `plan`'s starts, counting the games of input number `file` (for the
    /// games kept), only the nodes `sketch` lets reach the plan's `min_games`, if given.
    pub(crate) fn of_file(plan: Plan, file: usize, sketch: Option<Arc<Sketch>>) -> TreeBuilder {
        TreeBuilder {
            tree: Tree::empty(plan),
            sketch,
            file,
            positions: Positions::default(),
        }
    }

    /// The tree counted, its rare nodes pruned.
    pub fn finish(mut self) -> Tree {
        self.tree.prune();
        self.tree
    }

    /// The key of start number `start`'s root, remembered by each thread (a builder is made
    /// for every part of a file read on several threads: each would set up the board of
    /// every start it meets again).
    fn root_key(start: u32) -> u64 {
        thread_local! {
            static ROOT_KEYS: RefCell<HashMap<u32, u64>> = RefCell::new(HashMap::new());
        }
        let new = || STARTS.pair(start).map_or(0, |sp| key(&root(sp), start));
        ROOT_KEYS.with_borrow_mut(|keys| *keys.entry(start).or_insert_with(new))
    }

    /// Whether node `here`, the game's `ply`th, is counted.
    fn wants(&self, here: u64, ply: usize) -> bool {
        let planned = match self.tree.plan.only {
            Only::Every => true,
            Only::Node(only) => only == here,
            Only::Roots => ply == 0,
        };
        planned
            && self
                .sketch
                .as_ref()
                .is_none_or(|sketch| sketch.estimate(here) >= self.tree.plan.min_games)
    }

    /// Adds `other`'s counts, its games numbered after `games_before` games and
    /// `bytes_before` bytes of its input.
    pub(crate) fn merge(&mut self, other: TreeBuilder, games_before: u64, bytes_before: u64) {
        self.tree.merge(other.tree, games_before, bytes_before);
    }
}

impl std::fmt::Debug for TreeBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TreeBuilder")
            .field("tree", &self.tree)
            .finish_non_exhaustive()
    }
}

impl Sink for TreeBuilder {
    const COPIES: bool = false;
    const NEEDS_GAMES_BEFORE: bool = false;

    fn replays(&mut self, game: &Game) -> bool {
        self.tree.plan.start(game).is_some()
    }

    fn left_out(&mut self, _game: &Game) {
        self.tree.summary.read += 1;
        self.tree.summary.left_out += 1;
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let summary = &mut self.tree.summary;
        let start = match (&game.start, self.tree.plan.start(game)) {
            (Err(why), _) => {
                summary.no_start(why);
                return Ok(());
            }
            (Ok(_), None) => {
                summary.read += 1;
                summary.other_start += 1;
                return Ok(());
            }
            (Ok(_), Some(start)) => start,
        };
        summary.read += 1;
        let (Some(outcome), Some(replay)) = (Outcome::of(&game.result), game.moves) else {
            summary.unfinished += 1;
            return Ok(());
        };
        let plies = self.tree.plan.plies;
        let mut positions = std::mem::take(&mut self.positions);
        let first = positions
            .of(replay, start, plies)
            .first()
            .map(|visit| visit.key);
        if let Only::Node(only) = self.tree.plan.only {
            if !positions.visits().iter().any(|visit| visit.key == only) {
                self.tree.summary.elsewhere += 1;
                self.positions = positions;
                return Ok(());
            }
        }
        let summary = &mut self.tree.summary;
        summary.counted += 1;
        self.tree.starts.insert(start);
        if let Some(error) = replay.error().filter(|e| e.ply <= plies) {
            summary.illegal += 1;
            summary.first_illegal.get_or_insert((self.file, *error));
        }
        if let (Some(first), Some(board)) = (first, positions.start()) {
            if first != TreeBuilder::root_key(start) {
                self.tree.summary.fewer_castling += 1;
                let roots = self.tree.other_roots.entry(start).or_default();
                roots.entry(first).or_insert_with(|| board.clone());
            }
        }
        let visits = positions.visits();
        let kept = self.tree.plan.kept();
        let who = kept.any().then(|| Who::of(game));
        for (ply, visit) in visits.iter().enumerate() {
            if !self.wants(visit.key, ply) {
                continue;
            }
            let [white, black] = game.elo;
            let rating = match visit.mover {
                Color::White => white,
                Color::Black => black,
            };
            match self.tree.nodes.get_mut(&visit.key) {
                Some(moves) => moves.add(visit.mv, outcome, rating),
                None => {
                    let moves = Moves::first(visit.mv, outcome, rating);
                    self.tree.nodes.insert(visit.key, moves);
                }
            }
            if let Some(who) = &who {
                let kept_game = GameRef::new(game, who, self.file, visit.mv, outcome);
                let games = self.tree.games.entry(visit.key).or_default();
                games.add(kept_game, kept);
            }
        }
        for pass in positions.passes() {
            if self.wants(pass.key, 1) {
                match self.tree.nodes.get_mut(&pass.key) {
                    Some(moves) => moves.pass(pass.mv),
                    None => {
                        self.tree.nodes.insert(pass.key, Moves::passing(pass.mv));
                    }
                }
            }
        }
        self.positions = positions;
        Ok(())
    }
}
