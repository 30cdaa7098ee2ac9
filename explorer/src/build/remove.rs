//! A file's games taken out of an index (`IndexWriter::remove`), and the first step of an add that
//! replaces a file ([`take_out`]): each segment that holds some of them written again without
//! them (`rebuild.rs`) and moved into the index under a new id; then a manifest naming the new
//! segments instead of the old ones, and no longer the file, committed as an add's is. Killed
//! at any moment, the index is as it was (the next writer removes what was left); a reader
//! answers from the old state until the new one is committed.

use std::path::Path;
use std::sync::Arc;

use crate::build::rebuild::without_file;
use crate::build::segment::Thresholds;
use crate::build::segment::sync_dir;
use crate::build::tmp::{CACHE, TmpDir};
use crate::error::IndexError;
use crate::store::files::{FileAdded, FileRef};
use crate::store::lock::WriterLock;
use crate::store::manifest::{Manifest, SegmentEntry, segment_dir};
use crate::store::segment::Segment;
use crate::store::state::State;
use crate::store::table::BlockCache;
use chess960_pgn::Progress;

/// The memory a segment written again sorts its positions in before it writes runs to disk.
const MEMORY: usize = 256 << 20;

/// What a removal did.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Removed {
    /// The file removed, as the index listed it.
    pub file: FileAdded,
    /// Its games taken out of the index.
    pub games: u64,
    /// The segments written again without them (those left with no game dropped).
    pub segments: usize,
    /// Of them, those dropped: none of their games was left.
    pub dropped: usize,
    /// The files added after it that passed over games already in the index: those of them
    /// that were the removed file's are counted for no file now (the index keeps no record
    /// of which file passed over which game); `index add --replace N FILE` with the same
    /// file counts them again.
    pub also_held: Vec<FileAdded>,
}

/// A state with one file's games taken out, not committed.
pub(crate) struct TakenOut {
    /// Its manifest: the segments written again in place of the old ones, the file no longer
    /// listed (its generation as before).
    pub(crate) manifest: Manifest,
    /// Its segments, opened.
    pub(crate) segments: Vec<Arc<Segment>>,
    /// The games taken out.
    pub(crate) games: u64,
    /// The segments written again.
    pub(crate) rewritten: usize,
    /// Of them, those dropped.
    pub(crate) dropped: usize,
}

/// `state` with the games of file `number` taken out: each segment that holds some written
/// again, in `tmp`, then moved into the index.
pub(crate) fn take_out(
    state: State,
    number: u32,
    tmp: &Path,
    progress: &Progress,
    thresholds: Thresholds,
) -> Result<TakenOut, IndexError> {
    let dir = state.dir.clone();
    let mut manifest = state.manifest.clone();
    let mut taken = TakenOut {
        manifest: Manifest::default(),
        segments: Vec::new(),
        games: 0,
        rewritten: 0,
        dropped: 0,
    };
    let mut entries = Vec::new();
    let state_cache = state.cache;
    for segment in state.segments {
        let built = tmp.join(format!("without-{}", segment.entry.id));
        let sorts = tmp.join(format!("sorts-{}", segment.entry.id));
        let Some(rebuilt) = without_file(
            &segment, number, &built, &sorts, MEMORY, progress, thresholds,
        )?
        else {
            entries.push(segment.entry);
            taken.segments.push(segment);
            continue;
        };
        let _ = std::fs::remove_dir_all(&sorts);
        taken.games += rebuilt.removed;
        taken.rewritten += 1;
        let assembled = rebuilt.assembled;
        let (Some(&first), Some(&last)) = (
            assembled.per_file.keys().next(),
            assembled.per_file.keys().next_back(),
        ) else {
            // None of its games is left: no segment, its numbers unused.
            taken.dropped += 1;
            continue;
        };
        let id = manifest.next_segment;
        manifest.next_segment += 1;
        let to = segment_dir(&dir, id);
        std::fs::rename(&built, &to).map_err(IndexError::io_at(&to))?;
        let entry = SegmentEntry {
            id,
            first_game: segment.entry.first_game,
            games: segment.entry.games,
            removed: segment.entry.removed + rebuilt.removed,
            bytes: assembled.wrote.bytes,
            files: [first, last],
        };
        entries.push(entry);
        taken
            .segments
            .push(Arc::new(Segment::open(&to, entry, &state_cache)?));
    }
    sync_dir(&dir).map_err(IndexError::io_at(&dir))?;
    manifest.segments = entries;
    manifest.files.retain(|file| file.number != number);
    taken.manifest = manifest;
    Ok(taken)
}

/// Takes the games of the file `file` names out of the index in `dir`, committed.
pub(crate) fn remove(
    dir: &Path,
    file: &FileRef,
    progress: &Progress,
    thresholds: Thresholds,
) -> Result<Removed, IndexError> {
    let (lock, manifest) = WriterLock::take_index(dir)?;
    let removed = file.find(dir, &manifest.files)?.clone();
    let tmp = TmpDir::create(dir)?;
    let state = State::of(dir, manifest, &BlockCache::new(CACHE))?;
    let taken = take_out(state, removed.number, &tmp.0, progress, thresholds)?;
    if progress.is_stopped() {
        return Err(IndexError::Interrupted {
            dir: dir.to_owned(),
        });
    }
    drop(taken.segments);
    let mut next = taken.manifest;
    next.generation += 1;
    next.commit(dir)
        .map_err(IndexError::io_at(&dir.join("MANIFEST")))?;
    drop(tmp);
    lock.remove_unused(Some(&next));
    let also_held = (next.files.iter())
        .filter(|file| file.number > removed.number && file.already > 0)
        .cloned()
        .collect();
    Ok(Removed {
        file: removed,
        games: taken.games,
        segments: taken.rewritten,
        dropped: taken.dropped,
        also_held,
    })
}
