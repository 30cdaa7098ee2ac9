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
use crate::counts::RecordsOut;
use crate::radix::{PARTS, RadixOut, groups, new_out};
use crate::replay::{Column, Out, Rec, rec_game, replay};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Res<T> = Result<T, Error>;
/// A redb table's entry as its iterators give it.
type Entry<'a, K, V> =
    Result<(redb::AccessGuard<'a, K>, redb::AccessGuard<'a, V>), redb::StorageError>;

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

/// A segment file format: redb in one file, or grenad's three files with a compression and
/// block size.
#[derive(Clone, Copy, Debug)]
pub enum Format {
    Redb,
    Grenad(grenad::CompressionType, usize),
}

impl Format {
    pub fn parse(name: &str) -> Option<Format> {
        if name == "redb" {
            return Some(Format::Redb);
        }
        let mut parts = name.split('-');
        if parts.next() != Some("grenad") {
            return None;
        }
        let compression = match parts.next()? {
            "zstd" => grenad::CompressionType::Zstd,
            "lz4" => grenad::CompressionType::Lz4,
            "none" => grenad::CompressionType::None,
            _ => return None,
        };
        let kib: usize = parts.next().map_or(Some(8), |k| k.parse().ok())?;
        Some(Format::Grenad(compression, kib << 10))
    }

    fn name(self) -> String {
        match self {
            Format::Redb => "redb".into(),
            Format::Grenad(c, size) => format!("grenad {c:?} {} KiB", size >> 10),
        }
    }

    /// The segment's files, by part.
    fn files(self, dir: &Path) -> Vec<(&'static str, PathBuf)> {
        match self {
            Format::Redb => vec![("all", dir.join("segment.redb"))],
            Format::Grenad(..) => ["shared", "one", "games"]
                .iter()
                .map(|part| (*part, dir.join(format!("{part}.grenad"))))
                .collect(),
        }
    }

    /// Bytes by part: grenad's files; redb's tables' pages, and the whole file.
    fn bytes(self, dir: &Path) -> Res<Vec<(String, u64)>> {
        let mut out = Vec::new();
        match self {
            Format::Redb => {
                let path = &self.files(dir)[0].1;
                let db = Builder::new().open_read_only(path)?;
                let txn = db.begin_read()?;
                let pages =
                    |stats: redb::TableStats| (stats.leaf_pages() + stats.branch_pages()) * 4096;
                out.push(("shared".into(), pages(txn.open_table(SHARED)?.stats()?)));
                out.push(("one".into(), pages(txn.open_table(ONE)?.stats()?)));
                out.push(("games".into(), pages(txn.open_table(GAMES)?.stats()?)));
                out.push(("file".into(), fs::metadata(path)?.len()));
            }
            Format::Grenad(..) => {
                let mut total = 0;
                for (part, path) in self.files(dir) {
                    let len = fs::metadata(&path)?.len();
                    total += len;
                    out.push((part.into(), len));
                }
                out.push(("file".into(), total));
            }
        }
        Ok(out)
    }

    fn grenad_writer(self, path: &Path) -> Res<grenad::Writer<BufWriter<File>>> {
        let Format::Grenad(compression, block) = self else {
            unreachable!()
        };
        Ok(grenad::Writer::builder()
            .compression_type(compression)
            .compression_level(3)
            .block_size(block)
            .build(BufWriter::with_capacity(1 << 20, File::create(path)?)))
    }

    fn grenad_finish(writer: grenad::Writer<BufWriter<File>>) -> Res<()> {
        let file = writer
            .into_inner()?
            .into_inner()
            .map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok(())
    }

    /// Writes `seg` into `dir` (created), synced.
    pub fn write(self, seg: &Segment, dir: &Path) -> Res<()> {
        let _ = fs::remove_dir_all(dir);
        fs::create_dir_all(dir)?;
        match self {
            Format::Redb => {
                let db = Builder::new().create(&self.files(dir)[0].1)?;
                let txn = db.begin_write()?;
                {
                    let mut table = txn.open_table(SHARED)?;
                    for (at, key) in seg.keys.iter().enumerate() {
                        table.insert(key, seg.value(at))?;
                    }
                    let mut table = txn.open_table(ONE)?;
                    for &entry in &seg.one {
                        table.insert(entry, ())?;
                    }
                    let mut table = txn.open_table(GAMES)?;
                    for (number, record) in &seg.games {
                        table.insert(number, record.as_slice())?;
                    }
                }
                txn.commit()?;
            }
            Format::Grenad(..) => {
                let files = self.files(dir);
                let mut writer = self.grenad_writer(&files[0].1)?;
                for (at, key) in seg.keys.iter().enumerate() {
                    writer.insert(key, seg.value(at))?;
                }
                Self::grenad_finish(writer)?;
                let mut writer = self.grenad_writer(&files[1].1)?;
                for &entry in &seg.one {
                    writer.insert(entry.to_be_bytes(), [])?;
                }
                Self::grenad_finish(writer)?;
                let mut writer = self.grenad_writer(&files[2].1)?;
                for (number, record) in &seg.games {
                    writer.insert(number.to_be_bytes(), record)?;
                }
                Self::grenad_finish(writer)?;
            }
        }
        Ok(())
    }

    pub fn open(self, dir: &Path) -> Res<Box<dyn Lookup>> {
        let files = self.files(dir);
        Ok(match self {
            Format::Redb => {
                let db = Builder::new().open_read_only(&files[0].1)?;
                let txn = db.begin_read()?;
                Box::new(RedbLookup {
                    shared: txn.open_table(SHARED)?,
                    one: txn.open_table(ONE)?,
                    games: txn.open_table(GAMES)?,
                    _db: db,
                })
            }
            Format::Grenad(..) => {
                let cursor = |at: usize| -> Res<grenad::ReaderCursor<File>> {
                    Ok(grenad::Reader::new(File::open(&files[at].1)?)?.into_cursor()?)
                };
                Box::new(GrenadLookup {
                    shared: cursor(0)?,
                    one: cursor(1)?,
                    games: cursor(2)?,
                })
            }
        })
    }

    /// Merges the segments in `a` and `b` into `out` by reading both in key order, summing
    /// shared groups of equal keys. Returns the merged segment's visits (a check).
    pub fn merge(self, a: &Path, b: &Path, out: &Path) -> Res<u64> {
        let _ = fs::remove_dir_all(out);
        fs::create_dir_all(out)?;
        let mut visits = 0;
        let mut buf = Vec::new();
        match self {
            Format::Redb => {
                let open = |dir: &Path| -> Res<_> {
                    let db = Builder::new().open_read_only(&self.files(dir)[0].1)?;
                    let txn = db.begin_read()?;
                    Ok((
                        txn.open_table(SHARED)?,
                        txn.open_table(ONE)?,
                        txn.open_table(GAMES)?,
                        db,
                    ))
                };
                let (sa, oa, ga, _da) = open(a)?;
                let (sb, ob, gb, _db) = open(b)?;
                let db = Builder::new().create(&self.files(out)[0].1)?;
                let txn = db.begin_write()?;
                {
                    let owned =
                        |e: Entry<[u8; 12], &[u8]>| e.map(|(k, v)| (k.value(), v.value().to_vec()));
                    let mut table = txn.open_table(SHARED)?;
                    merge2(sa.iter()?.map(owned), sb.iter()?.map(owned), |key, x, y| {
                        let value = match y {
                            None => x,
                            Some(y) => {
                                sum_values([x.as_slice(), y.as_slice()].into_iter(), &mut buf);
                                buf.clone()
                            }
                        };
                        visits += games_of(&decode(&value));
                        table.insert(key, value.as_slice())?;
                        Ok(())
                    })?;
                    let mut table = txn.open_table(ONE)?;
                    let keys = |e: Entry<u64, ()>| e.map(|(k, _)| (k.value(), ()));
                    merge2(oa.iter()?.map(keys), ob.iter()?.map(keys), |key, _, _| {
                        visits += 1;
                        table.insert(key, ())?;
                        Ok(())
                    })?;
                    let mut table = txn.open_table(GAMES)?;
                    let records =
                        |e: Entry<u32, &[u8]>| e.map(|(k, v)| (k.value(), v.value().to_vec()));
                    merge2(
                        ga.iter()?.map(records),
                        gb.iter()?.map(records),
                        |key, x, _| {
                            table.insert(key, x.as_slice())?;
                            Ok(())
                        },
                    )?;
                }
                txn.commit()?;
            }
            Format::Grenad(..) => {
                let (fa, fb, fo) = (self.files(a), self.files(b), self.files(out));
                for at in 0..3 {
                    let mut builder = grenad::MergerBuilder::new(Sum);
                    for files in [&fa, &fb] {
                        builder
                            .push(grenad::Reader::new(File::open(&files[at].1)?)?.into_cursor()?);
                    }
                    let mut iter = builder.build().into_stream_merger_iter()?;
                    let mut writer = self.grenad_writer(&fo[at].1)?;
                    while let Some((key, value)) = iter.next().map_err(|e| e.to_string())? {
                        match at {
                            0 => visits += games_of(&decode(value)),
                            1 => visits += 1,
                            _ => {}
                        }
                        writer.insert(key, value)?;
                    }
                    Self::grenad_finish(writer)?;
                }
            }
        }
        Ok(visits)
    }
}

/// Two sorted streams merged, `each` called with a key's value from each side.
fn merge2<K: Ord, V>(
    mut a: impl Iterator<Item = Result<(K, V), redb::StorageError>>,
    mut b: impl Iterator<Item = Result<(K, V), redb::StorageError>>,
    mut each: impl FnMut(K, V, Option<V>) -> Res<()>,
) -> Res<()> {
    let mut x = a.next().transpose()?;
    let mut y = b.next().transpose()?;
    loop {
        match (x.take(), y.take()) {
            (None, None) => return Ok(()),
            (Some((k, v)), None) => {
                each(k, v, None)?;
                x = a.next().transpose()?;
            }
            (None, Some((k, v))) => {
                each(k, v, None)?;
                y = b.next().transpose()?;
            }
            (Some((ka, va)), Some((kb, vb))) => {
                if ka < kb {
                    each(ka, va, None)?;
                    x = a.next().transpose()?;
                    y = Some((kb, vb));
                } else if kb < ka {
                    each(kb, vb, None)?;
                    y = b.next().transpose()?;
                    x = Some((ka, va));
                } else {
                    each(ka, va, Some(vb))?;
                    x = a.next().transpose()?;
                    y = b.next().transpose()?;
                }
            }
        }
    }
}

/// grenad's merge function: shared values summed (never called for the other parts, whose
/// keys are unique across halves).
struct Sum;

impl grenad::MergeFunction for Sum {
    type Error = io::Error;

    fn merge<'a>(&self, _key: &[u8], values: &[Cow<'a, [u8]>]) -> io::Result<Cow<'a, [u8]>> {
        if let [only] = values {
            return Ok(only.clone());
        }
        let mut out = Vec::new();
        sum_values(values.iter().map(|v| v.as_ref()), &mut out);
        Ok(Cow::Owned(out))
    }
}

/// A segment opened for point lookups.
pub trait Lookup {
    /// A shared position's value length.
    fn shared(&mut self, key: &[u8; 12]) -> Res<Option<usize>>;
    /// The games of one-game entries with `fingerprint`, pushed onto `games`.
    fn one(&mut self, fingerprint: u32, games: &mut Vec<u32>) -> Res<()>;
    /// A game record's length.
    fn game(&mut self, number: u32) -> Res<Option<usize>>;
}

struct RedbLookup {
    shared: ReadOnlyTable<[u8; 12], &'static [u8]>,
    one: ReadOnlyTable<u64, ()>,
    games: ReadOnlyTable<u32, &'static [u8]>,
    _db: ReadOnlyDatabase,
}

impl Lookup for RedbLookup {
    fn shared(&mut self, key: &[u8; 12]) -> Res<Option<usize>> {
        Ok(self.shared.get(key)?.map(|v| v.value().len()))
    }

    fn one(&mut self, fingerprint: u32, games: &mut Vec<u32>) -> Res<()> {
        let low = u64::from(fingerprint) << 32;
        for entry in self.one.range(low..=low | 0xFFFF_FFFF)? {
            games.push(entry?.0.value() as u32);
        }
        Ok(())
    }

    fn game(&mut self, number: u32) -> Res<Option<usize>> {
        Ok(self.games.get(number)?.map(|v| v.value().len()))
    }
}

struct GrenadLookup {
    shared: grenad::ReaderCursor<File>,
    one: grenad::ReaderCursor<File>,
    games: grenad::ReaderCursor<File>,
}

fn be_u64(bytes: &[u8]) -> u64 {
    let mut b = [0; 8];
    b.copy_from_slice(&bytes[..8]);
    u64::from_be_bytes(b)
}

impl Lookup for GrenadLookup {
    fn shared(&mut self, key: &[u8; 12]) -> Res<Option<usize>> {
        Ok(self.shared.move_on_key_equal_to(key)?.map(|(_, v)| v.len()))
    }

    fn one(&mut self, fingerprint: u32, games: &mut Vec<u32>) -> Res<()> {
        let low = u64::from(fingerprint) << 32;
        let mut entry = self
            .one
            .move_on_key_greater_than_or_equal_to(low.to_be_bytes())?
            .map(|(k, _)| be_u64(k));
        while let Some(key) = entry {
            if key >> 32 != u64::from(fingerprint) {
                break;
            }
            games.push(key as u32);
            entry = self.one.move_on_next()?.map(|(k, _)| be_u64(k));
        }
        Ok(())
    }

    fn game(&mut self, number: u32) -> Res<Option<usize>> {
        Ok(self
            .games
            .move_on_key_equal_to(number.to_be_bytes())?
            .map(|(_, v)| v.len()))
    }
}

unsafe extern "C" {
    fn posix_fadvise(fd: i32, offset: i64, len: i64, advice: i32) -> i32;
}

/// Drops the segment's files from the page cache (`POSIX_FADV_DONTNEED`): "cold-ish" (the
/// virtual disk's host may still cache them).
fn evict(format: Format, dir: &Path) -> Res<()> {
    for (_, path) in format.files(dir) {
        let file = File::open(&path)?;
        file.sync_all()?;
        // SAFETY: a valid descriptor; the call only advises the kernel.
        unsafe { posix_fadvise(file.as_raw_fd(), 0, 0, 4) };
    }
    Ok(())
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The probes: existing shared keys, existing one-game entries, absent keys, game numbers.
struct Probes {
    shared: Vec<[u8; 12]>,
    one: Vec<u64>,
    absent: Vec<[u8; 12]>,
    games: Vec<u32>,
}

impl Probes {
    fn new(seg: &Segment, n: usize) -> Probes {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut pick = |len: usize| (rng.next() % len as u64) as usize;
        let shared = (0..n).map(|_| seg.keys[pick(seg.keys.len())]).collect();
        let one = (0..n).map(|_| seg.one[pick(seg.one.len())]).collect();
        let games = (0..n).map(|_| seg.games[pick(seg.games.len())].0).collect();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let absent = (0..n)
            .map(|_| {
                let mut key = [0; 12];
                key[..8].copy_from_slice(&rng.next().to_be_bytes());
                key[8..].copy_from_slice(&(rng.next() as u32).to_be_bytes());
                key
            })
            .collect();
        Probes {
            shared,
            one,
            absent,
            games,
        }
    }
}

/// Latencies in ns: p50, p99, max.
fn quantiles(mut ns: Vec<u64>) -> [f64; 3] {
    ns.sort_unstable();
    let at = |q: f64| ns[((ns.len() as f64 - 1.0) * q) as usize] as f64 / 1000.0;
    [at(0.5), at(0.99), at(1.0)]
}

/// One pass of the probes: (kind, [p50, p99, max] µs).
fn probe(lookup: &mut dyn Lookup, probes: &Probes) -> Res<Vec<(&'static str, [f64; 3])>> {
    let mut out = Vec::new();
    let mut ns = Vec::with_capacity(probes.shared.len());
    for key in &probes.shared {
        let t = Instant::now();
        let found = lookup.shared(key)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if found.is_none() {
            return Err("a shared key not found".into());
        }
    }
    out.push(("shared", quantiles(std::mem::take(&mut ns))));
    let mut games = Vec::new();
    for &entry in &probes.one {
        games.clear();
        let t = Instant::now();
        lookup.one((entry >> 32) as u32, &mut games)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if !games.contains(&(entry as u32)) {
            return Err("a one-game entry not found".into());
        }
    }
    out.push(("one-game", quantiles(std::mem::take(&mut ns))));
    for key in &probes.absent {
        games.clear();
        let t = Instant::now();
        let found = lookup.shared(key)?;
        let fingerprint = u32::from_be_bytes([key[0], key[1], key[2], key[3]]);
        lookup.one(fingerprint, &mut games)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if found.is_some() {
            return Err("an absent key found".into());
        }
    }
    out.push((
        "absent (shared, then one-game)",
        quantiles(std::mem::take(&mut ns)),
    ));
    for &number in &probes.games {
        let t = Instant::now();
        let found = lookup.game(number)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if found.is_none() {
            return Err("a game not found".into());
        }
    }
    out.push(("game record", quantiles(ns)));
    Ok(out)
}

/// One round's measurements of a format.
#[derive(Default)]
struct Round {
    write_s: f64,
    half_write_s: f64,
    merge_s: f64,
    bytes: Vec<(String, u64)>,
    merged_bytes: u64,
    cold: Vec<(&'static str, [f64; 3])>,
    warm: Vec<(&'static str, [f64; 3])>,
}

fn dir_bytes(format: Format, dir: &Path) -> Res<u64> {
    Ok(format
        .files(dir)
        .iter()
        .map(|(_, p)| fs::metadata(p).map_or(0, |m| m.len()))
        .sum())
}

fn round(format: Format, built: &Built, probes: &Probes, root: &Path) -> Res<Round> {
    let mut r = Round::default();
    let full = root.join("full");
    let t = Instant::now();
    format.write(&built.full, &full)?;
    r.write_s = t.elapsed().as_secs_f64();
    r.bytes = format.bytes(&full)?;
    evict(format, &full)?;
    let mut lookup = format.open(&full)?;
    r.cold = probe(lookup.as_mut(), probes)?;
    r.warm = probe(lookup.as_mut(), probes)?;
    drop(lookup);
    let (a, b, merged) = (root.join("a"), root.join("b"), root.join("merged"));
    let t = Instant::now();
    format.write(&built.halves[0], &a)?;
    format.write(&built.halves[1], &b)?;
    r.half_write_s = t.elapsed().as_secs_f64() / 2.0;
    evict(format, &a)?;
    evict(format, &b)?;
    let t = Instant::now();
    let visits = format.merge(&a, &b, &merged)?;
    r.merge_s = t.elapsed().as_secs_f64();
    r.merged_bytes = dir_bytes(format, &merged)?;
    let expected = built.full.visits();
    if visits != expected {
        return Err(format!("merged visits {visits}, full segment's {expected}").into());
    }
    for dir in [&a, &b, &merged] {
        let _ = fs::remove_dir_all(dir);
    }
    Ok(r)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// `segment FILE DIR ROUNDS FORMAT…`: the rounds interleaved by format, medians printed.
pub fn run(
    path: &Path,
    dir: &Path,
    rounds: usize,
    formats: &[(String, Format)],
    threads: usize,
) -> Res<()> {
    let built = build(path, threads)?;
    println!(
        "full segment's visits {} (halves split at game {})",
        built.full.visits(),
        built.half
    );
    let probes = Probes::new(&built.full, 100_000);
    let mut all: BTreeMap<usize, Vec<Round>> = BTreeMap::new();
    for round_at in 0..rounds {
        for (at, (_, format)) in formats.iter().enumerate() {
            let format = *format;
            let load = fs::read_to_string("/proc/loadavg").unwrap_or_default();
            let root = dir.join(format!("f{at}"));
            let r = round(format, &built, &probes, &root)?;
            println!(
                "round {round_at} {}: write {:.3} s, half {:.3} s, merge {:.3} s, bytes {:?}, merged {}; cold {:?}; warm {:?}; load {}",
                format.name(),
                r.write_s,
                r.half_write_s,
                r.merge_s,
                r.bytes,
                r.merged_bytes,
                r.cold,
                r.warm,
                load.trim()
            );
            all.entry(at).or_default().push(r);
        }
    }
    println!("\nmedians of {rounds} rounds (seconds; bytes; µs p50 / p99 / max)");
    println!("| format | write s | half write s | merge s | bytes by part | merged bytes |");
    println!("|---|---:|---:|---:|---|---:|");
    for (&at, rs) in &all {
        let med = |f: &dyn Fn(&Round) -> f64| median(rs.iter().map(f).collect());
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {} | {} |",
            formats[at].1.name(),
            med(&|r| r.write_s),
            med(&|r| r.half_write_s),
            med(&|r| r.merge_s),
            rs[0]
                .bytes
                .iter()
                .map(|(part, n)| format!("{part} {n}"))
                .collect::<Vec<_>>()
                .join(", "),
            rs[0].merged_bytes
        );
    }
    println!(
        "\n| format | probe | cold p50 | cold p99 | cold max | warm p50 | warm p99 | warm max |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for (&at, rs) in &all {
        for (k, (kind, _)) in rs[0].cold.iter().enumerate() {
            let q = |warm: bool, i: usize| {
                median(
                    rs.iter()
                        .map(|r| if warm { r.warm[k].1[i] } else { r.cold[k].1[i] })
                        .collect(),
                )
            };
            println!(
                "| {} | {kind} | {:.1} | {:.1} | {:.0} | {:.1} | {:.1} | {:.0} |",
                formats[at].1.name(),
                q(false, 0),
                q(false, 1),
                q(false, 2),
                q(true, 0),
                q(true, 1),
                q(true, 2)
            );
        }
    }
    for (at, (spec, format)) in formats.iter().enumerate() {
        crash(*format, spec, &built.full, &dir.join(format!("f{at}")))?;
    }
    Ok(())
}

/// Opens the segment in `dir` (as a writer, for redb, with `write`) and reads every entry of
/// its three parts: what a reader sees, in words. Panics are caught and reported.
pub fn open_report(format: Format, dir: &Path, write: bool) -> String {
    // Entries and a hash of their bytes (FNV-1a), to tell a silently different reading.
    let mut hash = 0xCBF2_9CE4_8422_2325_u64;
    let mut n = 0u64;
    let mut eat = |key: &[u8], value: &[u8]| {
        n += 1;
        for &byte in key.iter().chain(value) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
        }
    };
    let read = || -> Res<()> {
        match format {
            Format::Redb => {
                let path = &format.files(dir)[0].1;
                // The database kept open while its transaction reads.
                let writer;
                let reader;
                let txn = if write {
                    writer = Builder::new()
                        .set_check_integrity_on_open(true)
                        .open(path)?;
                    writer.begin_read()?
                } else {
                    reader = Builder::new().open_read_only(path)?;
                    reader.begin_read()?
                };
                for entry in txn.open_table(SHARED)?.iter()? {
                    let (key, value) = entry?;
                    eat(&key.value(), value.value());
                }
                for entry in txn.open_table(ONE)?.iter()? {
                    eat(&entry?.0.value().to_be_bytes(), &[]);
                }
                for entry in txn.open_table(GAMES)?.iter()? {
                    let (key, value) = entry?;
                    eat(&key.value().to_be_bytes(), value.value());
                }
            }
            Format::Grenad(..) => {
                for (_, path) in format.files(dir) {
                    let mut cursor = grenad::Reader::new(File::open(path)?)?.into_cursor()?;
                    let mut entry = cursor
                        .move_on_first()?
                        .map(|(k, v)| (k.to_vec(), v.to_vec()));
                    while let Some((key, value)) = entry {
                        eat(&key, &value);
                        entry = cursor
                            .move_on_next()?
                            .map(|(k, v)| (k.to_vec(), v.to_vec()));
                    }
                }
            }
        }
        Ok(())
    };
    let result = catch_unwind(AssertUnwindSafe(read));
    match result {
        Ok(Ok(())) => format!("read all: {n} entries, hash {hash:016x}"),
        Ok(Err(err)) => format!("error after {n} entries: {err}"),
        Err(_) => format!("panicked after {n} entries"),
    }
}

/// A child process's `open_report` of `dir`.
fn child_report(format: &str, dir: &Path, write: bool) -> Res<String> {
    let mut command = Command::new(std::env::current_exe()?);
    command.args(["segment-open", format]).arg(dir);
    if write {
        command.arg("write");
    }
    let output = command.output()?;
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

fn copy_dir(from: &Path, to: &Path) -> Res<()> {
    let _ = fs::remove_dir_all(to);
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        fs::copy(entry.path(), to.join(entry.file_name()))?;
    }
    Ok(())
}

/// Torn and damaged copies of the full segment written in `dir`, opened; a second process
/// opening the segment while this one holds it.
pub fn crash(format: Format, spec: &str, seg: &Segment, dir: &Path) -> Res<()> {
    let full = dir.join("full");
    let intact = open_report(format, &full, false);
    println!("{} intact: {intact}", format.name());
    // The largest part is the one damaged.
    let (part, path) = format
        .files(&full)
        .into_iter()
        .max_by_key(|(_, p)| fs::metadata(p).map_or(0, |m| m.len()))
        .ok_or("no files")?;
    let name = path.file_name().ok_or("a name")?.to_owned();
    let len = fs::metadata(&path)?.len();
    let copy = dir.join("damaged");
    let cuts = [
        ("4 KiB", 4096),
        ("10%", len / 10),
        ("50%", len / 2),
        ("90%", len * 9 / 10),
        ("all but 1 byte", len - 1),
    ];
    for (what, at) in cuts {
        copy_dir(&full, &copy)?;
        File::options()
            .write(true)
            .open(copy.join(&name))?
            .set_len(at)?;
        let ro = open_report(format, &copy, false);
        let rw = match format {
            Format::Redb => format!("; as a writer: {}", open_report(format, &copy, true)),
            Format::Grenad(..) => String::new(),
        };
        println!(
            "{} {part} truncated to {what} ({at} of {len} bytes): {ro}{rw}",
            format.name()
        );
    }
    for (what, at) in [("10%", len / 10), ("50%", len / 2), ("90%", len * 9 / 10)] {
        copy_dir(&full, &copy)?;
        let target = copy.join(&name);
        let mut bytes = fs::read(&target)?;
        bytes[at as usize] ^= 0x5A;
        fs::write(&target, &bytes)?;
        let rw = match format {
            Format::Redb => format!(
                "; as a writer with set_check_integrity_on_open: {}",
                open_report(format, &copy, true)
            ),
            Format::Grenad(..) => String::new(),
        };
        println!(
            "{} {part} one byte flipped at {what}: {}{rw}",
            format.name(),
            open_report(format, &copy, false)
        );
    }
    let _ = fs::remove_dir_all(&copy);
    // A second process.
    match format {
        Format::Redb => {
            let path = &format.files(&full)[0].1;
            {
                let _writer = Builder::new().open(path)?;
                println!(
                    "redb held as a writer (Database::open), another process read-only: {}",
                    child_report(spec, &full, false)?
                );
            }
            {
                let _reader = Builder::new().open_read_only(path)?;
                println!(
                    "redb held read-only, another process read-only: {}",
                    child_report(spec, &full, false)?
                );
                println!(
                    "redb held read-only, another process as a writer: {}",
                    child_report(spec, &full, true)?
                );
            }
            // While being written: a segment half written, the transaction not committed.
            let part = dir.join("partial");
            let _ = fs::remove_dir_all(&part);
            fs::create_dir_all(&part)?;
            let db = Builder::new().create(&format.files(&part)[0].1)?;
            let txn = db.begin_write()?;
            {
                let mut table = txn.open_table(ONE)?;
                for &entry in &seg.one[..seg.one.len() / 2] {
                    table.insert(entry, ())?;
                }
            }
            println!(
                "redb being written (uncommitted), another process read-only: {}",
                child_report(spec, &part, false)?
            );
            drop(txn);
            drop(db);
            let _ = fs::remove_dir_all(&part);
        }
        Format::Grenad(..) => {
            let _reader = format.open(&full)?;
            println!(
                "grenad held open by a reader, another process: {}",
                child_report(spec, &full, false)?
            );
            let part = dir.join("partial");
            format.write(seg, &part)?;
            let files = format.files(&part);
            let mut writer = format.grenad_writer(&files[1].1)?;
            for &entry in &seg.one[..seg.one.len() / 2] {
                writer.insert(entry.to_be_bytes(), [])?;
            }
            println!(
                "grenad being written (one-game part half inserted, not finished), another process: {}",
                child_report(spec, &part, false)?
            );
            drop(writer);
            let _ = fs::remove_dir_all(&part);
        }
    }
    if let Format::Redb = format {
        let path = &format.files(&full)[0].1;
        let t = Instant::now();
        let compacted = Builder::new().open(path)?.compact()?;
        println!(
            "redb compact: {compacted}, {:.2} s, file {} bytes",
            t.elapsed().as_secs_f64(),
            fs::metadata(path)?.len()
        );
    }
    Ok(())
}
