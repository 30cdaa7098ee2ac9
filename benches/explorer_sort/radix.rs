//! The hand-rolled sort: each part's records into radix partitions by the key's top bits (in
//! chunks, so that memory is the records plus a chunk a partition), then each partition
//! sorted with `sort_unstable` and grouped, partitions shared among threads; or, past a
//! memory budget, sorted runs spilled through zstd and merged k-way, key ranges shared among
//! threads.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use chess960_pgn::{Game, PartStart};

use crate::aggregate::{Aggregator, Summary};
use crate::replay::{Column, Out, Rec, Replayer, columns, replay, same_key};

/// Partitions: by the key's top 8 bits.
pub const PARTS: usize = 256;
/// Records a chunk.
const CHUNK: usize = 4096;

pub struct RadixOut {
    pub current: Vec<Vec<Rec>>,
    pub full: Vec<(usize, Vec<Rec>)>,
    pub columns: Vec<(u32, Column)>,
}

impl Out for RadixOut {
    fn record(&mut self, rec: Rec) {
        let part = (rec[0] >> 56) as usize;
        let current = &mut self.current[part];
        if current.len() == CHUNK {
            let full = std::mem::replace(current, Vec::with_capacity(CHUNK));
            self.full.push((part, full));
        }
        self.current[part].push(rec);
    }

    fn game(&mut self, number: u32, column: Column, _game: &Game, _places: &[u8]) {
        self.columns.push((number, column));
    }
}

pub fn new_out(_part: PartStart) -> RadixOut {
    RadixOut {
        current: (0..PARTS).map(|_| Vec::new()).collect(),
        full: Vec::new(),
        columns: Vec::new(),
    }
}

/// Phases' seconds and what was aggregated.
pub struct Run {
    pub replay_s: f64,
    pub sort_s: f64,
    pub games: u64,
    pub records: u64,
    pub summary: Summary,
    pub runs: usize,
    pub spilled_bytes: u64,
}

/// Replays `path` into partitions in memory, then sorts and groups them on `threads` threads,
/// each group given to `each` (made once a thread by `new`), whose results are returned.
pub fn in_memory<A: Send>(
    path: &Path,
    threads: usize,
    new: impl Fn() -> A + Sync,
    each: impl Fn(&mut A, &[Rec], &[Column]) + Sync,
) -> io::Result<(Run, Vec<A>, Vec<Column>)> {
    let start = Instant::now();
    let parts = replay(path, new_out)?;
    let replay_s = start.elapsed().as_secs_f64();
    let games = parts.iter().map(|part| part.games).sum();
    let records = parts.iter().map(|part| part.visits).sum();
    let mut partitions: Vec<Vec<Vec<Rec>>> = (0..PARTS).map(|_| Vec::new()).collect();
    let mut column_lists = Vec::new();
    for Replayer { out, .. } in parts {
        for (part, chunk) in out.full {
            partitions[part].push(chunk);
        }
        for (part, chunk) in out.current.into_iter().enumerate() {
            partitions[part].push(chunk);
        }
        column_lists.push(out.columns);
    }
    let columns = columns(column_lists);
    let partitions: Vec<Mutex<Vec<Vec<Rec>>>> = partitions.into_iter().map(Mutex::new).collect();
    let next = AtomicUsize::new(0);
    let results: Vec<A> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut state = new();
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
                        groups(&all, |group| each(&mut state, group, &columns));
                    }
                    state
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a sorter"))
            .collect()
    });
    let sort_s = start.elapsed().as_secs_f64() - replay_s;
    Ok((
        Run {
            replay_s,
            sort_s,
            games,
            records,
            summary: Summary::default(),
            runs: 0,
            spilled_bytes: 0,
        },
        results,
        columns,
    ))
}

/// Calls `each` with each key's records of sorted `recs`.
pub fn groups(recs: &[Rec], mut each: impl FnMut(&[Rec])) {
    let mut at = 0;
    while let Some(first) = recs.get(at) {
        let end = recs[at + 1..]
            .iter()
            .position(|rec| !same_key(first, rec))
            .map_or(recs.len(), |n| at + 1 + n);
        each(&recs[at..end]);
        at = end;
    }
}

/// The in-memory pipeline, aggregated.
pub fn time_in_memory(path: &Path, threads: usize) -> io::Result<Run> {
    let (mut run, aggregators, _) =
        in_memory(path, threads, Aggregator::default, |agg, g, _| agg.group(g))?;
    for agg in &aggregators {
        run.summary.add(&agg.summary);
    }
    Ok(run)
}

/// Key ranges of a spilled run: by the key's top 4 bits, each its own zstd frame.
const RANGES: usize = 16;

/// A sorted run on disk: each range's offset and length in its file.
struct SpilledRun {
    path: PathBuf,
    ranges: [(u64, u64); RANGES],
}

pub struct SpillOut {
    dir: PathBuf,
    name: String,
    budget: usize,
    buf: Vec<Rec>,
    /// The run's scatter by the key's top 8 bits, before each bucket's `sort_unstable`.
    scratch: Vec<Rec>,
    runs: Vec<SpilledRun>,
    pub columns: Vec<(u32, Column)>,
    bytes: u64,
    failed: Option<io::Error>,
}

impl SpillOut {
    fn spill(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        radix_sort(&mut self.buf, &mut self.scratch);
        let path = self
            .dir
            .join(format!("{}-{}.run", self.name, self.runs.len()));
        let mut file = BufWriter::with_capacity(1 << 20, File::create(&path)?);
        let mut ranges = [(0, 0); RANGES];
        let mut offset = 0;
        let mut at = 0;
        let mut bytes = Vec::with_capacity(24 * 4096);
        for (range, slot) in ranges.iter_mut().enumerate() {
            let end = self.buf[at..]
                .iter()
                .position(|rec| (rec[0] >> 60) as usize != range)
                .map_or(self.buf.len(), |n| at + n);
            let mut encoder = zstd::Encoder::new(Vec::new(), zstd_level())?;
            for recs in self.buf[at..end].chunks(4096) {
                bytes.clear();
                for rec in recs {
                    for word in rec {
                        bytes.extend_from_slice(&word.to_le_bytes());
                    }
                }
                encoder.write_all(&bytes)?;
            }
            let frame = encoder.finish()?;
            file.write_all(&frame)?;
            *slot = (offset, frame.len() as u64);
            offset += frame.len() as u64;
            at = end;
        }
        file.flush()?;
        self.bytes += offset;
        self.runs.push(SpilledRun { path, ranges });
        self.buf.clear();
        Ok(())
    }
}

impl Out for SpillOut {
    fn record(&mut self, rec: Rec) {
        if self.buf.len() == self.budget
            && let Err(err) = self.spill()
        {
            self.failed.get_or_insert(err);
        }
        self.buf.push(rec);
    }

    fn game(&mut self, number: u32, column: Column, _game: &Game, _places: &[u8]) {
        self.columns.push((number, column));
    }
}

/// The spilled runs' zstd level: `ZSTD_LEVEL`, 1 unless set (negative: zstd's fast levels).
fn zstd_level() -> i32 {
    std::env::var("ZSTD_LEVEL")
        .ok()
        .and_then(|l| l.parse().ok())
        .unwrap_or(1)
}

/// Sorts `recs`: scattered by the key's top 8 bits into `scratch` (a counting sort), each
/// bucket sorted there with `sort_unstable` (small enough for the cache), copied back.
fn radix_sort(recs: &mut [Rec], scratch: &mut Vec<Rec>) {
    let mut counts = [0usize; PARTS];
    for rec in recs.iter() {
        counts[(rec[0] >> 56) as usize] += 1;
    }
    let mut starts = [0usize; PARTS];
    let mut sum = 0;
    for (start, count) in starts.iter_mut().zip(counts) {
        *start = sum;
        sum += count;
    }
    scratch.clear();
    scratch.resize(recs.len(), [0; 3]);
    let mut at = starts;
    for rec in recs.iter() {
        let part = (rec[0] >> 56) as usize;
        scratch[at[part]] = *rec;
        at[part] += 1;
    }
    for (start, count) in starts.iter().zip(counts) {
        scratch[*start..start + count].sort_unstable();
    }
    recs.copy_from_slice(scratch);
}

/// A run's records of one range, read back.
struct RangeReader {
    decoder: zstd::Decoder<'static, BufReader<io::Take<File>>>,
}

impl RangeReader {
    fn open(run: &SpilledRun, range: usize) -> io::Result<RangeReader> {
        let (offset, len) = run.ranges[range];
        let mut file = File::open(&run.path)?;
        file.seek(SeekFrom::Start(offset))?;
        let decoder = zstd::Decoder::new(file.take(len))?;
        Ok(RangeReader { decoder })
    }

    fn next(&mut self) -> io::Result<Option<Rec>> {
        let mut bytes = [0u8; 24];
        match self.decoder.read_exact(&mut bytes) {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(err) => return Err(err),
        }
        let word = |i: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[i * 8..i * 8 + 8]);
            u64::from_le_bytes(w)
        };
        Ok(Some([word(0), word(1), word(2)]))
    }
}

/// The spilling pipeline: each part sorts and spills a run every `budget` records (on its
/// reader's thread, between games), then `threads` threads merge the runs range by range.
pub fn time_spilled(path: &Path, threads: usize, budget: usize, dir: &Path) -> io::Result<Run> {
    let start = Instant::now();
    std::fs::create_dir_all(dir)?;
    let new = |part: PartStart| SpillOut {
        dir: dir.to_path_buf(),
        name: format!("part{}", part.games_before),
        budget,
        buf: Vec::with_capacity(budget),
        scratch: Vec::new(),
        runs: Vec::new(),
        columns: Vec::new(),
        bytes: 0,
        failed: None,
    };
    let mut parts = replay(path, new)?;
    let mut runs = Vec::new();
    let mut spilled_bytes = 0;
    let games = parts.iter().map(|part| part.games).sum();
    let records = parts.iter().map(|part| part.visits).sum();
    for part in &mut parts {
        if let Some(err) = part.out.failed.take() {
            return Err(err);
        }
        // The last run of each part: in the real build it would stay in memory.
        part.out.spill()?;
        part.out.buf = Vec::new();
        part.out.scratch = Vec::new();
        spilled_bytes += part.out.bytes;
        runs.append(&mut part.out.runs);
    }
    let _columns = columns(parts.into_iter().map(|part| part.out.columns));
    let replay_s = start.elapsed().as_secs_f64();
    let next = AtomicUsize::new(0);
    let summaries: Vec<io::Result<Summary>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut agg = Aggregator::default();
                    let mut group: Vec<Rec> = Vec::new();
                    loop {
                        let range = next.fetch_add(1, Ordering::Relaxed);
                        if range >= RANGES {
                            break;
                        }
                        let mut readers = runs
                            .iter()
                            .map(|run| RangeReader::open(run, range))
                            .collect::<io::Result<Vec<_>>>()?;
                        let mut heap = BinaryHeap::new();
                        for (at, reader) in readers.iter_mut().enumerate() {
                            if let Some(rec) = reader.next()? {
                                heap.push(Reverse((rec, at)));
                            }
                        }
                        while let Some(Reverse((rec, at))) = heap.pop() {
                            if let Some(next) = readers[at].next()? {
                                heap.push(Reverse((next, at)));
                            }
                            if group.first().is_some_and(|first| !same_key(first, &rec)) {
                                agg.group(&group);
                                group.clear();
                            }
                            group.push(rec);
                        }
                        agg.group(&group);
                        group.clear();
                    }
                    Ok(agg.summary)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a merger"))
            .collect()
    });
    let mut summary = Summary::default();
    for one in summaries {
        summary.add(&one?);
    }
    for run in &runs {
        let _ = std::fs::remove_file(&run.path);
    }
    Ok(Run {
        replay_s,
        sort_s: start.elapsed().as_secs_f64() - replay_s,
        games,
        records,
        summary,
        runs: runs.len(),
        spilled_bytes,
    })
}
