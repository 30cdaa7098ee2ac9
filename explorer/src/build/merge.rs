//! Segments merged into one ([`merge`]): a run of consecutive segments (their games numbered
//! in one range) streamed in key order into a new segment, committed by a new manifest as an
//! add is, the old ones removed once no state names them. Rows of the same position and
//! month are summed; postings are rebased and kept (a position's games are counted from its
//! rows and its postings alike, so the answers are those of the segments merged).

use std::collections::{BTreeMap, BinaryHeap};
use std::ops::Range;
use std::path::Path;

use crate::answer::query::MAX_GAMES;
use crate::build::groups::rows_of;
use crate::build::segment::{Grouped, SegmentWriter, sync_dir};
use crate::build::tmp::{CACHE, TmpDir};
use crate::error::{Fault, IndexError};
use crate::store::entry::Entry;
use crate::store::key::Position;
use crate::store::lock::WriterLock;
use crate::store::manifest::{Manifest, SegmentEntry, segment_dir};
use crate::store::postings;
use crate::store::row::AllMonths;
use crate::store::segment::{ALL_MONTHS, POSTINGS, ROWS, Segment, fault};
use crate::store::state::State;
use crate::store::table::Table;
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
        let (id, _) = row?;
        let id: [u8; 8] = id
            .try_into()
            .map_err(|_| Fault::Corrupt("an id").at(&built))?;
        writer.id(&id).map_err(&failed)?;
    }
    merge_rows(&mut writer, merged, &built, &stop)?;
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

/// The segments' rows, a position's summed: its all-months rows, and its months' (a
/// segment's one-month all-months row standing for its month's row).
fn merge_rows(
    writer: &mut SegmentWriter,
    merged: &[Segment],
    at: &Path,
    stop: &dyn Fn() -> Result<(), IndexError>,
) -> Result<(), IndexError> {
    let corrupt = || Fault::Corrupt("a row's entry").at(&at.join(ROWS.0));
    let rows = merged.iter().map(|segment| segment.rows());
    let mut rows = Merged::new(rows, |err| fault(err).at(&at.join(ROWS.0)))?.peekable();
    let mut positions = 0u32;
    while let Some(row) = rows.next() {
        positions = positions.wrapping_add(1);
        if positions % 4096 == 0 {
            stop()?;
        }
        let (key, value) = row?;
        let key: [u8; 14] = key.try_into().map_err(|_| corrupt())?;
        let [p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, m0, m1] = key;
        let position = Position::from_bytes([p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11]);
        let mut months: BTreeMap<u16, Entry> = BTreeMap::new();
        let mut all = Entry::default();
        let mut add = |month: u16, value: &[u8]| -> Result<(), IndexError> {
            if month == ALL_MONTHS {
                let row = AllMonths::read(value).ok_or_else(corrupt)?;
                // Its games' months were read with it: all `single`.
                if let Some(single) = row.single {
                    merge_into(&mut months, single, row.entry.clone());
                }
                all.merge(row.entry, MAX_GAMES);
            } else {
                let entry = Entry::read_month(value, month).ok_or_else(corrupt)?;
                merge_into(&mut months, month, entry);
            }
            Ok(())
        };
        add(u16::from_be_bytes([m0, m1]), &value)?;
        let same = |row: &Result<(Vec<u8>, Vec<u8>), IndexError>| {
            row.as_ref()
                .is_ok_and(|(next, _)| next.get(..12) == Some(position.bytes().as_slice()))
        };
        while let Some(row) = rows.next_if(same) {
            let (key, value) = row?;
            let [.., m0, m1] = <[u8; 14]>::try_from(key).map_err(|_| corrupt())?;
            add(u16::from_be_bytes([m0, m1]), &value)?;
        }
        let mut grouped = Grouped::default();
        rows_of(&position, months, all, &mut grouped.rows);
        writer.push(grouped).map_err(|err| Fault::Io(err).at(at))?;
    }
    Ok(())
}

/// Adds `entry`, of `month`, to `months`.
fn merge_into(months: &mut BTreeMap<u16, Entry>, month: u16, entry: Entry) {
    match months.entry(month) {
        std::collections::btree_map::Entry::Vacant(vacant) => {
            vacant.insert(entry);
        }
        std::collections::btree_map::Entry::Occupied(mut held) => {
            held.get_mut().merge(entry, MAX_GAMES);
        }
    }
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

/// A table's next entry in a merge: its key, the table's place, its value.
type Next = std::cmp::Reverse<(Vec<u8>, usize, Vec<u8>)>;

/// Tables' entries merged in key order (equal keys in the tables' order).
struct Merged<'a, E> {
    heap: BinaryHeap<Next>,
    tables: Vec<crate::store::table::Entries<'a>>,
    failed: E,
}

impl<'a, E: Fn(crate::store::table::TableError) -> IndexError> Merged<'a, E> {
    fn new(tables: impl Iterator<Item = &'a Table>, failed: E) -> Result<Self, IndexError> {
        let mut merged = Merged {
            heap: BinaryHeap::new(),
            tables: tables.map(Table::iter).collect(),
            failed,
        };
        for n in 0..merged.tables.len() {
            merged.refill(n)?;
        }
        Ok(merged)
    }

    fn refill(&mut self, n: usize) -> Result<(), IndexError> {
        if let Some(next) = self.tables.get_mut(n).and_then(Iterator::next) {
            let (key, value) = next.map_err(&self.failed)?;
            self.heap.push(std::cmp::Reverse((key, n, value)));
        }
        Ok(())
    }
}

impl<E: Fn(crate::store::table::TableError) -> IndexError> Iterator for Merged<'_, E> {
    type Item = Result<(Vec<u8>, Vec<u8>), IndexError>;

    fn next(&mut self) -> Option<Self::Item> {
        let std::cmp::Reverse((key, n, value)) = self.heap.pop()?;
        if let Err(err) = self.refill(n) {
            self.heap.clear();
            return Some(Err(err));
        }
        Some(Ok((key, value)))
    }
}
