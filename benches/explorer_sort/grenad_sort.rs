//! grenad's `Sorter`, one a part: key = the position's 12 bytes, value = one visit (tag 0:
//! game, move, bucket, outcome) or a partial aggregate (tag 1: each (move, bucket)'s results
//! and lone game), which the merge function makes whenever a key meets itself (at each dump
//! of the in-memory buffer, at each merge of chunks, and in the final k-way merge of every
//! part's chunks). Bounded memory: a dump threshold a sorter; chunks in `TMPDIR`.

use std::borrow::Cow;
use std::convert::Infallible;
use std::io;
use std::path::Path;
use std::time::Instant;

use chess960_pgn::{Game, PartStart};
use grenad::{MergeFunction, Merger, Sorter};

use crate::aggregate::{Aggregator, Count};
use crate::radix::Run;
use crate::replay::{
    Column, Out, Rec, columns, rec_bucket, rec_game, rec_move, rec_outcome, replay, same_key,
};

/// The aggregating merge function.
#[derive(Clone, Copy)]
pub struct Aggregate;

const ENTRY: usize = 2 + 1 + 12 + 4;

fn decode(value: &[u8], into: &mut Vec<Count>) {
    match value.split_first() {
        Some((0, visit)) if visit.len() == 8 => {
            let game = u32::from_le_bytes([visit[0], visit[1], visit[2], visit[3]]);
            let mv = u16::from_le_bytes([visit[4], visit[5]]);
            let mut results = [0; 3];
            results[usize::from(visit[7] & 3)] = 1;
            into.push(Count {
                mv,
                bucket: visit[6],
                results,
                lone: Some(game),
            });
        }
        Some((1, entries)) => {
            for e in entries.chunks_exact(ENTRY) {
                let n = |at: usize| u32::from_le_bytes([e[at], e[at + 1], e[at + 2], e[at + 3]]);
                let lone = n(15);
                into.push(Count {
                    mv: u16::from_le_bytes([e[0], e[1]]),
                    bucket: e[2],
                    results: [n(3), n(7), n(11)],
                    lone: (lone != u32::MAX).then_some(lone),
                });
            }
        }
        _ => {}
    }
}

/// Sorts `counts` by (move, bucket) and sums equal ones.
fn combine(counts: &mut Vec<Count>) {
    counts.sort_unstable_by_key(|count| (count.mv, count.bucket, count.lone));
    let mut out: Vec<Count> = Vec::with_capacity(counts.len());
    for count in counts.drain(..) {
        match out.last_mut() {
            Some(last) if last.mv == count.mv && last.bucket == count.bucket => {
                for (a, b) in last.results.iter_mut().zip(count.results) {
                    *a += b;
                }
                last.lone = None;
            }
            _ => out.push(count),
        }
    }
    *counts = out;
}

impl MergeFunction for Aggregate {
    type Error = Infallible;

    fn merge<'a>(
        &self,
        _key: &[u8],
        values: &[Cow<'a, [u8]>],
    ) -> Result<Cow<'a, [u8]>, Infallible> {
        if let [one] = values {
            return Ok(one.clone());
        }
        let mut counts = Vec::with_capacity(values.len());
        for value in values {
            decode(value, &mut counts);
        }
        combine(&mut counts);
        let mut out = Vec::with_capacity(1 + counts.len() * ENTRY);
        out.push(1);
        for count in &counts {
            out.extend_from_slice(&count.mv.to_le_bytes());
            out.push(count.bucket);
            for n in count.results {
                out.extend_from_slice(&n.to_le_bytes());
            }
            out.extend_from_slice(&count.lone.unwrap_or(u32::MAX).to_le_bytes());
        }
        Ok(Cow::Owned(out))
    }
}

pub struct GrenadOut {
    sorter: Sorter<Aggregate>,
    /// Keys made unique by the game's number (the merge function then never merges).
    unique: bool,
    pub columns: Vec<(u32, Column)>,
    failed: Option<String>,
}

impl Out for GrenadOut {
    fn record(&mut self, rec: Rec) {
        let mut key = [0u8; 16];
        key[..8].copy_from_slice(&rec[0].to_be_bytes());
        key[8..].copy_from_slice(&rec[1].to_be_bytes());
        let key = if self.unique { &key[..] } else { &key[..12] };
        let mut value = [0u8; 9];
        value[1..5].copy_from_slice(&rec_game(&rec).to_le_bytes());
        value[5..7].copy_from_slice(&rec_move(&rec).to_le_bytes());
        value[7] = rec_bucket(&rec);
        value[8] = rec_outcome(&rec);
        if let Err(err) = self.sorter.insert(key, value) {
            self.failed.get_or_insert(err.to_string());
        }
    }

    fn game(&mut self, number: u32, column: Column, _game: &Game, _places: &[u8]) {
        self.columns.push((number, column));
    }
}

/// The grenad pipeline: a sorter a part with `budget` bytes each, then one k-way merge of all
/// their chunks (grenad's merger is one stream), each key's merged value aggregated as the
/// radix pipeline aggregates a group.
pub fn time_grenad(path: &Path, budget: usize, unique: bool) -> io::Result<Run> {
    let start = Instant::now();
    let new = |_: PartStart| {
        let mut builder = Sorter::builder(Aggregate);
        builder.dump_threshold(budget);
        builder.allow_realloc(false);
        GrenadOut {
            sorter: builder.build(),
            unique,
            columns: Vec::new(),
            failed: None,
        }
    };
    let parts = replay(path, new)?;
    let games = parts.iter().map(|part| part.games).sum();
    let records = parts.iter().map(|part| part.visits).sum();
    let mut merger = Merger::builder(Aggregate);
    let mut lists = Vec::new();
    for part in parts {
        if let Some(err) = part.out.failed {
            return Err(io::Error::other(err));
        }
        lists.push(part.out.columns);
        merger.extend(
            part.out
                .sorter
                .into_reader_cursors()
                .map_err(io::Error::other)?,
        );
    }
    let _columns = columns(lists);
    let replay_s = start.elapsed().as_secs_f64();
    let mut iter = merger
        .build()
        .into_stream_merger_iter()
        .map_err(io::Error::other)?;
    let mut agg = Aggregator::default();
    if unique {
        // Each visit its own entry, in (key, game) order: grouped here as the radix sort's.
        let mut group: Vec<Rec> = Vec::new();
        while let Some((key, value)) = iter.next().map_err(io::Error::other)? {
            let hi = u64::from_be_bytes(key[..8].try_into().expect("8 bytes"));
            let lo = u64::from_be_bytes(key[8..16].try_into().expect("8 bytes"));
            let mut visit = Vec::with_capacity(1);
            decode(value, &mut visit);
            let Some(v) = visit.first() else { continue };
            let rec: Rec = [
                hi,
                lo,
                u64::from(v.mv)
                    | u64::from(v.bucket) << 24
                    | (v.results.iter().position(|&n| n == 1).unwrap_or(0) as u64) << 32,
            ];
            if group.first().is_some_and(|first| !same_key(first, &rec)) {
                agg.group(&group);
                group.clear();
            }
            group.push(rec);
        }
        agg.group(&group);
        return Ok(Run {
            replay_s,
            sort_s: start.elapsed().as_secs_f64() - replay_s,
            games,
            records,
            summary: agg.summary,
            runs: 0,
            spilled_bytes: 0,
        });
    }
    while let Some((key, value)) = iter.next().map_err(io::Error::other)? {
        let hi = u64::from_be_bytes(key[..8].try_into().expect("8 bytes"));
        let lo = u32::from_be_bytes(key[8..12].try_into().expect("4 bytes"));
        agg.counts.clear();
        decode(value, &mut agg.counts);
        let games: u32 = agg.counts.iter().map(Count::games).sum();
        if games == 1 {
            let game = agg.counts.first().and_then(|count| count.lone).unwrap_or(0);
            agg.one(hi, game, 1);
        } else {
            agg.shared(hi, u64::from(lo), u64::from(games));
        }
    }
    Ok(Run {
        replay_s,
        sort_s: start.elapsed().as_secs_f64() - replay_s,
        games,
        records,
        summary: agg.summary,
        runs: 0,
        spilled_bytes: 0,
    })
}
