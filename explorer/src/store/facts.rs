//! What a position's counts need of each game of a segment ([`Info`]: bucket, outcome, month,
//! Elos), kept in the segment's `facts.tbl` in fixed-width groups of [`GROUP`] games: a
//! listed row's games are counted from them when the position is asked ([`Facts`]).

use std::io;

use cozy_chess::Color;

use crate::store::bucket::Bucket;
use crate::store::counted::CountedGame;
use crate::store::entry::Played;
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

    /// Its 12 bytes: month (u16), bucket, outcome ([`Outcome::index`]), each Elo (u32), all
    /// little-endian.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.month.to_le_bytes());
        out.push(self.bucket.0);
        out.push(self.outcome.index());
        for elo in self.elo {
            out.extend_from_slice(&elo.to_le_bytes());
        }
    }

    /// The game of `bytes` ([`Info::write`]); `None` if they are not one's.
    fn read(bytes: &[u8]) -> Option<Info> {
        let [m0, m1, bucket, outcome, e0, e1, e2, e3, f0, f1, f2, f3] = *bytes else {
            return None;
        };
        Some(Info {
            bucket: Bucket(bucket),
            outcome: *Outcome::ALL.get(usize::from(outcome))?,
            month: u16::from_le_bytes([m0, m1]),
            elo: [
                u32::from_le_bytes([e0, e1, e2, e3]),
                u32::from_le_bytes([f0, f1, f2, f3]),
            ],
        })
    }
}

/// The games a group of `facts.tbl` holds (the last group of a segment may hold fewer): its
/// key is the first game's ordinal ÷ `GROUP` (u32, big-endian), its value their [`Info`]s,
/// 12 bytes each, in order.
pub(crate) const GROUP: usize = 128;

/// One [`Info`]'s bytes.
const WIDTH: usize = 12;

/// A segment's games' facts being written, in ordinal order.
#[derive(Debug, Default)]
pub(crate) struct FactsWriter {
    group: Vec<u8>,
    groups: u32,
}

impl FactsWriter {
    /// The next game's facts.
    pub(crate) fn push(&mut self, info: &Info, table: &mut TableWriter) -> io::Result<()> {
        info.write(&mut self.group);
        if self.group.len() == GROUP * WIDTH {
            self.flush(table)?;
        }
        Ok(())
    }

    /// The last group, if any, to `table`.
    pub(crate) fn flush(&mut self, table: &mut TableWriter) -> io::Result<()> {
        if !self.group.is_empty() {
            table.push(&self.groups.to_be_bytes(), &self.group)?;
            self.groups += 1;
            self.group.clear();
        }
        Ok(())
    }
}

/// Every game's [`Info`] of the group `bytes`, in order; `None` if they are no group's.
pub(crate) fn read_group(bytes: &[u8]) -> Option<Vec<Info>> {
    if !is_group(bytes) {
        return None;
    }
    bytes.chunks_exact(WIDTH).map(Info::read).collect()
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
                    .filter(|bytes| is_group(bytes))
                    .ok_or(FactsError::Corrupt)?;
                &self.held.insert((group, bytes)).1
            }
        };
        let at = ordinal as usize % GROUP * WIDTH;
        bytes
            .get(at..at + WIDTH)
            .and_then(Info::read)
            .ok_or(FactsError::Corrupt)
    }
}

/// Whether `bytes` have a group's length: one to [`GROUP`] games.
fn is_group(bytes: &[u8]) -> bool {
    !bytes.is_empty() && bytes.len() <= GROUP * WIDTH && bytes.len() % WIDTH == 0
}

#[cfg(test)]
mod tests {
    use super::{FactsWriter, GROUP, Info, read_group};
    use crate::store::bucket::Bucket;
    use crate::store::table::{Table, TableWriter};
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
        let (_, kind, key_len, compress) = crate::store::segment::FACTS;
        let games = 3 * GROUP as u32 + 5;
        let mut table = TableWriter::create(&path, kind, key_len, compress).unwrap();
        let mut writer = FactsWriter::default();
        for n in 0..games {
            writer.push(&info(n), &mut table).unwrap();
        }
        writer.flush(&mut table).unwrap();
        assert_eq!(table.finish().unwrap().entries, 4);
        let table = Table::open(&path, kind, key_len, 1 << 20).unwrap();
        let mut facts = super::Facts::new(&table);
        for n in (0..games).rev() {
            assert_eq!(facts.get(n).unwrap(), info(n), "{n}");
        }
        assert!(facts.get(games).is_err());
    }

    #[test]
    fn a_group_of_other_bytes_is_refused() {
        let mut bytes = Vec::new();
        info(1).write(&mut bytes);
        assert_eq!(read_group(&bytes), Some(vec![info(1)]));
        assert_eq!(read_group(&bytes[..11]), None);
        assert_eq!(read_group(&[]), None);
        bytes[3] = 3;
        assert_eq!(read_group(&bytes), None, "no fourth outcome");
        assert_eq!(read_group(&vec![0; (GROUP + 1) * 12]), None);
    }
}
