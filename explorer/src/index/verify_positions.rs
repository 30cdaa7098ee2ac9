//! A segment's positions verified: `rows.tbl`'s rows, each decoded, a position's month rows
//! before its all-months row, every game they name one the segment holds; `postings.tbl`'s
//! chunks, each decoded, keyed by its first fingerprint, a fingerprint's postings in one
//! chunk, every game one the segment holds; and a sample of the postings confirmed as an
//! answer confirms them, by replaying the game's line.

use std::path::{Path, PathBuf};

use crate::error::IndexError;
use crate::index::verify_walk::{Pass, Present, Walk, damaged};
use crate::store::entry::Entry;
use crate::store::games::Record;
use crate::store::postings;
use crate::store::row::Stored;
use crate::store::segment::{ALL_MONTHS, Segment, fingerprint};
use crate::store::table::Table;
use crate::store::visit::visits;

/// The postings a segment's sample holds, at most.
const SAMPLES: usize = 1000;

/// One posting sampled in this many, at least.
const STRIDE: u64 = 97;

/// Postings sampled as they are read: one in [`STRIDE`], or twice, four times… as many as
/// keep the sample to [`SAMPLES`], spread over them all.
#[derive(Debug)]
struct Sample<T> {
    stride: u64,
    /// Each posting taken, with its place among those offered.
    taken: Vec<(u64, T)>,
}

impl<T> Default for Sample<T> {
    fn default() -> Sample<T> {
        Sample {
            stride: STRIDE,
            taken: Vec::new(),
        }
    }
}

impl<T> Sample<T> {
    /// Offers `posting`, the `at`th read (from 0, in order).
    fn offer(&mut self, at: u64, posting: T) {
        if at % self.stride != 0 {
            return;
        }
        if self.taken.len() == SAMPLES {
            // Full: every other one kept, one in twice as many taken from now on.
            self.stride *= 2;
            let stride = self.stride;
            self.taken.retain(|&(taken, _)| taken % stride == 0);
            if at % stride != 0 {
                return;
            }
        }
        self.taken.push((at, posting));
    }
}

/// A position's key as hex, to name it.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Verifies `rows.tbl` of `segment`, whose games are `present`.
pub(crate) fn rows(
    pass: &mut Pass,
    rows: &(PathBuf, Table),
    segment: &Segment,
    present: &Present,
) -> Result<(), IndexError> {
    let mut walk = Walk::new(rows, 14);
    let path = walk.path;
    // The position of the rows read, and its month rows so far.
    let mut position: Option<Vec<u8>> = None;
    let mut months = 0u64;
    while let Some((key, value)) = walk.next(pass)? {
        let (here, month) = key.split_at(12);
        let month = u16::from_be_bytes(month.try_into().unwrap_or_default());
        let name = hex(here);
        if position.as_deref() != Some(here) {
            if months > 0 {
                let why = format!("position {name}'s month rows are not followed by its own");
                return Err(damaged(path, "a position's rows", why));
            }
            position = Some(here.to_vec());
        }
        let games = if month != ALL_MONTHS {
            months += 1;
            let entry = Entry::read_month(&value, month).ok_or_else(|| {
                let why = format!("position {name}'s row of month {month} does not decode");
                damaged(path, "a row", why)
            })?;
            named(&entry)
        } else {
            let one_month = std::mem::take(&mut months) == 0;
            let stored = Stored::read(&value).ok_or_else(|| {
                let why = format!("position {name}'s all-months row does not decode");
                damaged(path, "a row", why)
            })?;
            let (games, single) = match stored {
                Stored::Counted(row) => (named(&row.entry), row.single.is_some()),
                Stored::Listed(listed) => {
                    let ordinals = listed.visits().map(|(ordinal, _)| u64::from(ordinal));
                    let first = segment.entry.first_game;
                    (ordinals.map(|ordinal| first + ordinal).collect(), true)
                }
            };
            if single && !one_month {
                let why = format!("position {name} has month rows and a row of one month");
                return Err(damaged(path, "a position's rows", why));
            }
            games
        };
        for number in games {
            held(segment, present, number, path, &name)?;
        }
        pass.verified.rows += 1;
    }
    if months > 0 {
        let why = "the last position's month rows are not followed by its own".to_owned();
        return Err(damaged(path, "a position's rows", why));
    }
    walk.finish(pass)
}

/// The games `entry` names: a move's one game, its top and recent games.
fn named(entry: &Entry) -> Vec<u64> {
    let groups = entry.moves.iter().flat_map(|mv| &mv.groups);
    let ones = groups.filter_map(|group| group.game);
    let kept = entry.top.iter().chain(&entry.recent).map(|at| at.game);
    ones.chain(kept).collect()
}

/// Refuses game `number`, named at position `name`, unless `segment` holds it.
fn held(
    segment: &Segment,
    present: &Present,
    number: u64,
    path: &Path,
    name: &str,
) -> Result<(), IndexError> {
    let ordinal = number.checked_sub(segment.entry.first_game);
    if ordinal.is_some_and(|ordinal| present.has(ordinal)) {
        return Ok(());
    }
    let why = format!("position {name} names game {number}, which the segment does not hold");
    Err(damaged(path, "a game named", why))
}

/// Verifies `postings.tbl` of `segment`, whose games are `present`, a sample of its postings
/// confirmed by replaying their games.
pub(crate) fn postings(
    pass: &mut Pass,
    table: &(PathBuf, Table),
    segment: &Segment,
    present: &Present,
) -> Result<(), IndexError> {
    let mut walk = Walk::new(table, 4);
    let path = walk.path;
    let ordinals = segment.ordinals();
    let mut sample = Sample::default();
    let mut last: Option<u32> = None;
    let mut read = 0u64;
    while let Some((key, value)) = walk.next(pass)? {
        let print = u32::from_be_bytes(key.try_into().unwrap_or_default());
        let chunk = postings::decode(&value, ordinals)
            .filter(|chunk| chunk.first().is_some_and(|&(first, _)| first == print))
            .ok_or_else(|| {
                let why =
                    format!("chunk {print:08x} does not decode, or begins at another fingerprint");
                damaged(path, "a chunk of postings", why)
            })?;
        if last.is_some_and(|last| last >= print) {
            let why = format!("fingerprint {print:08x}'s postings are in two chunks");
            return Err(damaged(path, "the chunks of postings", why));
        }
        for &(print, ordinal) in &chunk {
            let number = segment.entry.first_game + u64::from(ordinal);
            held(
                segment,
                present,
                number,
                path,
                &format!("of fingerprint {print:08x}"),
            )?;
            sample.offer(read, (number, print));
            read += 1;
        }
        last = chunk.last().map(|&(print, _)| print);
    }
    walk.finish(pass)?;
    pass.verified.postings += read;
    for (_, (number, print)) in sample.taken {
        pass.go_on()?;
        pass.verified.sampled += 1;
        let games = segment.dir.join(crate::store::tables::GAMES.0);
        let record = segment
            .record(number)?
            .and_then(|bytes| Record::read(&bytes));
        let record = record.ok_or_else(|| {
            let why = format!("game {number}'s record, which a posting names, does not read");
            damaged(&games, "a game's record", why)
        })?;
        let reached = visits(&record.line)
            .iter()
            .any(|visit| fingerprint(&visit.position) == print);
        if !reached {
            let why =
                format!("game {number}, replayed, reaches no position of fingerprint {print:08x}");
            return Err(damaged(path, "a posting", why));
        }
        pass.verified.confirmed += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{SAMPLES, STRIDE, Sample};

    #[test]
    fn a_sample_is_one_in_97_or_fewer_spread_over_all() {
        for postings in [0, 1, 97, 98, 97_000, 97_001, 5_000_000] {
            let mut sample = Sample::default();
            for at in 0..postings {
                sample.offer(at, ());
            }
            let taken: Vec<u64> = sample.taken.iter().map(|&(at, _)| at).collect();
            let stride = sample.stride;
            assert_eq!(stride % STRIDE, 0);
            assert!(
                taken
                    .iter()
                    .enumerate()
                    .all(|(n, &at)| at == n as u64 * stride)
            );
            assert_eq!(taken.len() as u64, postings.div_ceil(stride), "{postings}");
            let spread = postings < 2 * STRIDE || taken.len() > SAMPLES / 2;
            assert!(
                taken.len() <= SAMPLES && spread,
                "{postings}: {}",
                taken.len()
            );
        }
    }
}
