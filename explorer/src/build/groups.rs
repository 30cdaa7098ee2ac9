//! Each position's visits, sorted → its rows or its postings ([`Grouped`]): the buckets of the
//! sorted visits (positions by their key's first byte) grouped on every thread, each
//! bucket's rows sealed in compressed blocks there, and written to the segment in key order
//! as they come.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, mpsc};

use crate::answer::query::MAX_GAMES;
use crate::build::items::VisitItem;
use crate::build::segment::{
    GroupVisit, Grouped, Info, Made, PositionsWriter, PostingChunks, ROW_GAMES, Row,
};
use crate::build::sort::{Bucket, Sorted};
use crate::store::entry::Entry;
use crate::store::key::Position;
use crate::store::row::AllMonths;
use crate::store::segment::{ALL_MONTHS, ROWS, fingerprint, ordinals, row_key};
use crate::store::table::Blocks;
use chess960_pgn::Progress;

/// The rows of `position`: its month rows, when its games are of two months or more, then
/// its all-months row.
pub(crate) fn rows_of(
    position: &Position,
    months: BTreeMap<u16, Entry>,
    all: Entry,
    out: &mut Vec<Row>,
) {
    let single = match months.keys().collect::<Vec<_>>()[..] {
        [&month] => Some(month),
        _ => None,
    };
    if single.is_none() {
        for (month, entry) in months {
            let mut bytes = Vec::new();
            entry.write(&mut bytes);
            out.push((row_key(position, month), bytes));
        }
    }
    let mut bytes = Vec::new();
    AllMonths { single, entry: all }.write(&mut bytes);
    out.push((row_key(position, ALL_MONTHS), bytes));
}

/// The games of a segment, numbered from its first: what rows need of each.
pub(crate) struct Games<'a> {
    pub(crate) first: u64,
    pub(crate) infos: &'a [Info],
}

/// The visits of `position`: a posting a game for fewer than [`ROW_GAMES`], else its rows.
fn group(
    position: &Position,
    visits: &[GroupVisit],
    games: &Games,
    out: &mut Grouped,
) -> io::Result<()> {
    if visits.len() < ROW_GAMES {
        let print = fingerprint(position);
        out.postings
            .extend(visits.iter().map(|&(ordinal, _, _)| (print, ordinal)));
        return Ok(());
    }
    let mut all = Entry::default();
    let mut months: BTreeMap<u16, Entry> = BTreeMap::new();
    for &(ordinal, mv, mover) in visits {
        let info = games
            .infos
            .get(ordinal as usize)
            .ok_or_else(|| io::Error::other("a game's ordinal"))?;
        let played = info.played(games.first + u64::from(ordinal), mv, mover);
        all.add(played, MAX_GAMES);
        months.entry(info.month).or_default().add(played, MAX_GAMES);
    }
    rows_of(position, months, all, &mut out.rows);
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
            group(&last.position(), &visits, games, &mut grouped)?;
            visits.clear();
        }
        at = Some(item);
        if let Some(ordinal) = kept(item.ordinal) {
            visits.push((ordinal, item.mv, item.mover()));
        }
    }
    if let Some(last) = at {
        group(&last.position(), &visits, games, &mut grouped)?;
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
                loop {
                    let next = lock(queue).next();
                    let Some((at, items)) = next else {
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
                    if send.send((at, made(items, kept, games))).is_err() {
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
