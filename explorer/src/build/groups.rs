//! Each position's visits, sorted → its rows or its postings ([`Grouped`]): the buckets of the
//! sorted visits (positions by their key's first byte) grouped on every thread, each
//! bucket's rows sealed in compressed blocks there, and written to the segment in key order
//! as they come.

use std::collections::BTreeMap;
use std::io;
use std::panic::AssertUnwindSafe;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, mpsc};

use crate::build::items::VisitItem;
use crate::build::segment::{
    GroupVisit, Grouped, Made, PositionsWriter, PostingChunks, Row, Thresholds,
};
use crate::build::sort::{Bucket, Sorted};
use crate::store::facts::Info;
use crate::store::key::Position;
use crate::store::listed::Listed;
use crate::store::row::{AllMonths, Counting};
use crate::store::segment::{ALL_MONTHS, fingerprint, ordinals, row_key};
use crate::store::table::Blocks;
use crate::store::tables::ROWS;
use chess960_pgn::Progress;

/// The rows of `position` of `counted` games: its month rows, when its games are of two
/// months or more, then its all-months row.
pub(crate) fn rows_of(position: &Position, counted: Counting, out: &mut Vec<Row>) {
    let single = counted.single();
    if single.is_none() {
        for (month, entry) in counted.months {
            let mut bytes = Vec::new();
            entry.write(&mut bytes);
            out.push((row_key(position, month), bytes));
        }
    }
    let mut bytes = Vec::new();
    let all = AllMonths {
        single,
        entry: counted.all,
    };
    all.write(&mut bytes);
    out.push((row_key(position, ALL_MONTHS), bytes));
}

/// The games of `visits` listed, if they can be: one side to move, each game once a move.
pub(crate) fn listed(visits: &mut [GroupVisit]) -> Option<Listed> {
    let mover = visits.first()?.2;
    visits.sort_unstable_by_key(|&(ordinal, mv, _)| (mv, ordinal));
    let mut moves: Vec<(u16, Vec<u32>)> = Vec::new();
    for &(ordinal, mv, side) in visits.iter() {
        if side != mover {
            return None;
        }
        match moves.last_mut() {
            Some((last, games)) if *last == mv => {
                // A move's games increase: a game twice at one move is counted instead.
                if games.last() == Some(&ordinal) {
                    return None;
                }
                games.push(ordinal);
            }
            _ => moves.push((mv, vec![ordinal])),
        }
    }
    Some(Listed { mover, moves })
}

/// The games of a segment, numbered from its first: what rows need of each.
pub(crate) struct Games<'a> {
    pub(crate) first: u64,
    pub(crate) infos: &'a [Info],
    /// How positions are stored by their games.
    pub(crate) thresholds: Thresholds,
}

/// The visits of `position`: a posting a game for fewer than the games' thresholds' row
/// games, its games listed for fewer than their counted games, else its rows counted.
fn group(
    position: &Position,
    visits: &mut [GroupVisit],
    games: &Games,
    out: &mut Grouped,
) -> io::Result<()> {
    if visits.len() < games.thresholds.row_games {
        let print = fingerprint(position);
        out.postings
            .extend(visits.iter().map(|&(ordinal, _, _)| (print, ordinal)));
        return Ok(());
    }
    if visits.len() < games.thresholds.counted_games
        && let Some(listed) = listed(visits)
    {
        let mut bytes = Vec::new();
        listed.write(&mut bytes);
        out.rows.push((row_key(position, ALL_MONTHS), bytes));
        return Ok(());
    }
    let mut counted = Counting::default();
    for &(ordinal, mv, mover) in visits.iter() {
        let info = games
            .infos
            .get(ordinal as usize)
            .ok_or_else(|| io::Error::other("a game's ordinal"))?;
        counted.add(info.played(games.first + u64::from(ordinal), mv, mover));
    }
    rows_of(position, counted, &mut out.rows);
    Ok(())
}

/// A bucket's visits grouped by position, each game's ordinal the segment's (`kept`: none
/// for a game left out).
fn bucket(
    items: Sorted<VisitItem>,
    kept: &(impl Fn(u32) -> Option<u32> + Sync),
    games: &Games,
) -> io::Result<Grouped> {
    let mut grouped = Grouped::default();
    let mut visits: Vec<GroupVisit> = Vec::new();
    let mut at: Option<VisitItem> = None;
    for item in items {
        let item = item?;
        if let Some(last) = at.filter(|last| last.key != item.key) {
            group(&last.position(), &mut visits, games, &mut grouped)?;
            visits.clear();
        }
        at = Some(item);
        if let Some(ordinal) = kept(item.ordinal) {
            visits.push((ordinal, item.mv, item.mover()));
        }
    }
    if let Some(last) = at {
        group(&last.position(), &mut visits, games, &mut grouped)?;
    }
    Ok(grouped)
}

/// [`bucket`], its rows sealed in blocks and its postings encoded in chunks (a bucket's
/// last chunk ends with it: its positions' fingerprints are the bucket's alone).
fn made(
    items: Bucket<VisitItem>,
    kept: &(impl Fn(u32) -> Option<u32> + Sync),
    games: &Games,
) -> io::Result<Made> {
    let grouped = bucket(items.items()?, kept, games)?;
    let (_, _, key_len, compress) = ROWS;
    let mut rows = Blocks::new(key_len, compress)?;
    for (key, bytes) in &grouped.rows {
        rows.push(key, bytes)?;
    }
    rows.seal()?;
    let mut chunks = PostingChunks::new(ordinals(games.infos.len() as u64));
    for (print, ordinal) in grouped.postings {
        chunks.posting(print, ordinal);
    }
    chunks.close();
    let postings = chunks.closed;
    Ok(Made { rows, postings })
}

/// `mutex` locked, whether a thread that held it panicked or not.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sets the threads' stop flag and wakes them all when dropped armed (`.1`).
struct StopOnDrop<'a>(&'a (Mutex<(usize, bool)>, Condvar), bool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        if self.1 {
            lock(&self.0.0).1 = true;
            self.0.1.notify_all();
        }
    }
}

/// How many buckets past the last written a thread may group.
const AHEAD: usize = 2;

/// Every bucket's positions grouped on `threads` threads, each taking the next bucket, and
/// written to `writer` in order as they come (at most [`AHEAD`] a thread past the last
/// written); `None` when `progress` was stopped.
pub(crate) fn write_buckets(
    buckets: Vec<Bucket<VisitItem>>,
    threads: usize,
    kept: &(impl Fn(u32) -> Option<u32> + Sync),
    games: &Games,
    writer: &mut PositionsWriter,
    progress: &Progress,
) -> io::Result<Option<()>> {
    let threads = threads.max(1);
    let count = buckets.len();
    let queue = Mutex::new(buckets.into_iter().enumerate());
    // The buckets written, and whether the threads are to stop.
    let written = (Mutex::new((0usize, false)), Condvar::new());
    let (send, made_buckets) = mpsc::channel::<(usize, io::Result<Made>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (queue, written) = (&queue, &written);
            scope.spawn(move || {
                // A thread that ends before the queue is empty (stopped, or by a panic)
                // stops the others and wakes them: the bucket it held will not come.
                let mut guard = StopOnDrop(written, true);
                loop {
                    let next = lock(queue).next();
                    let Some((at, items)) = next else {
                        guard.1 = false;
                        return;
                    };
                    let mut state = lock(&written.0);
                    while at >= state.0 + AHEAD * threads && !state.1 {
                        state = written
                            .1
                            .wait(state)
                            .unwrap_or_else(PoisonError::into_inner);
                    }
                    if state.1 || progress.is_stopped() {
                        return;
                    }
                    drop(state);
                    // A panic is this bucket's error, not the whole scope's.
                    let made =
                        std::panic::catch_unwind(AssertUnwindSafe(|| made(items, kept, games)))
                            .unwrap_or_else(|_| {
                                Err(io::Error::other("a thread grouping positions panicked"))
                            });
                    if send.send((at, made)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        let wrote = (|| {
            for (at, made) in &made_buckets {
                pending.insert(at, made);
                while let Some(made) = pending.remove(&next) {
                    writer.push_made(made?)?;
                    next += 1;
                    lock(&written.0).0 = next;
                    written.1.notify_all();
                }
                if progress.is_stopped() {
                    return Ok(None);
                }
            }
            match next == count {
                true => Ok(Some(())),
                false if progress.is_stopped() => Ok(None),
                false => Err(io::Error::other("a thread grouping positions stopped")),
            }
        })();
        lock(&written.0).1 = true;
        written.1.notify_all();
        wrote
    })
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::{Games, write_buckets};
    use crate::build::items::VisitItem;
    use crate::build::segment::SegmentWriter;
    use crate::build::sort::Sorter;
    use crate::store::bucket::Bucket;
    use crate::store::facts::Info;
    use chess960_pgn::{Outcome, Progress};

    /// Positions over every first byte, each of 10 games (rows) or 1 (postings), grouped
    /// on 3 threads with `kept` asked of each visit: what `write_buckets` says, within 60 s
    /// (its thread's panic said as such).
    fn grouped(kept: impl Fn(u32) -> Option<u32> + Sync + Send + 'static) -> String {
        let (done, said) = mpsc::channel();
        std::thread::spawn(move || {
            let dir = tempfile::tempdir().unwrap();
            let mut sorter = Sorter::new(1 << 20, dir.path(), "visits", 3);
            for n in 0..2048u32 {
                let mut key = [0; 12];
                key[..4].copy_from_slice(&n.wrapping_mul(0x9E37_79B9).to_be_bytes());
                for ordinal in 0..[1, 10][n as usize % 2] {
                    sorter
                        .push(VisitItem {
                            key,
                            ordinal,
                            mv: 0x0C,
                            white: true,
                        })
                        .unwrap();
                }
            }
            let info = Info {
                bucket: Bucket::of(None, [None, None]),
                outcome: Outcome::Draw,
                month: 0,
                elo: [u32::MAX; 2],
            };
            let infos = vec![info; 10];
            let games = Games {
                first: 0,
                infos: &infos,
                thresholds: crate::build::segment::Thresholds::TESTS,
            };
            let mut writer = SegmentWriter::create(&dir.path().join("segment")).unwrap();
            writer.ordinals(10);
            let buckets = sorter.finish_buckets().unwrap();
            let (_, positions) = writer.split();
            let wrote = write_buckets(buckets, 3, &kept, &games, positions, &Progress::default());
            let _ = done.send(format!("{wrote:?}"));
        });
        said.recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|err| format!("no answer: {err}"))
    }

    #[test]
    fn every_bucket_is_written_in_order() {
        assert_eq!(grouped(Some), "Ok(Some(()))");
    }

    #[test]
    fn a_thread_that_panics_is_an_error_not_a_hang() {
        let said = grouped(|ordinal| match ordinal {
            7 => panic!("a thread grouping panics"),
            _ => Some(ordinal),
        });
        assert!(
            said.contains("a thread grouping positions panicked"),
            "{said}"
        );
    }
}
