//! What a position's counts need of each game of a segment ([`Info`]: bucket, outcome, month,
//! Elos), kept in the segment's `facts.tbl` in groups of [`GROUP`] games, a group a block (a
//! read decompresses one group alone): a listed row's games are counted from them when the
//! position is asked ([`Facts`]).

use std::io;

use cozy_chess::Color;

use crate::store::bucket::Bucket;
use crate::store::counted::CountedGame;
use crate::store::entry::Played;
use crate::store::games::Head;
use crate::store::key::month_number;
use crate::store::table::{Table, TableError, TableWriter};
use chess960_pgn::Outcome;
use chess960_pgn::tree::average_elo;

/// What the rows need of a game, held for every game of a build (12 bytes a game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Info {
    pub(crate) bucket: Bucket,
    pub(crate) outcome: Outcome,
    pub(crate) month: u16,
    /// Each player's Elo, `u32::MAX` for none.
    pub(crate) elo: [u32; 2],
}

impl Info {
    /// The facts kept for a number no game has (a game taken out): no row names it.
    pub(crate) fn none() -> Info {
        Info {
            bucket: Bucket::of(None, [None, None]),
            outcome: Outcome::Draw,
            month: 0,
            elo: [u32::MAX; 2],
        }
    }

    /// What the rows need of the game of `head`.
    pub(crate) fn of(head: &Head) -> Info {
        Info {
            bucket: Bucket::of(head.speed, head.elo),
            outcome: head.outcome,
            month: month_number(head.month),
            elo: head.elo.map(|elo| elo.unwrap_or(u32::MAX)),
        }
    }

    /// What game `number` brings to a position where `mover` played `mv`.
    pub(crate) fn played(&self, number: u64, mv: u16, mover: Color) -> Played {
        let elo = self.elo.map(|elo| (elo != u32::MAX).then_some(elo));
        let game = CountedGame {
            number,
            bucket: self.bucket,
            month: self.month,
            outcome: self.outcome,
            elo,
            rating: average_elo(elo),
        };
        game.played_move(mv, mover)
    }
}

/// The games a group of `facts.tbl` holds (the last group of a segment may hold fewer): its
/// key is the first game's ordinal ÷ `GROUP` (u32, big-endian), its value their [`Info`]s
/// ([`write_group`]).
pub(crate) const GROUP: usize = 128;

/// One [`Info`]'s bytes.
const WIDTH: usize = 12;

/// The group of `infos` (1 to [`GROUP`]): column by column, so that it compresses, each
/// little-endian: every game's month (u16), then bucket (u8), outcome (u8,
/// [`Outcome::index`]), White's Elo (u32, `u32::MAX` for none), Black's.
pub(crate) fn write_group(infos: &[Info], out: &mut Vec<u8>) {
    out.extend(infos.iter().flat_map(|info| info.month.to_le_bytes()));
    out.extend(infos.iter().map(|info| info.bucket.0));
    out.extend(infos.iter().map(|info| info.outcome.index()));
    out.extend(infos.iter().flat_map(|info| info.elo[0].to_le_bytes()));
    out.extend(infos.iter().flat_map(|info| info.elo[1].to_le_bytes()));
}

/// The `at`th game's [`Info`] of the group `bytes` ([`write_group`]); `None` past its games
/// or if they are not a group's.
fn read_one(bytes: &[u8], at: usize) -> Option<Info> {
    let games = games_of(bytes)?;
    if at >= games {
        return None;
    }
    let byte = |offset: usize| bytes.get(offset).copied();
    let u32_at = |offset: usize| {
        let word = bytes.get(offset..offset + 4)?;
        Some(u32::from_le_bytes(word.try_into().ok()?))
    };
    Some(Info {
        month: u16::from_le_bytes([byte(2 * at)?, byte(2 * at + 1)?]),
        bucket: Bucket(byte(2 * games + at)?),
        outcome: *Outcome::ALL.get(usize::from(byte(3 * games + at)?))?,
        elo: [u32_at(4 * games + 4 * at)?, u32_at(8 * games + 4 * at)?],
    })
}

/// The games of the group `bytes`: 1 to [`GROUP`], `None` for another length.
fn games_of(bytes: &[u8]) -> Option<usize> {
    let games = bytes.len() / WIDTH;
    (bytes.len() % WIDTH == 0 && (1..=GROUP).contains(&games)).then_some(games)
}

/// Every game's [`Info`] of the group `bytes`, in order; `None` if they are no group's.
pub(crate) fn read_group(bytes: &[u8]) -> Option<Vec<Info>> {
    (0..games_of(bytes)?)
        .map(|at| read_one(bytes, at))
        .collect()
}

/// A segment's games' facts being written, in ordinal order.
#[derive(Debug, Default)]
pub(crate) struct FactsWriter {
    group: Vec<Info>,
    groups: u32,
    bytes: Vec<u8>,
}

impl FactsWriter {
    /// The next game's facts.
    pub(crate) fn push(&mut self, info: &Info, table: &mut TableWriter) -> io::Result<()> {
        self.group.push(*info);
        if self.group.len() == GROUP {
            self.flush(table)?;
        }
        Ok(())
    }

    /// The last group, if any, to `table`.
    pub(crate) fn flush(&mut self, table: &mut TableWriter) -> io::Result<()> {
        if !self.group.is_empty() {
            self.bytes.clear();
            write_group(&self.group, &mut self.bytes);
            table.push(&self.groups.to_be_bytes(), &self.bytes)?;
            self.groups += 1;
            self.group.clear();
        }
        Ok(())
    }
}

/// Games' facts read from a segment's table, the last group read kept (read games in
/// ordinal order to read each group once).
pub(crate) struct Facts<'t> {
    table: &'t Table,
    held: Option<(u32, Vec<u8>)>,
}

/// Why a game's facts could not be read.
#[derive(Debug)]
pub(crate) enum FactsError {
    Table(TableError),
    /// A group missing or not as written.
    Corrupt,
}

impl<'t> Facts<'t> {
    pub(crate) fn new(table: &'t Table) -> Facts<'t> {
        Facts { table, held: None }
    }

    /// The facts of the game of ordinal `ordinal`.
    pub(crate) fn get(&mut self, ordinal: u32) -> Result<Info, FactsError> {
        let group = ordinal / GROUP as u32;
        let bytes = match &self.held {
            Some((held, bytes)) if *held == group => bytes,
            _ => {
                let bytes = self
                    .table
                    .get(&group.to_be_bytes())
                    .map_err(FactsError::Table)?
                    .ok_or(FactsError::Corrupt)?;
                &self.held.insert((group, bytes)).1
            }
        };
        read_one(bytes, ordinal as usize % GROUP).ok_or(FactsError::Corrupt)
    }
}

#[cfg(test)]
mod tests {
    use super::{FactsWriter, GROUP, Info, read_group, write_group};
    use crate::store::bucket::Bucket;
    use crate::store::table::{BlockCache, Table, TableWriter};
    use chess960_pgn::Outcome;

    fn info(n: u32) -> Info {
        Info {
            bucket: Bucket((n % 70) as u8),
            outcome: Outcome::ALL[n as usize % 3],
            month: (n * 7 % 65536) as u16,
            elo: [
                n,
                if n % 5 == 0 {
                    u32::MAX
                } else {
                    3000 - n % 2000
                },
            ],
        }
    }

    #[test]
    fn every_game_reads_back_by_its_ordinal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("facts.tbl");
        let (_, kind, key_len, compress) = crate::store::tables::FACTS;
        let games = 3 * GROUP as u32 + 5;
        let mut table = TableWriter::create(&path, kind, key_len, compress)
            .unwrap()
            .with_block_size(1);
        let mut writer = FactsWriter::default();
        for n in 0..games {
            writer.push(&info(n), &mut table).unwrap();
        }
        writer.flush(&mut table).unwrap();
        assert_eq!(table.finish().unwrap().entries, 4);
        let table = Table::open(&path, kind, key_len, &BlockCache::new(1 << 20)).unwrap();
        assert_eq!(table.blocks(), 4, "a group a block");
        let mut facts = super::Facts::new(&table);
        for n in (0..games).rev() {
            assert_eq!(facts.get(n).unwrap(), info(n), "{n}");
        }
        assert!(facts.get(games).is_err());
    }

    #[test]
    fn a_group_of_other_bytes_is_refused() {
        let mut bytes = Vec::new();
        write_group(&[info(1)], &mut bytes);
        assert_eq!(read_group(&bytes), Some(vec![info(1)]));
        let group: Vec<Info> = (0..GROUP as u32).map(info).collect();
        let mut full = Vec::new();
        write_group(&group, &mut full);
        assert_eq!(read_group(&full), Some(group));
        assert_eq!(read_group(&bytes[..11]), None);
        assert_eq!(read_group(&[]), None);
        bytes[3] = 3;
        assert_eq!(read_group(&bytes), None, "no fourth outcome");
        assert_eq!(read_group(&vec![0; (GROUP + 1) * 12]), None);
    }
}
