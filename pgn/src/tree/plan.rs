//! What a tree counts ([`Plan`]): the starts, the plies, the rarest node kept, one node only
//! (`--play`), and the top games kept per node.

use chess960::DoubleStartingPosition;
use chess960::numbering::DfrcNumbering;

use super::games::Kept;
use super::play::{PlayError, play};
use crate::game::Game;
use crate::outcome::Outcome;

/// Plies counted by default: lichess's explorer indexes the first 50 of a game.
pub const PLIES: u32 = 50;

/// What a [`Tree`](crate::tree::Tree) counts.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_pgn::tree::Plan;
///
/// let sp = StartingPosition::from_id(105).unwrap().into();
/// let plan = Plan::starts(vec![sp]).plies(12).min_games(5);
/// assert_eq!((plan.plies, plan.min_games), (12, 5));
/// assert!(Plan::all().starts.is_none());
/// let after_b4 = Plan::starts(vec![sp]).at(sp, &["b2b4", "b8c6"])?;
/// assert!(Plan::starts(vec![sp]).at(sp, &["e2e5"]).is_err());
/// # Ok::<(), chess960_pgn::tree::PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Plan {
    /// The starts (pairs for Double Fischer Random) whose games are counted; `None`: every
    /// start's, each in a tree of its own.
    pub starts: Option<Vec<DoubleStartingPosition>>,
    /// The plies counted of each game ([`PLIES`] by default).
    pub plies: u32,
    /// The fewest games a node is kept with: rarer ones are pruned (1: none is).
    pub min_games: u64,
    /// The highest-rated games kept per node (both players' Elo averaged), 0 by default.
    pub top_games: usize,
    /// The most recent games kept per node (by month, then input order), 0 by default.
    pub recent_games: usize,
    /// Which nodes are counted: every one, one (`Plan::at`), or each start's root
    /// (`Plan::roots`).
    pub(crate) only: Only,
}

/// Which nodes a plan counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Only {
    Every,
    Node(u64),
    Roots,
}

impl Plan {
    /// Every start's tree.
    pub fn all() -> Plan {
        Plan {
            starts: None,
            plies: PLIES,
            min_games: 1,
            top_games: 0,
            recent_games: 0,
            only: Only::Every,
        }
    }

    /// The trees of these starts.
    pub fn starts(starts: Vec<DoubleStartingPosition>) -> Plan {
        Plan {
            starts: Some(starts),
            ..Plan::all()
        }
    }

    /// Counts the first `plies` plies of each game.
    #[must_use]
    pub fn plies(self, plies: u32) -> Plan {
        Plan { plies, ..self }
    }

    /// Keeps only the nodes at least `games` games reached.
    #[must_use]
    pub fn min_games(self, games: u64) -> Plan {
        Plan {
            min_games: games.max(1),
            ..self
        }
    }

    /// Keeps the `games` highest-rated games of each node.
    #[must_use]
    pub fn top_games(self, games: usize) -> Plan {
        Plan {
            top_games: games,
            ..self
        }
    }

    /// Keeps the `games` most recent games of each node (by month, then the later in the
    /// inputs).
    #[must_use]
    pub fn recent_games(self, games: usize) -> Plan {
        Plan {
            recent_games: games,
            ..self
        }
    }

    /// How many games each node keeps.
    pub(crate) fn kept(&self) -> Kept {
        Kept {
            top: self.top_games,
            recent: self.recent_games,
        }
    }

    /// Counts only the node reached from `start` by `moves` (UCI, castling as the king
    /// taking its rook or, where that is unambiguous, by the king's two squares), as
    /// lichess's `play=` parameter: all the games that reach it, by any order of moves.
    ///
    /// # Errors
    ///
    /// The first move that is not UCI or not legal there.
    pub fn at(
        self,
        start: DoubleStartingPosition,
        moves: &[impl AsRef<str>],
    ) -> Result<Plan, PlayError> {
        let board = play(start, moves)?;
        Ok(Plan {
            only: Only::Node(super::key::key(&board, STARTS.number(start))),
            starts: Some(vec![start]),
            ..self
        })
    }

    /// Counts only each start's root: its first moves, as a tree's first node shows them, in
    /// little memory whatever the games.
    ///
    /// ```
    /// use chess960_pgn::tree::Plan;
    ///
    /// let plan = Plan::all().roots();
    /// # let _ = plan;
    /// ```
    #[must_use]
    pub fn roots(self) -> Plan {
        Plan {
            only: Only::Roots,
            ..self
        }
    }

    /// The number of `game`'s start, if it is one of the plan's (known once its tags are
    /// read).
    pub(crate) fn start(&self, game: &Game) -> Option<u32> {
        let start = *game.start.as_ref().ok()?;
        let wanted = self.starts.as_ref().is_none_or(|s| s.contains(&start));
        wanted.then(|| STARTS.number(start))
    }

    /// The number of `game`'s start and how it ended, if it is counted: a start of the plan,
    /// a finished game.
    pub(crate) fn counts(&self, game: &Game) -> Option<(u32, Outcome)> {
        Some((self.start(game)?, Outcome::of(&game.result)?))
    }
}

impl Default for Plan {
    /// [`Plan::all`].
    fn default() -> Plan {
        Plan::all()
    }
}

/// A start's number among all pairs, White's id major (Clover's numbering): how the tree
/// tells starts apart in its keys and its list of starts.
pub const STARTS: DfrcNumbering = DfrcNumbering::Clover;
