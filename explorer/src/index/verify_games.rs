//! A segment's games verified: `games.tbl`'s records, each decoded (its line replayed) and
//! numbered within the segment's range, read along with `facts.tbl`'s groups (each game's
//! facts those of its record) and checked against `ids.tbl` (the same keys).

use std::collections::HashMap;
use std::path::PathBuf;

use crate::error::IndexError;
use crate::index::verify_walk::{Pass, Present, Walk, damaged, mix};
use crate::store::bytes::leb128;
use crate::store::facts::{GROUP, Info, read_group};
use crate::store::games::Record;
use crate::store::manifest::SegmentEntry;
use crate::store::players::{Start, colour_bit, player_key};
use crate::store::table::Table;

/// `facts.tbl` read group by group, in order.
struct Groups<'t> {
    walk: Walk<'t>,
    /// The groups the segment's games fill.
    groups: u64,
    /// The segment's games.
    games: u64,
    /// The groups read.
    read: u64,
    /// The last group read.
    held: Vec<Info>,
}

impl Groups<'_> {
    /// Reads the next group: its key its number, its games' facts decoded, as many as its
    /// games (GROUP, fewer in the last).
    fn next(&mut self, pass: &mut Pass) -> Result<(), IndexError> {
        let n = self.read;
        let path = self.walk.path;
        let Some((key, value)) = self.walk.next(pass)? else {
            let why = format!("no group {n}, of the segment's {} groups", self.groups);
            return Err(damaged(path, "its groups of facts", why));
        };
        if n >= self.groups || key != (n as u32).to_be_bytes() {
            let why = format!("group {n} of {} is not keyed {n}", self.groups);
            return Err(damaged(path, "a group of facts", why));
        }
        let want = match n + 1 == self.groups {
            true => self.games - n * GROUP as u64,
            false => GROUP as u64,
        };
        self.held = read_group(&value)
            .filter(|infos| infos.len() as u64 == want)
            .ok_or_else(|| {
                let why = format!("group {n} is not the facts of {want} games");
                damaged(path, "a group of facts", why)
            })?;
        self.read += 1;
        Ok(())
    }

    /// The facts of the game of `ordinal`, the groups before its own read.
    fn of(&mut self, ordinal: u64, pass: &mut Pass) -> Result<Option<Info>, IndexError> {
        let group = ordinal / GROUP as u64;
        while self.read <= group {
            self.next(pass)?;
        }
        // The group read last is the game's: ordinals come in order.
        Ok(self.held.get((ordinal % GROUP as u64) as usize).copied())
    }
}

/// What verifying a segment's games tells the rest: the games it holds, its players' games
/// (how many, their [`mix_pair`]s summed) and each game's start, by ordinal.
pub(crate) type GamesVerified = (Present, (u64, u64), Vec<Start>);

/// Verifies the games of `entry`'s segment, in its tables `games`, `facts` and `ids`: each
/// record's game counted for its file in `files`. The games it holds, its players as
/// `players.tbl` should hold them (how many, and their [`mix_pair`]s summed), and each game's
/// start, by ordinal.
pub(crate) fn games(
    pass: &mut Pass,
    entry: &SegmentEntry,
    [games, facts, ids]: [&(PathBuf, Table); 3],
    files: &mut HashMap<u32, u64>,
) -> Result<GamesVerified, IndexError> {
    let mut players = (0u64, 0u64);
    let mut starts = vec![0; usize::try_from(entry.games).unwrap_or_default()];
    let mut records = Walk::new(games, 8);
    let path = records.path;
    let mut groups = Groups {
        walk: Walk::new(facts, 4),
        groups: entry.games.div_ceil(GROUP as u64),
        games: entry.games,
        read: 0,
        held: Vec::new(),
    };
    let mut present = Present::new(entry.games);
    let mut keys = 0u64;
    let [first_file, last_file] = entry.files;
    while let Some((key, value)) = records.next(pass)? {
        let number = u64::from_be_bytes(key.try_into().unwrap_or_default());
        let Some(ordinal) = number
            .checked_sub(entry.first_game)
            .filter(|&ordinal| ordinal < entry.games)
        else {
            let why = format!(
                "game {number} is not of the segment's numbers, {} to {}",
                entry.first_game,
                entry.first_game + entry.games
            );
            return Err(damaged(path, "a game's number", why));
        };
        let record = Record::read(&value).ok_or_else(|| {
            let why = format!("game {number}'s record does not decode");
            damaged(path, "a game's record", why)
        })?;
        let file = record.head.file;
        if !(first_file..=last_file).contains(&file) {
            let why = format!(
                "game {number} is of file {file}, not of the segment's files {first_file} to {last_file}"
            );
            return Err(damaged(path, "a game's file", why));
        }
        *files.entry(file).or_default() += 1;
        if groups.of(ordinal, pass)? != Some(Info::of(&record.head)) {
            let why = format!("game {number}'s facts are not those of its record");
            return Err(damaged(groups.walk.path, "a game's facts", why));
        }
        keys = keys.wrapping_add(mix_pair(&record.head.key.bytes(), number));
        let colors = [cozy_chess::Color::White, cozy_chess::Color::Black];
        for (name, color) in record.head.players.iter().zip(colors) {
            if let Some(key) = player_key(name, color) {
                players.0 += 1;
                let kind = key.last().copied().unwrap_or_default();
                players.1 = players
                    .1
                    .wrapping_add(mix_pair(&key, number ^ colour_bit(kind)));
            }
        }
        if let Some(start) = usize::try_from(ordinal)
            .ok()
            .and_then(|at| starts.get_mut(at))
        {
            *start = record.line.start_code();
        }
        present.set(ordinal);
        pass.verified.games += 1;
    }
    records.finish(pass)?;
    while groups.read < groups.groups {
        groups.next(pass)?;
    }
    groups.walk.finish(pass)?;
    verify_ids(pass, ids, &present, keys)?;
    Ok((present, players, starts))
}

/// Verifies `ids.tbl`: a key a game, its value the game's number, the keys and numbers of
/// the games' records (`keys`, their [`mix_pair`]s summed).
fn verify_ids(
    pass: &mut Pass,
    ids: &(PathBuf, Table),
    present: &Present,
    keys: u64,
) -> Result<(), IndexError> {
    let mut walk = Walk::new(ids, 8);
    let path = walk.path;
    let (mut count, mut sum) = (0u64, 0u64);
    while let Some((key, value)) = walk.next(pass)? {
        let Ok((number, [])) = leb128(&value) else {
            let why = format!("key {count}'s value is not a game's number");
            return Err(damaged(path, "a game's key", why));
        };
        sum = sum.wrapping_add(mix_pair(&key, number));
        count += 1;
    }
    walk.finish(pass)?;
    if count != present.count() || sum != keys {
        let why = format!(
            "{count} keys, not those (with their numbers) of the segment's {} games' records",
            present.count()
        );
        return Err(damaged(path, "the games' keys", why));
    }
    Ok(())
}

/// A game's key and number mixed into 64 bits ([`mix`] of the key's bits and the number's
/// mixed): summed over a segment's games once from their records and once from `ids.tbl`,
/// equal sums say the same keys with the same numbers.
pub(crate) fn mix_pair(key: &[u8], number: u64) -> u64 {
    let mut bytes = [0; 8];
    for (to, from) in bytes.iter_mut().zip(key) {
        *to = *from;
    }
    let key = u64::from_le_bytes(bytes) ^ mix(&number.to_le_bytes());
    mix(&key.to_le_bytes())
}
