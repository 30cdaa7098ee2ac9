//! A query → the index's answer ([`Answer`]): the position the query's moves reach, then its
//! entries of the months asked, each bucket the filters admit summed into each move's
//! counts, the node's totals and history, and its top and recent games.

pub(crate) mod explorer;
pub(crate) mod follow;
pub(crate) mod history;
pub(crate) mod positions;
pub(crate) mod query;
mod tree;

use std::collections::HashMap;

use cozy_chess::Board;
use redb::ReadOnlyTable;

use crate::answer::history::{MonthGames, history};
use crate::answer::query::{MAX_GAMES, Query};
use crate::error::{Fault, QueryError, StoreError};
use crate::store::bucket::Filter;
use crate::store::code::{code, decode};
use crate::store::counted::CountedGame;
use crate::store::entry::{Entry, GameAt};
use crate::store::evals::CloudEval;
use crate::store::games::{Head, Record, file_and_game};
use crate::store::key::{NodeKey, Position, month_number, node, position};
use crate::store::visit::{Step, visits};
use chess960_pgn::moves::{UciCastling, uci};
use chess960_pgn::tree::key::epd;
use chess960_pgn::tree::{MoveCounts, NodeGame, NodeMove, legal_uci};

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
    /// The answer of a position no game reached.
    pub(crate) fn empty(board: &Board) -> Answer {
        Answer {
            fen: epd(board),
            white: 0,
            draws: 0,
            black: 0,
            moves: Vec::new(),
            through: Vec::new(),
            top_games: Vec::new(),
            recent_games: Vec::new(),
            history: None,
            eval: None,
            move_evals: Vec::new(),
        }
    }

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
    /// and `recent_games` recent games (at most [`MAX_GAMES`] each).
    pub(crate) fn limit(&mut self, query: &Query) {
        self.moves.truncate(query.moves.unwrap_or(usize::MAX));
        self.top_games.truncate(query.top_games.min(MAX_GAMES));
        self.recent_games
            .truncate(query.recent_games.min(MAX_GAMES));
    }
}

/// One move's games as the filters count them.
#[derive(Default)]
struct Tally {
    counts: MoveCounts,
    /// The game of a move of one game.
    game: Option<u64>,
}

/// The answer to `query` from the index's tables, its evaluations not read; with `keys`, the
/// keys of the position and of those its moves reach, in the order of the answer's moves, to
/// read them by.
pub(crate) fn answer(
    nodes: &ReadOnlyTable<[u8; 14], &'static [u8]>,
    games: &ReadOnlyTable<u64, &'static [u8]>,
    query: &Query,
    keys: bool,
) -> Result<(Answer, Vec<Position>), AnswerError> {
    let board = query.board().map_err(AnswerError::Query)?;
    let filter = Filter {
        speeds: query.speeds,
        ratings: query.ratings,
    };
    let here = position(&board);
    // The months asked: a game of no known month only when neither end is given.
    let first = match (query.since, query.until) {
        (None, None) => 0,
        (since, _) => month_number(since).max(1),
    };
    let last = query
        .until
        .map_or(u16::MAX, |until| month_number(Some(until)));
    let mut moves: HashMap<u16, Tally> = HashMap::new();
    let mut top: Vec<GameAt> = Vec::new();
    let mut recent: Vec<(u16, GameAt)> = Vec::new();
    let mut months: Vec<(u16, MoveCounts)> = Vec::new();
    // The position's months in one read: no month at all means it is not stored.
    let (is_stored, entries) = stored(nodes, &here, first..=last)?;
    let entries = match is_stored {
        true => entries,
        false => alone(nodes, games, query)?
            .into_iter()
            .filter(|&(month, _)| (first..=last).contains(&month))
            .collect(),
    };
    {
        for (month, entry) in entries {
            let mut total = MoveCounts::default();
            for mv in &entry.moves {
                for group in mv.groups.iter().filter(|group| filter.admits(group.bucket)) {
                    let counted = moves.entry(mv.mv).or_default();
                    counted.counts += group.counts;
                    total += group.counts;
                    if group.game.is_some() {
                        counted.game = group.game;
                    }
                }
            }
            months.push((month, total));
            top.extend(entry.top.iter().filter(|at| filter.admits(at.bucket)));
            recent.extend(
                entry
                    .recent
                    .iter()
                    .filter(|at| filter.admits(at.bucket))
                    .map(|&at| (month, at)),
            );
        }
    }
    let mut played: Vec<(NodeMove, Option<Position>)> = Vec::new();
    for (code, counted) in moves {
        let Some(mv) = decode(code).filter(|&mv| board.is_legal(mv)) else {
            return Err(AnswerError::Corrupt("a move"));
        };
        let game = match (counted.counts.games(), counted.game) {
            (1, Some(number)) => Some(game(games, number, code)?),
            _ => None,
        };
        let (node_move, after) = NodeMove::play(&board, mv, counted.counts, game);
        let key = keys.then(|| position(&after));
        played.push((node_move, key));
    }
    NodeMove::sort(&mut played, |(mv, _)| mv);
    played.truncate(query.moves.unwrap_or(usize::MAX));
    keep_first(&mut top, query.top_games.min(MAX_GAMES), GameAt::top_rank);
    let latest = |&(month, at): &(u16, GameAt)| std::cmp::Reverse((month, at.game));
    keep_first(&mut recent, query.recent_games.min(MAX_GAMES), latest);
    let total = months
        .iter()
        .fold(MoveCounts::default(), |mut sum, (_, counts)| {
            sum += *counts;
            sum
        });
    let history = query.history.then(|| history(&months, query.since));
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
            .map(|at| game(games, at.game, at.mv))
            .collect::<Result<_, _>>()?,
        recent_games: recent
            .iter()
            .map(|(_, at)| game(games, at.game, at.mv))
            .collect::<Result<_, _>>()?,
        history,
        eval: None,
        move_evals: Vec::new(),
    };
    Ok((answer, positions))
}

/// Whether the position `here` is stored (has a month at all), and its entries of `months`.
fn stored(
    nodes: &ReadOnlyTable<[u8; 14], &'static [u8]>,
    here: &Position,
    months: std::ops::RangeInclusive<u16>,
) -> Result<(bool, Vec<(u16, Entry)>), AnswerError> {
    let mut is_stored = false;
    let mut entries = Vec::new();
    for row in nodes
        .range(node(here, 0)..=node(here, u16::MAX))
        .map_err(AnswerError::store)?
    {
        let (key, value) = row.map_err(AnswerError::store)?;
        is_stored = true;
        let month = NodeKey::from(key.value()).month();
        if !months.contains(&month) {
            continue;
        }
        let entry = Entry::read(value.value()).ok_or(AnswerError::Corrupt("a node's entry"))?;
        entries.push((month, entry));
    }
    Ok((is_stored, entries))
}

/// The entry of a position the index does not store, reached by `query`'s moves: one game
/// reached it, found by following the one game that played the next move at the last stored
/// position on the way. None when no game did (or it was reached by a FEN alone).
fn alone(
    nodes: &ReadOnlyTable<[u8; 14], &'static [u8]>,
    games: &ReadOnlyTable<u64, &'static [u8]>,
    query: &Query,
) -> Result<Option<(u16, Entry)>, AnswerError> {
    // Each position on the way, and the move played from it.
    let mut board = Query {
        play: Vec::new(),
        ..query.clone()
    }
    .board()
    .map_err(AnswerError::Query)?;
    let mut way: Vec<(Position, u16)> = Vec::new();
    for &mv in &query.play {
        // `board` already played the moves before (the query's board was found).
        let Some(mv) = legal_uci(&board, mv) else {
            return Ok(None);
        };
        way.push((position(&board), code(mv)));
        board.play_unchecked(mv);
    }
    let here = position(&board);
    // The last stored position on the way.
    let mut last = None;
    for (at, &(position, _)) in way.iter().enumerate().rev() {
        if follow::is_stored(nodes, &position).map_err(AnswerError::follow)? {
            last = Some(at);
            break;
        }
    }
    let Some(last) = last else {
        return Ok(None);
    };
    let Some(&(at, moved)) = way.get(last) else {
        return Ok(None);
    };
    let Some(number) = follow::only_game(nodes, &at, moved).map_err(AnswerError::follow)? else {
        return Ok(None);
    };
    let bytes = games
        .get(number)
        .map_err(AnswerError::store)?
        .ok_or(AnswerError::Corrupt("a game's number"))?;
    let record = Record::read(bytes.value()).ok_or(AnswerError::Corrupt("a game's record"))?;
    let visits = visits(&record.line);
    // The game went the rest of the way, and played on from here.
    let went = way.iter().skip(last + 1).all(|&(position, mv)| {
        visits
            .iter()
            .any(|visit| visit.position == position && visit.step == Step::Played(mv))
    });
    let Some(visit) = visits
        .iter()
        .find(|visit| visit.position == here)
        .filter(|_| went)
    else {
        return Ok(None);
    };
    let game = CountedGame::of(number, &record.head);
    let mut entry = Entry::default();
    if let Some(played) = game.played(visit.step, visit.mover) {
        entry.add(played, MAX_GAMES);
    }
    Ok(Some((game.month, entry)))
}

/// Why the tables gave no answer: the query's fault, or theirs.
#[derive(Debug)]
pub(crate) enum AnswerError {
    Query(QueryError),
    Store(StoreError),
    Corrupt(&'static str),
}

impl AnswerError {
    fn store(err: impl Into<StoreError>) -> AnswerError {
        AnswerError::Store(err.into())
    }

    fn follow(err: Fault) -> AnswerError {
        match err {
            Fault::Store(err) => AnswerError::Store(err),
            Fault::Corrupt(what) => AnswerError::Corrupt(what),
            Fault::Io(err) => AnswerError::Store(redb::Error::Io(err).into()),
            Fault::Index(err) => AnswerError::Query(QueryError::Index(err)),
        }
    }
}

/// Game `number`, which played `code` at the node, as a node lists it.
fn game(
    games: &ReadOnlyTable<u64, &'static [u8]>,
    number: u64,
    code: u16,
) -> Result<NodeGame, AnswerError> {
    let bytes = games
        .get(number)
        .map_err(AnswerError::store)?
        .ok_or(AnswerError::Corrupt("a game's number"))?;
    let record = Head::of_record(bytes.value()).ok_or(AnswerError::Corrupt("a game's record"))?;
    let mv = decode(code).ok_or(AnswerError::Corrupt("a move"))?;
    let (file, in_file) = file_and_game(number);
    let mut game = NodeGame::new(uci(mv, false, UciCastling::KingTakesRook), record.outcome);
    game.lichess_id = record.lichess_id.map(|id| id.as_str().to_owned());
    game.players = record.players;
    game.elo = record.elo;
    game.speed = record.speed;
    game.mode = record.mode;
    game.month = record.month;
    game.file = file as usize;
    game.number = in_file;
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
