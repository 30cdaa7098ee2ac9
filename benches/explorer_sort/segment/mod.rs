//! Step 2's segment files: the in-memory pipeline's sorted, aggregated groups written as one
//! immutable segment of three parts (shared positions: 96-bit key → encoding A's value;
//! one-game positions: (32-bit fingerprint, game), keys only; game records by number), in
//! redb written in key order or in grenad's sorted files, then read back: point lookups cold
//! and warm, a streaming merge of two halves, truncated and damaged files opened, and a
//! second process opening the segment.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufWriter};
use std::os::fd::AsRawFd;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use chess960_pgn::{Game, PartStart};
use redb::{
    Builder, ReadOnlyDatabase, ReadOnlyTable, ReadableDatabase, ReadableTable,
    ReadableTableMetadata, TableDefinition,
};

use crate::aggregate::{Aggregator, Count, encode};
use crate::radix::{PARTS, RadixOut, groups, new_out};
use crate::records::RecordsOut;
use crate::replay::{Column, Out, Rec, rec_game, replay};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Res<T> = Result<T, Error>;
/// A redb table's entry as its iterators give it.
type Entry<'a, K, V> =
    Result<(redb::AccessGuard<'a, K>, redb::AccessGuard<'a, V>), redb::StorageError>;

mod damage;
mod format;
mod lookup;
mod rounds;

pub use damage::open_report;
pub use format::Format;
pub use rounds::run;
#[allow(unused_imports, clippy::wildcard_imports)]
use {damage::*, format::*, lookup::*, rounds::*};

const SHARED: TableDefinition<[u8; 12], &[u8]> = TableDefinition::new("shared");
const ONE: TableDefinition<u64, ()> = TableDefinition::new("one");
const GAMES: TableDefinition<u32, &[u8]> = TableDefinition::new("games");

/// A segment in memory, in key order: shared keys with their values (`ends` into `bytes`),
/// one-game entries `fingerprint << 32 | game`, game records by number.
#[derive(Default)]
pub struct Segment {
    keys: Vec<[u8; 12]>,
    ends: Vec<u64>,
    bytes: Vec<u8>,
    one: Vec<u64>,
    games: Vec<(u32, Vec<u8>)>,
}

impl Segment {
    fn value(&self, at: usize) -> &[u8] {
        let start = if at == 0 { 0 } else { self.ends[at - 1] };
        &self.bytes[start as usize..self.ends[at] as usize]
    }

    fn push_shared(&mut self, key: &[u8], value: &[u8]) {
        let mut k = [0; 12];
        k.copy_from_slice(key);
        self.keys.push(k);
        self.bytes.extend_from_slice(value);
        self.ends.push(self.bytes.len() as u64);
    }

    fn append(&mut self, other: Segment) {
        let base = self.bytes.len() as u64;
        self.keys.extend_from_slice(&other.keys);
        self.ends.extend(other.ends.iter().map(|end| end + base));
        self.bytes.extend_from_slice(&other.bytes);
        self.one.extend_from_slice(&other.one);
    }

    /// Visits counted: each shared value's games plus one a one-game entry.
    fn visits(&self) -> u64 {
        let shared: u64 = (0..self.keys.len())
            .map(|at| games_of(&decode(self.value(at))))
            .sum();
        shared + self.one.len() as u64
    }
}

fn games_of(counts: &[Count]) -> u64 {
    counts.iter().map(|c| u64::from(c.games())).sum()
}

fn get(bytes: &mut &[u8]) -> u64 {
    let mut value = 0;
    let mut shift = 0;
    while let Some((&byte, rest)) = bytes.split_first() {
        *bytes = rest;
        value |= u64::from(byte & 0x7F) << shift;
        if byte < 0x80 {
            break;
        }
        shift += 7;
    }
    value
}

/// Encoding A's value (after its 12-byte key) back into counts.
fn decode(mut value: &[u8]) -> Vec<Count> {
    let mut counts = Vec::new();
    let moves = get(&mut value);
    for _ in 0..moves {
        let mv = u16::from_le_bytes([value[0], value[1]]);
        value = &value[2..];
        let n = get(&mut value);
        for _ in 0..n {
            let (bucket, tag) = (value[0], value[1]);
            value = &value[2..];
            let mut results = [0; 3];
            let lone = if tag & 0x80 != 0 {
                results[usize::from(tag & 3)] = 1;
                Some(get(&mut value) as u32)
            } else {
                for r in &mut results {
                    *r = get(&mut value) as u32;
                }
                None
            };
            counts.push(Count {
                mv,
                bucket,
                results,
                lone,
            });
        }
    }
    counts
}

/// Values of one key summed (their counts added by move and bucket), re-encoded into `out`.
fn sum_values<'a>(values: impl Iterator<Item = &'a [u8]>, out: &mut Vec<u8>) {
    let mut all: Vec<Count> = values.flat_map(decode).collect();
    all.sort_by_key(|c| (c.mv, c.bucket));
    let mut merged: Vec<Count> = Vec::with_capacity(all.len());
    for count in all {
        match merged.last_mut() {
            Some(last) if last.mv == count.mv && last.bucket == count.bucket => {
                for (a, b) in last.results.iter_mut().zip(count.results) {
                    *a += b;
                }
                last.lone = None;
            }
            _ => merged.push(count),
        }
    }
    out.clear();
    encode(0, 0, &merged, out);
    out.drain(..12);
}

struct SegOut {
    radix: RadixOut,
    records: RecordsOut,
}

impl Out for SegOut {
    const LINES: bool = true;

    fn record(&mut self, rec: Rec) {
        self.radix.record(rec);
    }

    fn game(&mut self, number: u32, column: Column, game: &Game, places: &[u8]) {
        self.radix.game(number, column, game, places);
        self.records.game(number, column, game, places);
    }
}

/// The full segment and its two halves by game number (games below `half`, the others).
pub struct Built {
    full: Segment,
    halves: [Segment; 2],
    half: u32,
}

fn add_group(seg: &mut Segment, agg: &mut Aggregator, recs: &[Rec]) {
    match recs {
        [] => {}
        [only] => seg
            .one
            .push((only[0] >> 32) << 32 | u64::from(rec_game(only))),
        _ => {
            agg.group(recs);
            seg.push_shared(&agg.buf[..12], &agg.buf[12..]);
        }
    }
}

/// Replays `path`, sorts and aggregates it in memory (the radix pipeline) into segments.
pub fn build(path: &Path, threads: usize) -> io::Result<Built> {
    let start = Instant::now();
    let parts = replay(path, |part: PartStart| SegOut {
        radix: new_out(part),
        records: RecordsOut {
            bytes_before: part.bytes_before,
            games: Vec::new(),
        },
    })?;
    let replay_s = start.elapsed().as_secs_f64();
    let mut partitions: Vec<Vec<Vec<Rec>>> = (0..PARTS).map(|_| Vec::new()).collect();
    let mut records = Vec::new();
    for part in parts {
        let out = part.out;
        for (at, chunk) in out.radix.full {
            partitions[at].push(chunk);
        }
        for (at, chunk) in out.radix.current.into_iter().enumerate() {
            partitions[at].push(chunk);
        }
        records.extend(out.records.games);
    }
    records.sort_unstable_by_key(|r| r.number);
    let half = records.last().map_or(0, |r| r.number.div_ceil(2));
    let partitions: Vec<Mutex<Vec<Vec<Rec>>>> = partitions.into_iter().map(Mutex::new).collect();
    let results: Vec<Mutex<Option<[Segment; 3]>>> = (0..PARTS).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut agg = Aggregator::default();
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(slot) = partitions.get(at) else {
                        break;
                    };
                    let chunks = std::mem::take(&mut *slot.lock().expect("a partition"));
                    let mut all = Vec::with_capacity(chunks.iter().map(Vec::len).sum());
                    for chunk in chunks {
                        all.extend_from_slice(&chunk);
                    }
                    all.sort_unstable();
                    let mut segs: [Segment; 3] = Default::default();
                    groups(&all, |group| {
                        add_group(&mut segs[0], &mut agg, group);
                        let cut = group.partition_point(|rec| rec_game(rec) < half);
                        add_group(&mut segs[1], &mut agg, &group[..cut]);
                        add_group(&mut segs[2], &mut agg, &group[cut..]);
                    });
                    for seg in &mut segs {
                        seg.one.sort_unstable();
                    }
                    *results[at].lock().expect("a result") = Some(segs);
                }
            });
        }
    });
    let [mut full, mut a, mut b]: [Segment; 3] = Default::default();
    for slot in results {
        let [f, x, y] = slot.into_inner().expect("a result").expect("sorted");
        full.append(f);
        a.append(x);
        b.append(y);
    }
    let mut buf = Vec::new();
    for record in &records {
        buf.clear();
        record.today(&mut buf);
        full.games.push((record.number, buf.clone()));
        let seg = if record.number < half { &mut a } else { &mut b };
        seg.games.push((record.number, buf.clone()));
    }
    println!(
        "built in memory: replay {replay_s:.2} s, sort+group {:.2} s; shared {} (values {} bytes), one-game {}, games {}; halves at game {half}: shared {} + {}, one-game {} + {}",
        start.elapsed().as_secs_f64() - replay_s,
        full.keys.len(),
        full.bytes.len(),
        full.one.len(),
        full.games.len(),
        a.keys.len(),
        b.keys.len(),
        a.one.len(),
        b.one.len(),
    );
    Ok(Built {
        full,
        halves: [a, b],
        half,
    })
}
