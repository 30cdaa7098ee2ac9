//! The rows of segments being merged, a position's made one ([`merge_rows`]): counted rows
//! summed month by month; listed games concatenated, their ordinals the merged segment's,
//! while they stay fewer than the thresholds' counted games and nothing of the position is counted;
//! else counted from their facts into the position's counted rows.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::build::groups::rows_of;
use crate::build::merged::Merged;
use crate::build::segment::{Row, Thresholds};
use crate::error::{Fault, IndexError};
use crate::store::entry::Entry;
use crate::store::entry::KEPT;
use crate::store::key::Position;
use crate::store::listed::Listed;
use crate::store::row::{Counting, Stored};
use crate::store::segment::{ALL_MONTHS, Segment, fault, row_key};
use crate::store::table::TableWriter;
use crate::store::tables::ROWS;

/// One position's rows in the segments merged.
#[derive(Default)]
struct Held {
    counted: Counting,
    /// Whether any segment counted it.
    any_counted: bool,
    /// Each segment's list of its games, with the segment's place in the merge.
    listed: Vec<(usize, Listed)>,
}

/// The segments' rows, in key order, a position's made one, to `writer`; `first_game` the
/// merged segment's first game.
pub(crate) fn merge_rows(
    writer: &mut TableWriter,
    merged: &[Arc<Segment>],
    first_game: u64,
    at: &Path,
    stop: &dyn Fn() -> Result<(), IndexError>,
    thresholds: Thresholds,
) -> Result<(), IndexError> {
    // A source's damage is told at its own rows, never at the merge's output.
    let source = |n: usize| {
        merged
            .get(n)
            .map_or_else(|| at.to_owned(), |s| s.dir.join(ROWS.0))
    };
    let corrupt = |n: usize| Fault::Corrupt("a row's entry").at(&source(n));
    let rows = merged.iter().map(|segment| segment.rows());
    let mut rows = Merged::new(rows, |n, err| fault(err).at(&source(n)))?.peekable();
    let mut positions = 0u32;
    let mut rows_out: Vec<Row> = Vec::new();
    while let Some(row) = rows.next() {
        positions = positions.wrapping_add(1);
        if positions % 4096 == 0 {
            stop()?;
        }
        let (key, n, value) = row?;
        let key: [u8; 14] = key.try_into().map_err(|_| corrupt(n))?;
        let [p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, ..] = key;
        let position = Position::from_bytes([p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11]);
        let mut held = Held::default();
        held.add(&key, n, &value).ok_or_else(|| corrupt(n))?;
        let same = |row: &Result<(Vec<u8>, usize, Vec<u8>), IndexError>| {
            row.as_ref()
                .is_ok_and(|(next, ..)| next.get(..12) == Some(position.bytes().as_slice()))
        };
        while let Some(row) = rows.next_if(same) {
            let (key, n, value) = row?;
            let key: [u8; 14] = key.try_into().map_err(|_| corrupt(n))?;
            held.add(&key, n, &value).ok_or_else(|| corrupt(n))?;
        }
        rows_out.clear();
        held.write(&position, merged, first_game, at, thresholds, &mut rows_out)?;
        for (key, bytes) in &rows_out {
            writer
                .push(key, bytes)
                .map_err(|err| Fault::Io(err).at(at))?;
        }
    }
    Ok(())
}

impl Held {
    /// The row of `key` and `value`, of the `n`th segment; `None` if it is not as written.
    fn add(&mut self, key: &[u8; 14], n: usize, value: &[u8]) -> Option<()> {
        let [.., m0, m1] = *key;
        let month = u16::from_be_bytes([m0, m1]);
        if month != ALL_MONTHS {
            let entry = Entry::read_month(value, month)?;
            merge_into(&mut self.counted.months, month, entry);
            return Some(());
        }
        match Stored::read(value)? {
            Stored::Counted(row) => {
                self.any_counted = true;
                // Its games' months were read with it: all `single`.
                if let Some(single) = row.single {
                    merge_into(&mut self.counted.months, single, row.entry.clone());
                }
                self.counted.all.merge(row.entry, KEPT);
            }
            Stored::Listed(listed) => self.listed.push((n, listed)),
        }
        Some(())
    }

    /// Its rows, to `out`: its games listed while they can be, else counted.
    fn write(
        mut self,
        position: &Position,
        merged: &[Arc<Segment>],
        first_game: u64,
        at: &Path,
        thresholds: Thresholds,
        out: &mut Vec<Row>,
    ) -> Result<(), IndexError> {
        let listed: usize = self.listed.iter().map(|(_, listed)| listed.games()).sum();
        let mover = self.listed.first().map(|(_, listed)| listed.mover);
        let one_side = self
            .listed
            .iter()
            .all(|(_, listed)| Some(listed.mover) == mover);
        if let Some(mover) =
            mover.filter(|_| !self.any_counted && one_side && listed < thresholds.counted_games)
        {
            let mut moves: BTreeMap<u16, Vec<u32>> = BTreeMap::new();
            for (n, listed) in &self.listed {
                let shift = shift(merged, *n, first_game).ok_or_else(|| not_merged(at))?;
                let games_there = merged.get(*n).map_or(0, |segment| segment.entry.games);
                for (mv, games) in &listed.moves {
                    // A game past its segment's would name another segment's game.
                    if games
                        .iter()
                        .any(|&ordinal| u64::from(ordinal) >= games_there)
                    {
                        return Err(Fault::Corrupt("a listed game's ordinal").at(&at.join(ROWS.0)));
                    }
                    let games = games.iter().map(|&ordinal| ordinal + shift);
                    moves.entry(*mv).or_default().extend(games);
                }
            }
            let mut bytes = Vec::new();
            let moves = moves.into_iter().collect();
            Listed { mover, moves }.write(&mut bytes);
            out.push((row_key(position, ALL_MONTHS), bytes));
            return Ok(());
        }
        for (n, listed) in &self.listed {
            let segment = merged.get(*n).ok_or_else(|| not_merged(at))?;
            let counted = segment.count(listed)?;
            for (month, entry) in counted.months {
                merge_into(&mut self.counted.months, month, entry);
            }
            self.counted.all.merge(counted.all, KEPT);
        }
        rows_of(position, self.counted, out);
        Ok(())
    }
}

/// What the `n`th segment's ordinals gain in the merged one, whose first game is `first_game`.
fn shift(merged: &[Arc<Segment>], n: usize, first_game: u64) -> Option<u32> {
    let segment = merged.get(n)?;
    u32::try_from(segment.entry.first_game.checked_sub(first_game)?).ok()
}

/// The error of a row of no segment merged (never: each comes from one).
fn not_merged(at: &Path) -> IndexError {
    Fault::Corrupt("a merge's segment").at(at)
}

/// Adds `entry`, of `month`, to `months`.
fn merge_into(months: &mut BTreeMap<u16, Entry>, month: u16, entry: Entry) {
    match months.entry(month) {
        std::collections::btree_map::Entry::Vacant(vacant) => {
            vacant.insert(entry);
        }
        std::collections::btree_map::Entry::Occupied(mut held) => {
            held.get_mut().merge(entry, KEPT);
        }
    }
}
