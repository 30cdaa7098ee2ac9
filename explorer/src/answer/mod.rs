//! A query → the index's answer ([`Answer`]): the position the query's moves reach, then in
//! each segment its all-months row (or its rows of the months asked) and the games of its
//! postings, each bucket the filters admit summed into each move's counts, the node's totals
//! and history, and its top and recent games.

pub(crate) mod explorer;
pub(crate) mod fen_rules;
pub(crate) mod history;
pub(crate) mod player;
mod player_starts;
pub(crate) mod query;
mod tree;
pub(crate) mod whole_game;

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::path::PathBuf;

use crate::answer::history::{MonthGames, history};
use crate::answer::query::{MAX_MASTERS_TOP_GAMES, MAX_RECENT_GAMES, MAX_TOP_GAMES, Query};
use crate::error::{IndexError, QueryError};
use crate::store::bucket::Filter;
use crate::store::code::decode;
use crate::store::counted::CountedGame;
use crate::store::entry::KEPT;
use crate::store::entry::{Entry, GameAt};
use crate::store::evals::CloudEval;
use crate::store::games::{Head, Record};
use crate::store::key::{Position, month_number, position};
use crate::store::state::State;
use crate::store::tables::{GAMES, POSTINGS};
use crate::store::visit::visits;
use chess960_pgn::moves::{UciCastling, uci};
use chess960_pgn::tree::PLIES;
use chess960_pgn::tree::key::epd;
use chess960_pgn::tree::{MoveCounts, NodeGame, NodeMove};

/// A node of the index as lichess's explorer answers it: how the games that reached it (of
/// the query's filters) ended, each move played there, its top and recent games, and, when
/// asked, its games month by month.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct Answer {
    /// The position: the FEN's first four fields (castling by the rooks' files).
    pub fen: String,
    /// Games White won.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// The moves played there, most played first (then by UCI), as many as asked.
    pub moves: Vec<NodeMove>,
    /// Moves games played there before they came back to it, not counted here (a game
    /// counts at its last move from a position, as lichess counts it): the tree lists them
    /// (`Node::through`), an index keeps none.
    pub through: Vec<NodeMove>,
    /// Its highest-rated games (both players' Elo averaged), the earlier first among equals.
    /// A game's `file` is its file's number in the index ([`super::FileAdded::number`]).
    pub top_games: Vec<NodeGame>,
    /// Its latest games: the latest month first, then the later added.
    pub recent_games: Vec<NodeGame>,
    /// Its games month by month, when asked: every month from `since` (else the first with
    /// games) to the last with games, months without games included, as lichess lists them
    /// (at most the last 1,200).
    pub history: Option<Vec<MonthGames>>,
    /// The engine's evaluation of the position, where the index holds one (`index evals`).
    pub eval: Option<CloudEval>,
    /// The evaluation of the position each move reaches, in the order of `moves` (empty when
    /// the index holds no evaluation at all).
    pub move_evals: Vec<Option<CloudEval>>,
}

impl Answer {
    /// The games that reached it.
    pub fn games(&self) -> u64 {
        self.white + self.draws + self.black
    }

    /// Every game it lists: each move's one game, then its top and recent games.
    pub fn listed_games(&self) -> impl Iterator<Item = &NodeGame> {
        let one_games = self.moves.iter().filter_map(|mv| mv.game.as_ref());
        one_games.chain(&self.top_games).chain(&self.recent_games)
    }

    /// The answer cut to what `query` asks for: its first `moves` moves, `top_games` top
    /// games (of at most [`Query::max_top_games`] found), and `recent_games` recent games
    /// within what the top games found leave of [`MAX_RECENT_GAMES`], as lichess lists them.
    /// An index's answers are cut so already; a tree's node keeps what its plan asked.
    ///
    /// ```
    /// use chess960_explorer::{Answer, Query};
    /// use chess960_pgn::tree::NodeGame;
    ///
    /// let game = |n| NodeGame::new("e2e4".parse().unwrap(), chess960_pgn::Outcome::Draw);
    /// let mut answer = Answer::default();
    /// answer.top_games = (0..3).map(game).collect();
    /// answer.recent_games = (0..9).map(game).collect();
    /// answer.limit(&Query::default());
    /// assert_eq!((answer.top_games.len(), answer.recent_games.len()), (3, 5));
    /// ```
    pub fn limit(&mut self, query: &Query) {
        self.moves.truncate(query.moves.unwrap_or(usize::MAX));
        let (top, recent) = limits(query, self.top_games.len());
        self.top_games.truncate(top);
        self.recent_games.truncate(recent);
    }
}

// What an index keeps is what answers list at most.
const _: () = assert!(
    MAX_TOP_GAMES <= KEPT.top
        && MAX_MASTERS_TOP_GAMES <= KEPT.best
        && MAX_RECENT_GAMES <= KEPT.recent
);

/// How many top and recent games an answer to `query` lists, `found` top games found: at
/// most `top_games` of the [`Query::max_top_games`] found, and at most `recent_games` of what
/// those found leave of [`MAX_RECENT_GAMES`] (lichess's rule, whether or not the top games
/// are listed).
fn limits(query: &Query, found: usize) -> (usize, usize) {
    let max_top = query.max_top_games.min(KEPT.best);
    let found = found.min(max_top);
    let recent = MAX_RECENT_GAMES.saturating_sub(found).min(KEPT.recent);
    (query.top_games.min(max_top), query.recent_games.min(recent))
}

/// One move's games as the filters count them.
#[derive(Default)]
struct Tally {
    counts: MoveCounts,
    /// The game of a move of one game.
    game: Option<u64>,
}

/// The answer to `query` from the index's state, its evaluations not read; with `keys`, the
/// keys of the position and of those its moves reach, in the order of the answer's moves, to
/// read them by.
pub(crate) fn answer(
    state: &State,
    query: &Query,
    keys: bool,
) -> Result<(Answer, Vec<Position>), QueryError> {
    let board = query.board()?;
    let filter = Filter {
        speeds: query.speeds,
        ratings: query.ratings,
    };
    let here = position(&board);
    // A plain query reads each segment's all-months row; months are read only when a
    // filter or the history asks for them (a game of no known month only when neither end
    // is given).
    let by_month = query.since.is_some() || query.until.is_some() || query.history;
    let first = match (query.since, query.until) {
        (None, None) => 0,
        (since, _) => month_number(since).max(1),
    };
    let last = query
        .until
        .map_or(u16::MAX, |until| month_number(Some(until)));
    let entries = entries(state, &here, by_month.then_some(first..=last))?;
    let mut moves: HashMap<u16, Tally> = HashMap::new();
    let mut top: Vec<GameAt> = Vec::new();
    let mut recent: Vec<GameAt> = Vec::new();
    let mut months: Vec<(u16, MoveCounts)> = Vec::new();
    let mut total = MoveCounts::default();
    for (month, entry) in entries {
        let mut counted = MoveCounts::default();
        for mv in &entry.moves {
            for group in mv.groups.iter().filter(|group| filter.admits(group.bucket)) {
                let tally = moves.entry(mv.mv).or_default();
                tally.counts += group.counts;
                counted += group.counts;
                if group.game.is_some() {
                    tally.game = group.game;
                }
            }
        }
        total += counted;
        if let Some(month) = month {
            months.push((month, counted));
        }
        top.extend(entry.top.iter().filter(|at| filter.admits(at.bucket)));
        // The best of every bucket: the top games past each bucket's few (`/masters`' 15).
        top.extend(entry.best.iter().filter(|at| filter.admits(at.bucket)));
        recent.extend(entry.recent.iter().filter(|at| filter.admits(at.bucket)));
    }
    let mut played: Vec<(NodeMove, Option<Position>)> = Vec::new();
    for (code, counted) in moves {
        let Some(mv) = decode(code).filter(|&mv| board.is_legal(mv)) else {
            return Err(corrupt(state.dir.clone(), "a move"));
        };
        let game = match (counted.counts.games(), counted.game) {
            (1, Some(number)) => Some(game(state, number, code)?),
            _ => None,
        };
        let (node_move, after) = NodeMove::play(&board, mv, counted.counts, game);
        let key = keys.then(|| position(&after));
        played.push((node_move, key));
    }
    NodeMove::sort(&mut played, |(mv, _)| mv);
    played.truncate(query.moves.unwrap_or(usize::MAX));
    // A game among both its bucket's top games and the best: once.
    top.sort_unstable_by_key(|at| at.game);
    top.dedup_by_key(|at| at.game);
    let (top_listed, recent_listed) = limits(query, top.len());
    keep_first(&mut top, top_listed, GameAt::top_rank);
    keep_first(&mut recent, recent_listed, GameAt::recent_rank);
    months.sort_unstable_by_key(|&(month, _)| month);
    let history = query
        .history
        .then(|| history(&merge_months(months), query.since));
    let positions = match keys {
        true => std::iter::once(Some(here))
            .chain(played.iter().map(|(_, key)| *key))
            .flatten()
            .collect(),
        false => Vec::new(),
    };
    let answer = Answer {
        fen: epd(&board),
        white: total.white,
        draws: total.draws,
        black: total.black,
        moves: played.into_iter().map(|(mv, _)| mv).collect(),
        through: Vec::new(),
        top_games: top
            .iter()
            .map(|at| game(state, at.game, at.mv))
            .collect::<Result<_, _>>()?,
        recent_games: recent
            .iter()
            .map(|at| game(state, at.game, at.mv))
            .collect::<Result<_, _>>()?,
        history,
        eval: None,
        move_evals: Vec::new(),
    };
    Ok((answer, positions))
}

/// Each month's counts once, summed over the segments.
fn merge_months(months: Vec<(u16, MoveCounts)>) -> Vec<(u16, MoveCounts)> {
    let mut merged: Vec<(u16, MoveCounts)> = Vec::with_capacity(months.len());
    for (month, counts) in months {
        match merged.last_mut() {
            Some((last, sum)) if *last == month => *sum += counts,
            _ => merged.push((month, counts)),
        }
    }
    merged
}

/// The entries of `here` in every segment: its rows (the all-months row, or those of
/// `months` when given, each with its month) and the games of its postings, each confirmed
/// by replaying the game's line.
fn entries(
    state: &State,
    here: &Position,
    months: Option<RangeInclusive<u16>>,
) -> Result<Vec<(Option<u16>, Entry)>, QueryError> {
    let mut entries = Vec::new();
    for segment in &state.segments {
        match &months {
            None => entries.extend(segment.all_months(here)?.map(|entry| (None, entry))),
            Some(months) => entries.extend(
                segment
                    .months(here, months.clone())?
                    .into_iter()
                    .map(|(month, entry)| (Some(month), entry)),
            ),
        }
        for number in segment.candidates(here)? {
            let bytes = segment
                .record(number)?
                .ok_or_else(|| corrupt(segment.dir.join(POSTINGS.0), "a posting's game"))?;
            let record = Record::read_first(&bytes, PLIES as usize)
                .ok_or_else(|| corrupt(segment.dir.join(GAMES.0), "a game's record"))?;
            let visit = visits(&record.line)
                .into_iter()
                .find(|visit| visit.position == *here);
            // Another position of the same fingerprint: not this one's game.
            let Some(visit) = visit else {
                continue;
            };
            let game = CountedGame::of(number, &record.head);
            if months
                .as_ref()
                .is_some_and(|months| !months.contains(&game.month))
            {
                continue;
            }
            if let Some(played) = game.played(visit.step, visit.mover) {
                let mut entry = Entry::default();
                entry.add(played, KEPT);
                entries.push((months.is_some().then_some(game.month), entry));
            }
        }
    }
    Ok(entries)
}

/// The error of `file` (a segment's table; the index's folder where no file is known), a
/// part of it not as written.
fn corrupt(file: PathBuf, what: &'static str) -> QueryError {
    QueryError::Index(IndexError::Corrupt {
        path: file,
        what,
        cause: None,
    })
}

/// Game `number`, which played `code` at the node, as a node lists it.
pub(crate) fn game(state: &State, number: u64, code: u16) -> Result<NodeGame, QueryError> {
    let segment = state
        .segment_of(number)
        .ok_or_else(|| corrupt(state.dir.clone(), "a game's number"))?;
    let games = || segment.dir.join(GAMES.0);
    let bytes = (segment.record(number)?).ok_or_else(|| corrupt(games(), "a game's number"))?;
    let record = Head::of_record(&bytes).ok_or_else(|| corrupt(games(), "a game's record"))?;
    let mv = decode(code).ok_or_else(|| corrupt(state.dir.clone(), "a move"))?;
    let mut game = NodeGame::new(uci(mv, false, UciCastling::KingTakesRook), record.outcome);
    game.lichess_id = record.key.lichess_id().map(|id| id.as_str().to_owned());
    game.id = game.lichess_id.is_none().then(|| record.key.id());
    game.players = record.players;
    game.elo = record.elo;
    game.speed = record.speed;
    game.mode = record.mode;
    game.month = record.month;
    game.file = record.file as usize;
    game.number = record.in_file;
    game.offset = record.offset;
    Ok(game)
}

/// Keeps the `n` first of `list` by `key` (each key its own: a game's), in order: a selection,
/// then a sort of those `n` (a start's months hold thousands of candidates).
fn keep_first<T, K: Ord>(list: &mut Vec<T>, n: usize, mut key: impl FnMut(&T) -> K) {
    if n == 0 {
        list.clear();
        return;
    }
    if list.len() > n {
        list.select_nth_unstable_by_key(n - 1, &mut key);
        list.truncate(n);
    }
    list.sort_unstable_by_key(key);
}
