//! A batch of games → the positions the index stores ([`settle`]). A position is stored when
//! two games or more reached it, or when it is a game's first; a position one game reached
//! is not (it is answered by following that game, [`crate::answer::follow`]).
//!
//! Two games of one batch that reach a position are seen whatever their order or path. A game
//! that reaches a position an earlier batch's or add's game reached alone is seen when it
//! arrives the way that game went: the last stored position on the way says its move was
//! played by one game, which is then followed, and the positions they share are stored with
//! both. One that arrives there by another order of moves (a transposition into a position
//! of one earlier game) is not: both games are then answered alone.

use std::collections::HashMap;

use redb::ReadableTable;

use crate::answer::follow::{is_stored, only_game};
use crate::error::Fault;
use crate::store::counted::CountedGame;
use crate::store::entry::Entry;
use crate::store::games::Record;
use crate::store::id::LichessId;
use crate::store::key::{NodeKey, Position, PositionMap, PositionSet, node};
use crate::store::visit::{Step, Visit, visits};

/// A game of a batch: the game counted, and each position it passed through once.
#[derive(Clone, Debug)]
pub(crate) struct BatchGame {
    pub(crate) game: CountedGame,
    pub(crate) visits: Vec<Visit>,
}

/// How many games of a batch reached each position.
pub(crate) type Reached = crate::store::key::PositionMap<Position, u32>;

/// What an add's writer did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Written {
    /// Games counted.
    pub(crate) counted: u64,
    /// Games not counted: their lichess id was in the index already, or earlier in the add.
    pub(crate) already_indexed: u64,
    /// Batches settled.
    pub(crate) batches: u64,
}

/// Where a batch is settled: the add's tables, and its counts to keep.
pub(crate) struct Target<'a, 't> {
    pub(crate) nodes: &'a mut redb::Table<'t, [u8; 14], &'static [u8]>,
    pub(crate) games: &'a mut redb::Table<'t, u64, &'static [u8]>,
    pub(crate) ids: &'a mut redb::Table<'t, [u8; 8], ()>,
    /// Top and recent games kept a bucket.
    pub(crate) kept: usize,
    pub(crate) written: &'a mut Written,
    /// Games counted, by the file's place in the add.
    pub(crate) per_file: &'a mut [u64],
}

/// The games waiting to be settled, and how many of them reached each position.
#[derive(Default)]
pub(crate) struct Batch {
    games: Vec<BatchGame>,
    reached: Reached,
    visits: usize,
    /// The lichess ids of its games, each game's number and its file's place in the add.
    pub(crate) ids: Vec<(LichessId, u64, usize)>,
    /// Its games' records by number.
    pub(crate) records: Vec<(u64, Vec<u8>)>,
}

impl Batch {
    /// Adds `game`; the visits the batch now holds.
    pub(crate) fn add(&mut self, game: BatchGame) -> usize {
        for visit in &game.visits {
            *self.reached.entry(visit.position).or_default() += 1;
        }
        self.visits += game.visits.len();
        self.games.push(game);
        self.visits
    }
}

/// A position found to be an earlier game's alone, now stored: that game, and its move there.
#[derive(Clone, Copy)]
struct Taken {
    game: u64,
    step: Step,
}

/// Drops the games of `batch` whose lichess id the store has, and stores the others' ids and
/// records, each in order.
fn store_games(writer: &mut Target, batch: &mut Batch) -> Result<(), Fault> {
    let mut ids = std::mem::take(&mut batch.ids);
    ids.sort_unstable();
    let mut dropped = std::collections::HashSet::new();
    for (id, number, file) in &ids {
        if writer.ids.get(id.bytes())?.is_some() {
            dropped.insert(*number);
            writer.written.counted -= 1;
            writer.written.already_indexed += 1;
            if let Some(count) = writer.per_file.get_mut(*file) {
                *count -= 1;
            }
        } else {
            writer.ids.insert(id.bytes(), ())?;
        }
    }
    let mut records = std::mem::take(&mut batch.records);
    records.sort_unstable_by_key(|&(number, _)| number);
    for (number, bytes) in &records {
        if !dropped.contains(number) {
            writer.games.insert(*number, bytes.as_slice())?;
        }
    }
    if !dropped.is_empty() {
        let games = std::mem::take(&mut batch.games);
        for game in games {
            if dropped.contains(&game.game.number) {
                for visit in &game.visits {
                    if let Some(count) = batch.reached.get_mut(&visit.position) {
                        *count -= 1;
                    }
                }
            } else {
                batch.games.push(game);
            }
        }
    }
    Ok(())
}

/// Stores `batch`'s games and positions through `writer`'s transaction.
pub(crate) fn settle(writer: &mut Target, mut batch: Batch) -> Result<(), Fault> {
    store_games(writer, &mut batch)?;
    // The positions stored before this batch.
    let mut positions: Vec<Position> = batch.reached.keys().copied().collect();
    positions.sort_unstable();
    let mut stored = PositionSet::default();
    for position in positions {
        if is_stored(&*writer.nodes, &position)? {
            stored.insert(position);
        }
    }
    batch
        .games
        .sort_unstable_by_key(|batched| batched.game.number);
    let mut gathered: PositionMap<NodeKey, Entry> = PositionMap::default();
    let mut taken: PositionMap<Position, Taken> = PositionMap::default();
    let mut earlier_games: HashMap<u64, BatchGame> = HashMap::new();
    for BatchGame { game, visits } in &batch.games {
        let mut previous: Option<(Position, Step)> = None;
        for (ply, visit) in visits.iter().enumerate() {
            let Visit {
                position,
                step,
                mover,
            } = *visit;
            let twice = batch.reached.get(&position).is_some_and(|&n| n >= 2);
            let mut kept = ply == 0 || twice || stored.contains(&position);
            if !stored.contains(&position) && !taken.contains_key(&position) {
                if let Some((before, moved)) = previous {
                    let earlier = match taken.get(&before) {
                        Some(t) if t.step == moved => Some(t.game),
                        Some(_) => None,
                        None if stored.contains(&before) => match moved {
                            Step::Played(mv) => only_game(&*writer.nodes, &before, mv)?,
                            Step::Arrived => None,
                        },
                        None => None,
                    };
                    if let Some(earlier) = earlier.filter(|&n| n != game.number) {
                        let other = match earlier_games.get(&earlier) {
                            Some(other) => other,
                            None => {
                                let loaded = load(writer, earlier)?;
                                earlier_games.entry(earlier).or_insert(loaded)
                            }
                        };
                        let theirs = other.visits.iter().find(|v| v.position == position);
                        if let Some(theirs) = theirs {
                            let other = &other.game;
                            let entry = gathered.entry(node(&position, other.month)).or_default();
                            if let Some(played) = other.played(theirs.step, theirs.mover) {
                                entry.add(played, writer.kept);
                            }
                            taken.insert(
                                position,
                                Taken {
                                    game: earlier,
                                    step: theirs.step,
                                },
                            );
                            kept = true;
                        }
                    }
                }
            }
            kept |= taken.contains_key(&position);
            if kept {
                let entry = gathered.entry(node(&position, game.month)).or_default();
                if let Some(played) = game.played(step, mover) {
                    entry.add(played, writer.kept);
                }
            }
            previous = kept.then_some((position, step));
        }
    }
    merge(writer, gathered)
}

/// Game `number`'s record, as its positions need it.
fn load(writer: &Target, number: u64) -> Result<BatchGame, Fault> {
    let bytes = (writer.games.get(number)?).ok_or(Fault::Corrupt("a game's record"))?;
    let record = Record::read(bytes.value()).ok_or(Fault::Corrupt("a game's record"))?;
    Ok(BatchGame {
        game: CountedGame::of(number, &record.head),
        visits: visits(&record.line),
    })
}

/// Merges `gathered` into the store's entries.
fn merge(writer: &mut Target, gathered: PositionMap<NodeKey, Entry>) -> Result<(), Fault> {
    let mut gathered: Vec<(NodeKey, Entry)> = gathered.into_iter().collect();
    gathered.sort_unstable_by_key(|&(key, _)| key);
    let mut bytes = Vec::new();
    for (key, mut entry) in gathered {
        if let Some(stored) = writer.nodes.get(key)? {
            let mut merged = Entry::read(stored.value()).ok_or(Fault::Corrupt("a node's entry"))?;
            merged.merge(entry, writer.kept);
            entry = merged;
        }
        bytes.clear();
        entry.write(&mut bytes);
        writer.nodes.insert(key, bytes.as_slice())?;
    }
    Ok(())
}
