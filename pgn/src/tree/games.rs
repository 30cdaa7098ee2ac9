//! The games kept with a node while counting ([`NodeGames`]): its highest-rated, its most
//! recent, and each move's latest (lichess's `topGames`, `recentGames` and a move's `game`).

use std::sync::Arc;

use cozy_chess::Move;

use crate::details::Mode;
use crate::filter::{Month, Speed};
use crate::game::Game;
use crate::outcome::Outcome;

/// A game kept with a node: who played it, where it is, and the move it played there.
#[derive(Clone, Debug)]
pub(crate) struct GameRef {
    pub(crate) elo: [Option<u32>; 2],
    /// Its players and lichess id, shared by every node that keeps the game.
    pub(crate) who: Arc<Who>,
    pub(crate) file: usize,
    pub(crate) number: u64,
    pub(crate) offset: u64,
    pub(crate) mv: Move,
    pub(crate) outcome: Outcome,
    pub(crate) speed: Option<Speed>,
    pub(crate) mode: Option<Mode>,
    pub(crate) month: Option<Month>,
}

/// A game's players and lichess id.
#[derive(Debug)]
pub(crate) struct Who {
    pub(crate) players: [String; 2],
    pub(crate) lichess_id: Option<String>,
}

impl Who {
    /// `game`'s.
    pub(crate) fn of(game: &Game) -> Arc<Who> {
        Arc::new(Who {
            players: game.players.clone().map(|name| name.into_owned()),
            lichess_id: game.lichess_id().map(str::to_owned),
        })
    }
}

impl GameRef {
    /// `game` (played by `who`), game number `file` of the inputs, which played `mv` at the
    /// node.
    pub(crate) fn new(
        game: &Game,
        who: &Arc<Who>,
        file: usize,
        mv: Move,
        outcome: Outcome,
    ) -> GameRef {
        GameRef {
            elo: game.elo,
            who: Arc::clone(who),
            file,
            number: game.number,
            offset: game.offset,
            mv,
            outcome,
            speed: game.speed,
            mode: game.mode(),
            month: game.month,
        }
    }

    /// Both players' Elo averaged, if both are known.
    pub(crate) fn rating(&self) -> Option<u32> {
        average_elo(self.elo)
    }

    /// Its rank among the top games: the highest average first, then the later month, then
    /// the earlier game in the inputs (games of the same rating rank by what they are, not
    /// by how the inputs were cut: a month's games are in one file).
    fn top_rank(&self) -> (std::cmp::Reverse<(u32, Option<Month>)>, usize, u64) {
        (
            std::cmp::Reverse((self.rating().unwrap_or(0), self.month)),
            self.file,
            self.number,
        )
    }

    /// Its rank among the recent games: the latest month first, then the later game in
    /// the inputs (a dump is in the order the games were played).
    fn recent_rank(&self) -> std::cmp::Reverse<(Option<Month>, usize, u64)> {
        std::cmp::Reverse((self.month, self.file, self.number))
    }
}

/// White's and Black's Elo averaged (rounded down), if both are known: a game's rating for
/// the top games, the tree's and the index's.
pub fn average_elo(elo: [Option<u32>; 2]) -> Option<u32> {
    match elo {
        [Some(white), Some(black)] => u32::try_from((u64::from(white) + u64::from(black)) / 2).ok(),
        _ => None,
    }
}

/// How many games a node keeps of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kept {
    pub(crate) top: usize,
    pub(crate) recent: usize,
}

impl Kept {
    /// Whether any game is kept.
    pub(crate) fn any(self) -> bool {
        self.top > 0 || self.recent > 0
    }
}

/// The games kept with one node.
#[derive(Clone, Debug, Default)]
pub(crate) struct NodeGames {
    pub(crate) top: Vec<GameRef>,
    pub(crate) recent: Vec<GameRef>,
    /// Each move's latest game, for a move of one game.
    pub(crate) latest: Vec<GameRef>,
}

impl NodeGames {
    /// Keeps `game` where it ranks.
    pub(crate) fn add(&mut self, game: GameRef, kept: Kept) {
        if game.rating().is_some() {
            keep(&mut self.top, game.clone(), kept.top, GameRef::top_rank);
        }
        keep(
            &mut self.recent,
            game.clone(),
            kept.recent,
            GameRef::recent_rank,
        );
        self.add_latest(game);
    }

    /// Adds another part's games, its games numbered after `games_before` games and
    /// `bytes_before` bytes of its input.
    pub(crate) fn merge(
        &mut self,
        other: NodeGames,
        games_before: u64,
        bytes_before: u64,
        kept: Kept,
    ) {
        let moved = |mut game: GameRef| {
            game.number += games_before;
            game.offset += bytes_before;
            game
        };
        for game in other.latest {
            self.add_latest(moved(game));
        }
        for game in other.top {
            keep(&mut self.top, moved(game), kept.top, GameRef::top_rank);
        }
        for game in other.recent {
            keep(
                &mut self.recent,
                moved(game),
                kept.recent,
                GameRef::recent_rank,
            );
        }
    }

    /// Keeps `game` as its move's latest, if it is.
    fn add_latest(&mut self, game: GameRef) {
        match self.latest.iter_mut().find(|seen| seen.mv == game.mv) {
            Some(seen) if seen.recent_rank() > game.recent_rank() => *seen = game,
            Some(_) => {}
            None => self.latest.push(game),
        }
    }
}

/// Adds `game` to `games` if it is among the `most` first by `rank` (the lowest rank first).
fn keep<R: Ord>(games: &mut Vec<GameRef>, game: GameRef, most: usize, rank: fn(&GameRef) -> R) {
    keep_ranked(games, 0..games.len(), game, most, rank);
}

/// Keeps `item` in the run `run` of `list` (sorted by `rank`, the lowest first, at most
/// `most` long) if it is among the run's `most` first, the run's last dropped if it grows
/// past `most`: the one selection of top and recent games, a tree's node's (its whole list
/// one run) and an index entry's (a run a bucket).
///
/// ```
/// use chess960_pgn::tree::keep_ranked;
///
/// // Two runs (by tens), each the 2 lowest kept.
/// let mut list = vec![11, 15, 23, 27];
/// keep_ranked(&mut list, 0..2, 13, 2, |n| *n);
/// keep_ranked(&mut list, 2..4, 29, 2, |n| *n);
/// assert_eq!(list, [11, 13, 23, 27]);
/// ```
pub fn keep_ranked<T, R: Ord>(
    list: &mut Vec<T>,
    run: std::ops::Range<usize>,
    item: T,
    most: usize,
    rank: impl Fn(&T) -> R,
) {
    let Some(kept) = list.get(run.clone()) else {
        return;
    };
    let before = kept.partition_point(|other| rank(other) <= rank(&item));
    if before >= most {
        return;
    }
    list.insert(run.start + before, item);
    if run.len() >= most {
        list.remove(run.start + most);
    }
}
