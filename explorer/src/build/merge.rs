//! Segments merged into one ([`merge`]): a run of consecutive segments (their games numbered
//! in one range) streamed in key order into a new segment, committed by a new manifest as an
//! add is, the old ones removed once no state names them. Rows of the same position and
//! month are summed; postings are rebased and kept (a position's games are counted from its
//! rows and its postings alike, so the answers are those of the segments merged).

use std::collections::BinaryHeap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::build::merge_players::merge_players;
use crate::build::merge_rows::merge_rows;
use crate::build::merged::Merged;
use crate::build::segment::{PostingsWriter, SegmentWriter, Thresholds, sync_dir};
use crate::build::tmp::{CACHE, TmpDir};
use crate::error::{Fault, IndexError};
use crate::store::bytes::leb128;
use crate::store::facts::{Info, read_group};
use crate::store::lock::WriterLock;
use crate::store::manifest::{Manifest, SegmentEntry, segment_dir};
use crate::store::postings;
use crate::store::segment::{Segment, fault};
use crate::store::state::State;
use crate::store::table::BlockCache;
use crate::store::table::TableWriter;
use crate::store::tables::{FACTS, IDS, POSTINGS};
use chess960_pgn::Progress;

/// How many times an add's games the segments merged after it may hold at most: a merge
/// streams about twice as fast as an add builds, so an add and its merge cost at most about
/// five adds.
const CHEAP: u64 = 8;

/// Merges the segments after an add when that costs little beside it ([`cheap_run`]), in
/// one merge. The segments merged, 0 for none.
pub(crate) fn merge_if_cheap(
    dir: &Path,
    lock: &WriterLock,
    manifest: Manifest,
    progress: &Progress,
    thresholds: Thresholds,
) -> Result<usize, IndexError> {
    let games: Vec<u64> = manifest.segments.iter().map(|entry| entry.games).collect();
    let Some(run) = games.last().and_then(|&added| cheap_run(&games, added)) else {
        return Ok(0);
    };
    let merged = run.len();
    merge(dir, lock, manifest, run, progress, thresholds)?;
    Ok(merged)
}

/// The run of segments (of `games` games each, oldest first, the last an add's of `added`)
/// to merge after an add, if any: the last with the run just before it that holds no more
/// games than it (a quarter more allowed: months are not all alike), then that with the run
/// before it, and so on, while the whole holds at most [`CHEAP`] times the add's games.
/// Equal adds fold as a binary counter does (segments about the log of the adds) up to
/// segments of [`CHEAP`] adds, which `index compact` folds.
fn cheap_run(games: &[u64], added: u64) -> Option<Range<usize>> {
    let end = games.len();
    let mut first = end.checked_sub(1)?;
    let mut total = *games.get(first)?;
    loop {
        let mut before = first;
        let mut run = 0u64;
        while let Some(&more) = before.checked_sub(1).and_then(|at| games.get(at)) {
            if (run + more).saturating_mul(4) > total.saturating_mul(5) {
                break;
            }
            run += more;
            before -= 1;
        }
        if before == first || total + run > CHEAP.saturating_mul(added) {
            break;
        }
        first = before;
        total += run;
    }
    (end - first >= 2).then_some(first..end)
}

/// Merges the segments `run` of `manifest` (consecutive, oldest first) into one, committed.
pub(crate) fn merge(
    dir: &Path,
    lock: &WriterLock,
    manifest: Manifest,
    run: Range<usize>,
    progress: &Progress,
    thresholds: Thresholds,
) -> Result<Manifest, IndexError> {
    let state = State::of(dir, manifest.clone(), &BlockCache::new(CACHE))?;
    let next_segment_id = manifest.next_segment;
    let merged = state.segments.get(run.clone()).unwrap_or_default();
    let (Some(first), Some(last)) = (merged.first(), merged.last()) else {
        return Ok(manifest);
    };
    let first_game = first.entry.first_game;
    let games = last.entry.first_game + last.entry.games - first_game;
    let tmp = TmpDir::create(dir)?;
    let built = tmp.0.join("segment");
    let failed = IndexError::io_at(&built);
    let mut writer = SegmentWriter::create(&built).map_err(&failed)?;
    writer.ordinals(games);
    let mut facts_written = 0;
    // A thread that fails stops the others: they see it as an interruption, and the merge
    // returns the failure.
    let failed_one = AtomicBool::new(false);
    let stop = || match progress.is_stopped() || failed_one.load(Ordering::Relaxed) {
        true => Err(IndexError::Interrupted {
            dir: dir.to_owned(),
        }),
        false => Ok(()),
    };
    let failing = |result: Result<(), IndexError>| {
        if result.is_err() {
            failed_one.store(true, Ordering::Relaxed);
        }
        result
    };
    let ids = merged.iter().map(|segment| segment.ids());
    // A source's damage is told at its own file, never at the merge's output.
    let source = |n: usize, table: &str| {
        merged
            .get(n)
            .map_or_else(|| dir.to_owned(), |s| s.dir.join(table))
    };
    for row in Merged::new(ids, |n, err| fault(err).at(&source(n, IDS.0)))? {
        let (id, n, number) = row?;
        let corrupt = || Fault::Corrupt("an id").at(&source(n, IDS.0));
        let id: [u8; 8] = id.try_into().map_err(|_| corrupt())?;
        let number = match leb128(&number) {
            Ok((number, [])) => number,
            _ => return Err(corrupt()),
        };
        writer.id(&id, number).map_err(&failed)?;
    }
    // Each player's games: a key's from every segment holding it.
    merge_players(merged, &mut writer, &source, &failed)?;
    for segment in merged {
        // Numbers between two segments no game has (a segment of removed games left out):
        // facts of none, so that each game's ordinal stays its number's.
        let before = (segment.entry.first_game - first_game).saturating_sub(facts_written);
        for _ in 0..before {
            writer.fact(&Info::none()).map_err(&failed)?;
        }
        facts_written += before + segment.entry.games;
        for group in segment.facts().iter() {
            let facts = segment.dir.join(FACTS.0);
            let (_, bytes) = group.map_err(|err| fault(err).at(&facts))?;
            let infos =
                read_group(&bytes).ok_or_else(|| Fault::Corrupt("a game's facts").at(&facts))?;
            for info in &infos {
                writer.fact(info).map_err(&failed)?;
            }
        }
    }
    // The games copied on a thread of their own while the positions are merged.
    let (games_table, positions) = writer.split();
    std::thread::scope(|scope| {
        let copied = scope.spawn(|| failing(copy_games(games_table, merged, &built, &stop)));
        // And the postings on a third.
        let (rows_table, postings) = positions.split();
        let posted =
            scope.spawn(|| failing(merge_postings(postings, merged, first_game, &built, &stop)));
        let rows = failing(merge_rows(
            rows_table, merged, first_game, &built, &stop, thresholds,
        ));
        let stopped = |what: &str| {
            let err = std::io::Error::other(format!("the thread {what} stopped"));
            Err(IndexError::io_at(&built)(err))
        };
        let posted = posted
            .join()
            .unwrap_or_else(|_| stopped("merging the postings"));
        let copied = copied
            .join()
            .unwrap_or_else(|_| stopped("copying the games"));
        rows.and(posted).and(copied)
    })?;
    stop()?;
    let wrote = writer.finish().map_err(&failed)?;
    let id = next_segment_id;
    let held: u64 = merged
        .iter()
        .map(|segment| segment.entry.games - segment.entry.removed)
        .sum();
    let entry = SegmentEntry {
        id,
        first_game,
        games,
        removed: games - held,
        bytes: wrote.bytes,
        files: [
            merged.iter().map(|s| s.entry.files[0]).min().unwrap_or(1),
            merged.iter().map(|s| s.entry.files[1]).max().unwrap_or(1),
        ],
    };
    drop(state);
    let mut next = manifest;
    let to = segment_dir(dir, id);
    std::fs::rename(&built, &to).map_err(IndexError::io_at(&to))?;
    sync_dir(dir).map_err(IndexError::io_at(dir))?;
    next.segments.splice(run, [entry]);
    next.next_segment += 1;
    next.generation += 1;
    next.commit(dir)
        .map_err(IndexError::io_at(&dir.join("MANIFEST")))?;
    drop(tmp);
    lock.remove_unused(Some(&next));
    Ok(next)
}

/// The segments' games, in number order, to `table`.
fn copy_games(
    table: &mut TableWriter,
    merged: &[Arc<Segment>],
    at: &Path,
    stop: &dyn Fn() -> Result<(), IndexError>,
) -> Result<(), IndexError> {
    for segment in merged {
        for (n, record) in segment.records().enumerate() {
            if n % 4096 == 0 {
                stop()?;
            }
            let (number, bytes) = record?;
            table
                .push(&number.to_be_bytes(), &bytes)
                .map_err(IndexError::io_at(at))?;
        }
    }
    Ok(())
}

/// The segments' postings, their ordinals counted from `first_game`.
fn merge_postings(
    writer: &mut PostingsWriter,
    merged: &[Arc<Segment>],
    first_game: u64,
    at: &Path,
    stop: &dyn Fn() -> Result<(), IndexError>,
) -> Result<(), IndexError> {
    let mut heap = BinaryHeap::new();
    let mut sources = Vec::new();
    for (n, segment) in merged.iter().enumerate() {
        let source = segment.dir.join(POSTINGS.0);
        let shift = u32::try_from(segment.entry.first_game - first_game)
            .map_err(|_| Fault::Corrupt("a chunk of postings").at(&source))?;
        let mut chunks = segment.postings().iter();
        let mut held = next_chunk(&mut chunks, segment.ordinals(), shift, &source)?;
        if let Some(posting) = held.next() {
            heap.push(std::cmp::Reverse((posting, n)));
        }
        sources.push((chunks, held, segment.ordinals(), shift, source));
    }
    let mut postings = 0u32;
    while let Some(std::cmp::Reverse(((print, ordinal), n))) = heap.pop() {
        postings = postings.wrapping_add(1);
        if postings % 65536 == 0 {
            stop()?;
        }
        writer
            .posting(print, ordinal)
            .map_err(|err| Fault::Io(err).at(at))?;
        let Some((chunks, held, ordinals, shift, source)) = sources.get_mut(n) else {
            continue;
        };
        let next = match held.next() {
            Some(posting) => Some(posting),
            None => {
                *held = next_chunk(chunks, *ordinals, *shift, source)?;
                held.next()
            }
        };
        if let Some(posting) = next {
            heap.push(std::cmp::Reverse((posting, n)));
        }
    }
    Ok(())
}

/// The postings of the next chunk of `chunks`, their ordinals shifted by `shift`.
fn next_chunk(
    chunks: &mut impl Iterator<Item = Result<(Vec<u8>, Vec<u8>), crate::store::table::TableError>>,
    ordinals: u32,
    shift: u32,
    path: &Path,
) -> Result<std::vec::IntoIter<(u32, u32)>, IndexError> {
    let Some(chunk) = chunks.next() else {
        return Ok(Vec::new().into_iter());
    };
    let (_, bytes) = chunk.map_err(|err| fault(err).at(path))?;
    let decoded = postings::decode(&bytes, ordinals)
        .ok_or_else(|| Fault::Corrupt("a chunk of postings").at(path))?;
    Ok(decoded
        .into_iter()
        .map(|(print, ordinal)| (print, ordinal + shift))
        .collect::<Vec<_>>()
        .into_iter())
}

#[cfg(test)]
mod tests {
    use super::cheap_run;

    /// The segments' games after each of `adds` adds of `games` games, merged as an add does.
    fn after_adds(adds: usize, games: u64) -> Vec<Vec<u64>> {
        let mut segments: Vec<u64> = Vec::new();
        let mut states = Vec::new();
        for _ in 0..adds {
            segments.push(games);
            if let Some(run) = cheap_run(&segments, games) {
                let merged: u64 = segments[run.clone()].iter().sum();
                segments.splice(run, [merged]);
            }
            // One merge is all the cascade makes.
            assert_eq!(cheap_run(&segments, games), None, "{segments:?}");
            states.push(segments.clone());
        }
        states
    }

    #[test]
    fn equal_adds_fold_as_a_binary_counter_up_to_eight() {
        let states = after_adds(40, 1);
        assert_eq!(states[0], [1]);
        assert_eq!(states[1], [2]);
        assert_eq!(states[2], [2, 1]);
        assert_eq!(states[6], [4, 2, 1]);
        assert_eq!(states[7], [8]);
        assert_eq!(states[16], [8, 8, 1]);
        assert_eq!(states[39], [8, 8, 8, 8, 8]);
        for state in &states {
            assert!(state.iter().all(|&games| games <= 8), "{state:?}");
        }
    }

    #[test]
    fn months_a_little_apart_fold_as_equal_ones() {
        let months = [
            299_695, 299_820, 299_788, 299_443, 299_975, 300_044, 299_604,
        ];
        let mut segments: Vec<u64> = Vec::new();
        for games in months {
            segments.push(games);
            if let Some(run) = cheap_run(&segments, games) {
                let merged: u64 = segments[run.clone()].iter().sum();
                segments.splice(run, [merged]);
            }
        }
        assert_eq!(segments.len(), 3, "{segments:?}"); // 4 months, 2 and 1
    }

    #[test]
    fn a_small_add_into_a_large_index_merges_nothing_large() {
        assert_eq!(cheap_run(&[1000, 1], 1), None);
        assert_eq!(cheap_run(&[1000, 1, 1], 1), Some(1..3));
        assert_eq!(cheap_run(&[1000, 4, 2, 1, 1], 1), Some(1..5));
        // The run before holds more than the new segment: left apart.
        assert_eq!(cheap_run(&[5, 3], 3), None);
        assert_eq!(cheap_run(&[], 3), None);
        assert_eq!(cheap_run(&[3], 3), None);
        // A large add folds the small segments before it.
        assert_eq!(cheap_run(&[100, 1, 2, 3, 50], 50), Some(1..5));
    }
}
