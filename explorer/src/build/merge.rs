//! Segments merged into one ([`merge`]): a run of consecutive segments (their games numbered
//! in one range) streamed in key order into a new segment, committed by a new manifest as an
//! add is, the old ones removed once no state names them. Rows of the same position and
//! month are summed; postings are rebased and kept (a position's games are counted from its
//! rows and its postings alike, so the answers are those of the segments merged).

use std::collections::BinaryHeap;
use std::ops::Range;
use std::path::Path;

use crate::build::merge_rows::merge_rows;
use crate::build::merged::Merged;
use crate::build::segment::{SegmentWriter, sync_dir};
use crate::build::tmp::{CACHE, TmpDir};
use crate::error::{Fault, IndexError};
use crate::store::facts::read_group;
use crate::store::lock::WriterLock;
use crate::store::manifest::{Manifest, SegmentEntry, segment_dir};
use crate::store::postings;
use crate::store::segment::{POSTINGS, Segment, fault};
use crate::store::state::State;
use chess960_pgn::Progress;

/// Merges the segments after an add when that costs little beside it: the new segment (the
/// last) with the run of segments just before it that hold no more games than it. The
/// segments merged, 0 for none.
pub(crate) fn merge_if_cheap(
    dir: &Path,
    lock: &WriterLock,
    manifest: Manifest,
    progress: &Progress,
) -> Result<usize, IndexError> {
    let Some(new) = manifest.segments.last() else {
        return Ok(0);
    };
    let mut games = 0;
    let mut first = manifest.segments.len() - 1;
    while let Some(before) = first
        .checked_sub(1)
        .and_then(|at| manifest.segments.get(at))
    {
        if games + before.games > new.games {
            break;
        }
        games += before.games;
        first -= 1;
    }
    let end = manifest.segments.len();
    if end - first < 2 {
        return Ok(0);
    }
    merge(dir, lock, manifest, first..end, progress)?;
    Ok(end - first)
}

/// Merges the segments `run` of `manifest` (consecutive, oldest first) into one, committed.
pub(crate) fn merge(
    dir: &Path,
    lock: &WriterLock,
    manifest: Manifest,
    run: Range<usize>,
    progress: &Progress,
) -> Result<Manifest, IndexError> {
    let state = State::of(dir, manifest.clone(), CACHE)?;
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
    let stop = || match progress.is_stopped() {
        true => Err(IndexError::Interrupted {
            dir: dir.to_owned(),
        }),
        false => Ok(()),
    };
    for segment in merged {
        for (n, record) in segment.records().enumerate() {
            if n % 4096 == 0 {
                stop()?;
            }
            let (number, bytes) = record?;
            writer.game(number, &bytes).map_err(&failed)?;
        }
    }
    let ids = merged.iter().map(|segment| segment.ids());
    for row in Merged::new(ids, |err| fault(err).at(&built))? {
        let (id, ..) = row?;
        let id: [u8; 8] = id
            .try_into()
            .map_err(|_| Fault::Corrupt("an id").at(&built))?;
        writer.id(&id).map_err(&failed)?;
    }
    for segment in merged {
        for group in segment.facts().iter() {
            let (_, bytes) = group.map_err(|err| fault(err).at(&built))?;
            let infos =
                read_group(&bytes).ok_or_else(|| Fault::Corrupt("a game's facts").at(&built))?;
            for info in &infos {
                writer.fact(info).map_err(&failed)?;
            }
        }
    }
    merge_rows(&mut writer, merged, first_game, &built, &stop)?;
    merge_postings(&mut writer, merged, first_game, &built, &stop)?;
    stop()?;
    let wrote = writer.finish().map_err(&failed)?;
    drop(state);
    let mut next = manifest;
    let id = next.next_segment;
    let to = segment_dir(dir, id);
    std::fs::rename(&built, &to).map_err(IndexError::io_at(&to))?;
    sync_dir(dir).map_err(IndexError::io_at(dir))?;
    let entry = SegmentEntry {
        id,
        first_game,
        games,
        bytes: wrote.bytes,
    };
    next.segments.splice(run, [entry]);
    next.next_segment += 1;
    next.generation += 1;
    next.commit(dir)
        .map_err(IndexError::io_at(&dir.join("MANIFEST")))?;
    drop(tmp);
    lock.remove_unused(Some(&next));
    Ok(next)
}

/// The segments' postings, their ordinals counted from `first_game`.
fn merge_postings(
    writer: &mut SegmentWriter,
    merged: &[Segment],
    first_game: u64,
    at: &Path,
    stop: &dyn Fn() -> Result<(), IndexError>,
) -> Result<(), IndexError> {
    let corrupt = || Fault::Corrupt("a chunk of postings").at(&at.join(POSTINGS.0));
    let mut heap = BinaryHeap::new();
    let mut sources = Vec::new();
    for (n, segment) in merged.iter().enumerate() {
        let shift = u32::try_from(segment.entry.first_game - first_game).map_err(|_| corrupt())?;
        let mut chunks = segment.postings().iter();
        let mut held = next_chunk(&mut chunks, segment.ordinals(), shift, at)?;
        if let Some(posting) = held.next() {
            heap.push(std::cmp::Reverse((posting, n)));
        }
        sources.push((chunks, held, segment.ordinals(), shift));
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
        let Some((chunks, held, ordinals, shift)) = sources.get_mut(n) else {
            continue;
        };
        let next = match held.next() {
            Some(posting) => Some(posting),
            None => {
                *held = next_chunk(chunks, *ordinals, *shift, at)?;
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
    at: &Path,
) -> Result<std::vec::IntoIter<(u32, u32)>, IndexError> {
    let path = at.join(POSTINGS.0);
    let Some(chunk) = chunks.next() else {
        return Ok(Vec::new().into_iter());
    };
    let (_, bytes) = chunk.map_err(|err| fault(err).at(&path))?;
    let decoded = postings::decode(&bytes, ordinals)
        .ok_or_else(|| Fault::Corrupt("a chunk of postings").at(&path))?;
    Ok(decoded
        .into_iter()
        .map(|(print, ordinal)| (print, ordinal + shift))
        .collect::<Vec<_>>()
        .into_iter())
}
