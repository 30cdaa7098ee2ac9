//! Each position's visits, sorted → its rows or its postings ([`Grouped`]): the buckets of the
//! sorted visits (positions by their key's first byte) grouped on every thread, a wave of
//! buckets at a time, and written to the segment in key order.

use std::collections::BTreeMap;
use std::io;

use crate::answer::query::MAX_GAMES;
use crate::build::items::VisitItem;
use crate::build::segment::{GroupVisit, Grouped, Info, ROW_GAMES, Row, SegmentWriter};
use crate::build::sort::{Bucket, Sorted};
use crate::store::entry::Entry;
use crate::store::key::Position;
use crate::store::row::AllMonths;
use crate::store::segment::{ALL_MONTHS, fingerprint, row_key};
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

/// Every bucket's positions grouped, `threads` buckets at a time, written to `writer` in
/// order; `None` when `progress` was stopped.
pub(crate) fn write_buckets(
    buckets: Vec<Bucket<VisitItem>>,
    threads: usize,
    kept: &(impl Fn(u32) -> Option<u32> + Sync),
    games: &Games,
    writer: &mut SegmentWriter,
    progress: &Progress,
) -> io::Result<Option<()>> {
    let mut buckets = buckets.into_iter().peekable();
    while buckets.peek().is_some() {
        if progress.is_stopped() {
            return Ok(None);
        }
        let wave: Vec<Bucket<VisitItem>> = buckets.by_ref().take(threads.max(1)).collect();
        let grouped: Vec<io::Result<Grouped>> = std::thread::scope(|scope| {
            let handles: Vec<_> = wave
                .into_iter()
                .map(|items| scope.spawn(move || bucket(items.items()?, kept, games)))
                .collect();
            handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|_| Err(io::Error::other("a thread grouping stopped")))
                })
                .collect()
        });
        for grouped in grouped {
            writer.push(grouped?)?;
        }
    }
    Ok(Some(()))
}
