//! One segment of an index ([`Segment`]): the immutable tables an add (or a merge) wrote, in a
//! folder of their own. Its games under their numbers; its games' keys; its games'
//! facts (what counting them needs); its **rows**, the positions several of its games
//! reached, each with an all-months row (what a plain query reads) counted, with a row a
//! month, or its games listed and counted from their facts when asked; its **postings**,
//! each position fewer of its games reached, as a fingerprint of the position's key and the
//! game's number, confirmed by replaying that game.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{Fault, IndexError};
use crate::store::bytes::leb128;
use crate::store::entry::KEPT;
use crate::store::entry::{Entry, Played};
use crate::store::facts::{Facts, FactsError, GROUP};
use crate::store::key::Position;
use crate::store::listed::Listed;
use crate::store::manifest::SegmentEntry;
use crate::store::players::{Start, grouped_key, read_value};
use crate::store::postings;
use crate::store::row::{Counting, Stored};
use crate::store::table::{BlockCache, Table, TableError};
use crate::store::tables::{FACTS, GAMES, IDS, PLAYERS, POSTINGS, ROWS};

/// The month of a row that holds every month's games: after every month's own row.
pub(crate) const ALL_MONTHS: u16 = u16::MAX;

/// A row's key: the position's, then the month (big-endian, so a position's rows lie side
/// by side, its all-months row last).
pub(crate) fn row_key(position: &Position, month: u16) -> [u8; 14] {
    let mut key = [0; 14];
    let (head, tail) = key.split_at_mut(12);
    head.copy_from_slice(position.bytes());
    tail.copy_from_slice(&month.to_be_bytes());
    key
}

/// A position's fingerprint: its key's first four bytes, under which its postings are found.
pub(crate) fn fingerprint(position: &Position) -> u32 {
    let [a, b, c, d, ..] = *position.bytes();
    u32::from_be_bytes([a, b, c, d])
}

/// The ordinals the postings of a segment of `games` games are written with: one a game.
pub(crate) fn ordinals(games: u64) -> u32 {
    u32::try_from(games).unwrap_or(u32::MAX).max(1)
}

/// A segment opened to read.
#[derive(Debug)]
pub(crate) struct Segment {
    pub(crate) entry: SegmentEntry,
    pub(crate) dir: PathBuf,
    games: Table,
    ids: Table,
    rows: Table,
    postings: Table,
    facts: Table,
    players: Table,
}

impl Segment {
    /// The segment `entry` in its folder `dir`, each table checked, their blocks kept in
    /// `cache`.
    pub(crate) fn open(
        dir: &Path,
        entry: SegmentEntry,
        cache: &Arc<BlockCache>,
    ) -> Result<Segment, IndexError> {
        let open = |(name, kind, key_len, _): (&str, [u8; 4], usize, bool)| {
            let path = dir.join(name);
            Table::open(&path, kind, key_len, cache).map_err(|err| fault(err).at(&path))
        };
        let games = open(GAMES)?;
        if games.entries() != entry.games - entry.removed.min(entry.games) {
            let what = "a segment's games (not as many as its manifest says)";
            return Err(Fault::Corrupt(what).at(&dir.join(GAMES.0)));
        }
        let facts = open(FACTS)?;
        if facts.entries() != entry.games.div_ceil(GROUP as u64) {
            let what = "a segment's facts (not as many as its games)";
            return Err(Fault::Corrupt(what).at(&dir.join(FACTS.0)));
        }
        Ok(Segment {
            entry,
            dir: dir.to_owned(),
            games,
            ids: open(IDS)?,
            rows: open(ROWS)?,
            postings: open(POSTINGS)?,
            facts,
            players: open(PLAYERS)?,
        })
    }

    /// Whether game `number` is one of this segment's.
    pub(crate) fn holds(&self, number: u64) -> bool {
        (self.entry.first_game..self.entry.first_game + self.entry.games).contains(&number)
    }

    /// The record of game `number` ([`crate::store::games::Record`]'s bytes), if it is here.
    pub(crate) fn record(&self, number: u64) -> Result<Option<Vec<u8>>, IndexError> {
        let key = number.to_be_bytes();
        self.games
            .get(&key)
            .map_err(|err| self.failed(GAMES.0, err))
    }

    /// The number of the game whose key is `key` ([`crate::store::id::GameKey`]), if it is
    /// here.
    pub(crate) fn number_of(&self, key: &[u8; 8]) -> Result<Option<u64>, IndexError> {
        let Some(value) = self.ids.get(key).map_err(|err| self.failed(IDS.0, err))? else {
            return Ok(None);
        };
        match leb128(&value) {
            Ok((number, [])) if self.holds(number) => Ok(Some(number)),
            _ => Err(Fault::Corrupt("a game's key").at(&self.dir.join(IDS.0))),
        }
    }

    /// Every game's number and record, in number order.
    pub(crate) fn records(&self) -> impl Iterator<Item = Result<(u64, Vec<u8>), IndexError>> + '_ {
        self.games.iter().map(|entry| {
            let (key, value) = entry.map_err(|err| self.failed(GAMES.0, err))?;
            let number = <[u8; 8]>::try_from(key.as_slice())
                .map_err(|_| Fault::Corrupt("a game's number").at(&self.dir.join(GAMES.0)))?;
            Ok((u64::from_be_bytes(number), value))
        })
    }

    /// Its games' keys ([`crate::store::id::GameKey`]), in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = Result<Vec<u8>, IndexError>> + '_ {
        self.ids.iter().map(|entry| {
            entry
                .map(|(id, _)| id)
                .map_err(|err| self.failed(IDS.0, err))
        })
    }

    /// The games of the player key `key` ([`crate::store::players`]'s plain key): each
    /// game's number and, for a busy player's, its start; none when it has none here.
    pub(crate) fn player_games(
        &self,
        key: &[u8; 9],
    ) -> Result<Vec<(u64, Option<Start>)>, IndexError> {
        let corrupt = || Fault::Corrupt("a player's games").at(&self.dir.join(PLAYERS.0));
        let mut games = Vec::new();
        for key in [*key, grouped_key(key)] {
            let value = (self.players.get(&key)).map_err(|err| self.failed(PLAYERS.0, err))?;
            let Some(value) = value else {
                continue;
            };
            let kind = key.last().copied().unwrap_or_default();
            games.extend(read_value(kind, &value).ok_or_else(corrupt)?);
        }
        match games.iter().all(|&(number, _)| self.holds(number)) {
            true => Ok(games),
            false => Err(corrupt()),
        }
    }

    /// The table of players, to stream in order.
    pub(crate) fn players(&self) -> &Table {
        &self.players
    }

    /// The table of lichess ids, to stream in order.
    pub(crate) fn ids(&self) -> &Table {
        &self.ids
    }

    /// The table of rows, to stream in order.
    pub(crate) fn rows(&self) -> &Table {
        &self.rows
    }

    /// The table of its games' facts, to stream in order.
    pub(crate) fn facts(&self) -> &Table {
        &self.facts
    }

    /// The table of postings, to stream in order.
    pub(crate) fn postings(&self) -> &Table {
        &self.postings
    }

    /// The entry of every month's games of `position`, if it has rows: its counted
    /// all-months row's, or its listed games counted now from their facts (no month kept).
    pub(crate) fn all_months(&self, position: &Position) -> Result<Option<Entry>, IndexError> {
        let key = row_key(position, ALL_MONTHS);
        let Some(bytes) = self
            .rows
            .get(&key)
            .map_err(|err| self.failed(ROWS.0, err))?
        else {
            return Ok(None);
        };
        match Stored::read(&bytes).ok_or_else(|| self.corrupt())? {
            Stored::Counted(row) => Ok(Some(row.entry)),
            Stored::Listed(listed) => {
                let mut entry = Entry::default();
                self.each_listed(&listed, |played| entry.add(played, KEPT))?;
                Ok(Some(entry))
            }
        }
    }

    /// The entries of `position` of the months in `months`, each with its month.
    pub(crate) fn months(
        &self,
        position: &Position,
        months: RangeInclusive<u16>,
    ) -> Result<Vec<(u16, Entry)>, IndexError> {
        let first = *months.start();
        let rows = self
            .rows
            .range(&row_key(position, first), &row_key(position, ALL_MONTHS))
            .map_err(|err| self.failed(ROWS.0, err))?;
        let mut entries = Vec::new();
        for (key, bytes) in rows {
            let month = key
                .get(12..14)
                .and_then(|tail| <[u8; 2]>::try_from(tail).ok())
                .map(u16::from_be_bytes)
                .ok_or_else(|| self.corrupt())?;
            if month != ALL_MONTHS {
                if months.contains(&month) {
                    let entry = Entry::read_month(&bytes, month).ok_or_else(|| self.corrupt())?;
                    entries.push((month, entry));
                }
                continue;
            }
            match Stored::read(&bytes).ok_or_else(|| self.corrupt())? {
                // A position of one month has no month row: its all-months row is that
                // month's.
                Stored::Counted(row) => {
                    if let Some(single) = row.single.filter(|single| months.contains(single)) {
                        entries.push((single, row.entry));
                    }
                }
                Stored::Listed(listed) => {
                    let counted = self.count(&listed)?.months;
                    entries.extend(counted.into_iter().filter(|(m, _)| months.contains(m)));
                }
            }
        }
        Ok(entries)
    }

    /// The games of `listed` counted from their facts, into every month's entry and their
    /// month's.
    pub(crate) fn count(&self, listed: &Listed) -> Result<Counting, IndexError> {
        let mut counted = Counting::default();
        self.each_listed(listed, |played| counted.add(played))?;
        Ok(counted)
    }

    /// What each game of `listed` brings its position, told `each` in ordinal order (each
    /// group of facts read once).
    fn each_listed(&self, listed: &Listed, mut each: impl FnMut(Played)) -> Result<(), IndexError> {
        let mut facts = Facts::new(&self.facts);
        let mut visits: Vec<(u32, u16)> = listed.visits().collect();
        visits.sort_unstable();
        for (ordinal, mv) in visits {
            let info = facts.get(ordinal).map_err(|err| match err {
                FactsError::Table(err) => self.failed(FACTS.0, err),
                FactsError::Corrupt => Fault::Corrupt("a game's facts").at(&self.dir.join(FACTS.0)),
            })?;
            let number = self.entry.first_game + u64::from(ordinal);
            each(info.played(number, mv, listed.mover));
        }
        Ok(())
    }

    /// The numbers of the games whose postings share `position`'s fingerprint: each the only
    /// game of this segment at a position of that fingerprint, to be confirmed by its line.
    pub(crate) fn candidates(&self, position: &Position) -> Result<Vec<u64>, IndexError> {
        let print = fingerprint(position);
        let chunk = self
            .postings
            .floor(&print.to_be_bytes())
            .map_err(|err| self.failed(POSTINGS.0, err))?;
        let Some((_, bytes)) = chunk else {
            return Ok(Vec::new());
        };
        let ordinals = postings::lookup(&bytes, self.ordinals(), print)
            .ok_or_else(|| Fault::Corrupt("a chunk of postings").at(&self.dir.join(POSTINGS.0)))?;
        Ok(ordinals
            .into_iter()
            .map(|ordinal| self.entry.first_game + u64::from(ordinal))
            .collect())
    }

    /// The ordinals its postings are written with ([`ordinals`]).
    pub(crate) fn ordinals(&self) -> u32 {
        ordinals(self.entry.games)
    }

    /// The bytes of its files.
    pub(crate) fn bytes(&self) -> [(&'static str, u64); 6] {
        [
            (GAMES.0, self.games.bytes()),
            (IDS.0, self.ids.bytes()),
            (ROWS.0, self.rows.bytes()),
            (POSTINGS.0, self.postings.bytes()),
            (FACTS.0, self.facts.bytes()),
            (PLAYERS.0, self.players.bytes()),
        ]
    }

    /// The error of a row that is not as written.
    fn corrupt(&self) -> IndexError {
        Fault::Corrupt("a row's entry").at(&self.dir.join(ROWS.0))
    }

    /// `err` of table `name`, told its path.
    fn failed(&self, name: &str, err: TableError) -> IndexError {
        fault(err).at(&self.dir.join(name))
    }
}

/// A table's error as the index's: its I/O errors as such, the rest a damaged file whose
/// cause is the table's error itself (which block, which rule).
pub(crate) fn fault(err: TableError) -> Fault {
    match err {
        TableError::Io(err) => Fault::Io(err),
        err => Fault::Damaged("a segment's table", Box::new(err)),
    }
}
