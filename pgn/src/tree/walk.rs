//! A game's replayed moves → the nodes it passes through, each once ([`Positions`]), keyed
//! as the tree keys them or as the on-disk index does.

use cozy_chess::{Board, Color, Move, Piece};

use super::key::key;
use crate::moves::Replay;

/// One node a game passed through: its key, the move the game played there, and who moved.
#[derive(Clone, Copy, Debug)]
pub struct Visit<K = u64> {
    /// The node's key.
    pub key: K,
    /// The move the game played there (its last, if it came back).
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
}

/// The nodes of one game, a buffer kept from game to game.
#[derive(Debug)]
pub struct Positions<K = u64> {
    visits: Vec<Visit<K>>,
    /// The moves a game played from a node before it came back there: not counted (its
    /// last move there is), but they lead to nodes it counts at.
    passes: Vec<Visit<K>>,
    /// The position the last game walked began at.
    start: Option<Board>,
}

impl<K> Default for Positions<K> {
    fn default() -> Positions<K> {
        Positions {
            visits: Vec::new(),
            passes: Vec::new(),
            start: None,
        }
    }
}

impl Positions {
    /// The nodes `replay` passes through in its first `plies` plies, in the tree of start
    /// number `start`: each once, with the last move played from it (a game that comes back
    /// to a position counts there once, as lichess counts it). A null move ends the walk.
    pub(crate) fn of(&mut self, replay: &Replay, start: u32, plies: u32) -> &[Visit] {
        self.keyed(replay, plies, |board| key(board, start))
    }
}

impl<K: Copy + PartialEq> Positions<K> {
    /// [`Positions::of`], each position keyed by `key`.
    pub(crate) fn keyed(
        &mut self,
        replay: &Replay,
        plies: u32,
        key: impl Fn(&Board) -> K,
    ) -> &[Visit<K>] {
        self.walked(|visit| replay.walk(visit), plies, key)
    }

    /// The nodes the moves `walk` gives pass through (each with the board it is played on,
    /// until the visit it is given says stop) in their first `plies` plies, each keyed by
    /// `key`: each once, with the last move played from it; a null move ends the walk.
    pub fn walked(
        &mut self,
        walk: impl FnOnce(&mut dyn FnMut(&Board, cozy_chess::Move) -> bool),
        plies: u32,
        key: impl Fn(&Board) -> K,
    ) -> &[Visit<K>] {
        self.visits.clear();
        self.passes.clear();
        self.start = None;
        let mut left = plies;
        // The visits from here on may repeat: a pawn move or a capture makes every earlier
        // position unreachable.
        let mut reachable = 0;
        walk(&mut |board: &Board, mv| {
            if left == 0 {
                return false;
            }
            left -= 1;
            if self.start.is_none() {
                self.start = Some(board.clone());
            }
            let visit = Visit {
                key: key(board),
                mv,
                mover: board.side_to_move(),
            };
            // Keep the last visit: an earlier one of the same key is replaced in place.
            let recent = self.visits.get_mut(reachable..).unwrap_or_default();
            match recent.iter_mut().find(|seen| seen.key == visit.key) {
                Some(seen) => {
                    if seen.mv != visit.mv {
                        self.passes.push(*seen);
                    }
                    seen.mv = visit.mv;
                }
                None => self.visits.push(visit),
            }
            let pawn = board.pieces(Piece::Pawn).has(mv.from);
            if pawn || board.occupied().has(mv.to) {
                reachable = self.visits.len();
            }
            true
        });
        &self.visits
    }

    /// The nodes of the last game walked ([`Positions::of`]).
    pub(crate) fn visits(&self) -> &[Visit<K>] {
        &self.visits
    }

    /// The position the last game walked ([`Positions::of`]) began at, if it played a move.
    pub(crate) fn start(&self) -> Option<&Board> {
        self.start.as_ref()
    }

    /// The moves the last game walked ([`Positions::of`]) played from a node and then
    /// replaced by a later one there.
    pub(crate) fn passes(&mut self) -> &[Visit<K>] {
        let counted = &self.visits;
        self.passes.retain(|pass| {
            !counted
                .iter()
                .any(|visit| visit.key == pass.key && visit.mv == pass.mv)
        });
        &self.passes
    }
}
