//! The explorer's store, chosen by measurement: redb (the index's) against fjall (an LSM tree)
//! on the data of an index made by `chess960 index add`. Every (key, value) of its five tables
//! is read from its `index.redb`, then loaded into a fresh redb file and a fresh fjall
//! keyspace per table, by a child process each time:
//!
//! - `one`: every key in order, one transaction (redb) or one write batch (fjall), committed
//!   once;
//! - `batches`: batches of about 2,000,000 keys committed one by one, each batch sorted,
//!   holding positions (and lichess ids) from all over the key space, as an add's batches do
//!   (a key's batch is a hash of it), and games by consecutive numbers, as games are added.
//!
//! Reported: load time, bytes on disk after the load (fjall: also once its flushes and
//! compactions have settled, and both after a full compaction), the index's read pattern
//! warm (a position's months: a range over its 12-byte prefix; then 4 gets in games), and
//! what a `kill -9` of the loader leaves: does the store open, and does it hold exactly the
//! keys of the last commit the loader reported? Just before each kill another process's
//! open is tried (redb's single-writer mode lets readers in; fjall locks its folder).
//!
//! ```sh
//! cd benches && cargo run --release --bin explorer_stores -- bench INDEX_DIR/index.redb WORKDIR [ROUNDS]
//! cargo run --release --bin explorer_stores -- stats INDEX_DIR/index.redb
//! ```
//! (`load STORE MODE SOURCE OUT` is the child's command.)

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fjall::{KeyspaceCreateOptions, PersistMode};
use redb::{
    Builder, ConcurrencyMode, ReadableDatabase, ReadableTable, ReadableTableMetadata,
    TableDefinition,
};

type Error = Box<dyn std::error::Error + Send + Sync>;

// The index's tables, as pgn/src/index/store.rs defines them.
const NODES: TableDefinition<[u8; 14], &[u8]> = TableDefinition::new("nodes");
const GAMES: TableDefinition<u64, &[u8]> = TableDefinition::new("games");
const LICHESS_IDS: TableDefinition<&str, u64> = TableDefinition::new("lichess_ids");
const FILES: TableDefinition<u32, &[u8]> = TableDefinition::new("files");
const CONTENTS: TableDefinition<[u8; 32], u32> = TableDefinition::new("contents");
const NAMES: [&str; 5] = ["nodes", "games", "lichess_ids", "files", "contents"];

/// Keys a batch, as an add's batch of 2,000,000 visits.
const BATCH_KEYS: usize = 2_000_000;
/// The cache of a store while loading (an add's) and while reading (a reader's).
const LOAD_CACHE: usize = 256 << 20;
const READ_CACHE: usize = 64 << 20;

/// Every table's rows, keys and values as bytes that sort as the typed keys do (integers
/// big-endian), in key order.
struct Data {
    tables: [Vec<(Vec<u8>, Vec<u8>)>; 5],
}

fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&bytes[..N]);
    out
}

fn read_source(path: &Path) -> Result<Data, Error> {
    let db = Builder::new()
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .open_read_only(path)?;
    let txn = db.begin_read()?;
    let mut tables: [Vec<(Vec<u8>, Vec<u8>)>; 5] = Default::default();
    for row in txn.open_table(NODES)?.iter()? {
        let (k, v) = row?;
        tables[0].push((k.value().to_vec(), v.value().to_vec()));
    }
    for row in txn.open_table(GAMES)?.iter()? {
        let (k, v) = row?;
        tables[1].push((k.value().to_be_bytes().to_vec(), v.value().to_vec()));
    }
    for row in txn.open_table(LICHESS_IDS)?.iter()? {
        let (k, v) = row?;
        tables[2].push((
            k.value().as_bytes().to_vec(),
            v.value().to_be_bytes().to_vec(),
        ));
    }
    for row in txn.open_table(FILES)?.iter()? {
        let (k, v) = row?;
        tables[3].push((k.value().to_be_bytes().to_vec(), v.value().to_vec()));
    }
    for row in txn.open_table(CONTENTS)?.iter()? {
        let (k, v) = row?;
        tables[4].push((k.value().to_vec(), v.value().to_be_bytes().to_vec()));
    }
    // redb orders &str keys as bytes, as fjall does.
    Ok(Data { tables })
}

fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The batches, each a list of (table, row) in key order within each table.
fn batches(data: &Data, mode: &str) -> Vec<Vec<(usize, usize)>> {
    let total: usize = data.tables.iter().map(Vec::len).sum();
    let n = if mode == "one" {
        1
    } else {
        total.div_ceil(BATCH_KEYS).max(1)
    };
    let mut out = vec![Vec::new(); n];
    for (t, rows) in data.tables.iter().enumerate() {
        for (i, (key, _)) in rows.iter().enumerate() {
            let b = if t == 0 || t == 2 {
                // Positions and lichess ids: all over the key space in every batch.
                let mut h = 0u64;
                for &byte in key {
                    h = mix(h ^ u64::from(byte));
                }
                (h % n as u64) as usize
            } else {
                i * n / rows.len()
            };
            out[b].push((t, i));
        }
    }
    out
}

/// Bytes allocated on disk (as `du` counts them), a file's or a folder's.
fn dir_bytes(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(path) else {
        return 0;
    };
    if !meta.is_dir() {
        return meta.blocks() * 512;
    }
    std::fs::read_dir(path)
        .map(|entries| entries.flatten().map(|e| dir_bytes(&e.path())).sum())
        .unwrap_or(0)
        + meta.blocks() * 512
}

fn redb_writer(path: &Path, cache: usize) -> Result<redb::Database, Error> {
    Ok(Builder::new()
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .set_cache_size(cache)
        .create(path)?)
}

fn fjall_open(path: &Path, cache: usize) -> Result<(fjall::Database, Vec<fjall::Keyspace>), Error> {
    let db = fjall::Database::builder(path)
        .cache_size(cache as u64)
        .open()?;
    let keyspaces = NAMES
        .iter()
        .map(|name| db.keyspace(name, KeyspaceCreateOptions::default))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((db, keyspaces))
}

/// The child: loads `source`'s data into a fresh `store` at `out`, saying on stdout when it
/// starts, each commit (keys committed so far), when it is done and the bytes on disk.
fn load(store: &str, mode: &str, source: &Path, out: &Path) -> Result<(), Error> {
    let data = read_source(source)?;
    let batches = batches(&data, mode);
    let mut stdout = std::io::stdout();
    let mut ends = Vec::new();
    for batch in &batches {
        ends.push(ends.last().copied().unwrap_or(0) + batch.len());
    }
    let ends: Vec<String> = ends.iter().map(ToString::to_string).collect();
    writeln!(stdout, "start {} {}", batches.len(), ends.join(","))?;
    stdout.flush()?;
    let start = Instant::now();
    let mut committed = 0usize;
    let t = &data.tables;
    match store {
        "redb" => {
            let db = redb_writer(out, LOAD_CACHE)?;
            for batch in &batches {
                let txn = db.begin_write()?;
                {
                    let mut nodes = txn.open_table(NODES)?;
                    let mut games = txn.open_table(GAMES)?;
                    let mut ids = txn.open_table(LICHESS_IDS)?;
                    let mut files = txn.open_table(FILES)?;
                    let mut contents = txn.open_table(CONTENTS)?;
                    for &(table, row) in batch {
                        let (k, v) = &t[table][row];
                        match table {
                            0 => drop(nodes.insert(array::<14>(k), v.as_slice())?),
                            1 => drop(games.insert(u64::from_be_bytes(array(k)), v.as_slice())?),
                            2 => drop(
                                ids.insert(std::str::from_utf8(k)?, u64::from_be_bytes(array(v)))?,
                            ),
                            3 => drop(files.insert(u32::from_be_bytes(array(k)), v.as_slice())?),
                            _ => drop(
                                contents.insert(array::<32>(k), u32::from_be_bytes(array(v)))?,
                            ),
                        }
                    }
                }
                txn.commit()?;
                committed += batch.len();
                writeln!(stdout, "committed {committed}")?;
                stdout.flush()?;
            }
            writeln!(stdout, "loaded {:.3}", start.elapsed().as_secs_f64())?;
            drop(db);
            writeln!(stdout, "size {}", dir_bytes(out))?;
        }
        _ => {
            let (db, keyspaces) = fjall_open(out, LOAD_CACHE)?;
            for batch in &batches {
                let mut b = db.batch().durability(Some(PersistMode::SyncAll));
                for &(table, row) in batch {
                    let (k, v) = &t[table][row];
                    b.insert(&keyspaces[table], k.as_slice(), v.as_slice());
                }
                b.commit()?;
                committed += batch.len();
                writeln!(stdout, "committed {committed}")?;
                stdout.flush()?;
            }
            writeln!(stdout, "loaded {:.3}", start.elapsed().as_secs_f64())?;
            writeln!(stdout, "size {}", dir_bytes(out))?;
            stdout.flush()?;
            // Settled: every memtable flushed, then no flush or compaction for 2 s.
            for keyspace in &keyspaces {
                keyspace.rotate_memtable_and_wait()?;
            }
            let mut quiet = 0;
            while quiet < 4 {
                std::thread::sleep(Duration::from_millis(500));
                let busy = db.active_compactions() + db.outstanding_flushes();
                quiet = if busy == 0 { quiet + 1 } else { 0 };
            }
            let tables: usize = keyspaces.iter().map(|k| k.table_count()).sum();
            writeln!(
                stdout,
                "settled {:.3} {} {tables}",
                start.elapsed().as_secs_f64(),
                dir_bytes(out)
            )?;
            drop(keyspaces);
            drop(db);
        }
    }
    writeln!(stdout, "done")?;
    Ok(())
}

/// Keys in every table of the store at `path`, opened as a writer would after a crash.
fn count(store: &str, path: &Path) -> Result<usize, Error> {
    match store {
        "redb" => {
            let db = redb_writer(path, READ_CACHE)?;
            let txn = db.begin_read()?;
            let mut n = 0;
            macro_rules! len {
                ($table:expr) => {
                    match txn.open_table($table) {
                        Ok(table) => n += table.len()? as usize,
                        Err(redb::TableError::TableDoesNotExist(_)) => {}
                        Err(err) => return Err(err.into()),
                    }
                };
            }
            len!(NODES);
            len!(GAMES);
            len!(LICHESS_IDS);
            len!(FILES);
            len!(CONTENTS);
            Ok(n)
        }
        _ => {
            let (_db, keyspaces) = fjall_open(path, READ_CACHE)?;
            let mut n = 0;
            for k in &keyspaces {
                n += k.len()?;
            }
            Ok(n)
        }
    }
}

/// What another process sees opening the store while the loader writes.
fn open_meanwhile(store: &str, path: &Path) -> String {
    match store {
        "redb" => {
            let read = || -> Result<u64, Error> {
                let db = Builder::new()
                    .set_concurrency_mode(ConcurrencyMode::SingleWriter)
                    .set_cache_size(READ_CACHE)
                    .open_read_only(path)?;
                let txn = db.begin_read()?;
                let n = match txn.open_table(GAMES) {
                    Ok(t) => t.len()?,
                    Err(redb::TableError::TableDoesNotExist(_)) => 0,
                    Err(err) => return Err(err.into()),
                };
                Ok(n)
            };
            match read() {
                Ok(n) => format!("opened read-only, read {n} games"),
                Err(err) => format!("refused: {err}"),
            }
        }
        _ => match fjall::Database::builder(path).open() {
            Ok(_) => "opened".to_string(),
            Err(err) => format!("refused: {err}"),
        },
    }
}

struct Run {
    loaded: f64,
    size: u64,
    settled: Option<(f64, u64, u64)>,
}

fn exe() -> Result<PathBuf, Error> {
    Ok(std::env::current_exe()?)
}

/// A child's load, uninterrupted.
fn run_load(store: &str, mode: &str, source: &Path, out: &Path) -> Result<Run, Error> {
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_file(out);
    let output = Command::new(exe()?)
        .args(["load", store, mode])
        .arg(source)
        .arg(out)
        .stderr(Stdio::inherit())
        .output()?;
    if !output.status.success() {
        return Err(format!("load {store} {mode}: {}", output.status).into());
    }
    let text = String::from_utf8(output.stdout)?;
    let mut run = Run {
        loaded: 0.0,
        size: 0,
        settled: None,
    };
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        match words[0] {
            "loaded" => run.loaded = words[1].parse()?,
            "size" => run.size = words[1].parse()?,
            "settled" => {
                run.settled = Some((words[1].parse()?, words[2].parse()?, words[3].parse()?))
            }
            _ => {}
        }
    }
    Ok(run)
}

/// A child's load killed `after` its start: what the parent saw meanwhile, what the reopened
/// store holds, against the last commit the child reported.
fn crash(
    store: &str,
    mode: &str,
    source: &Path,
    out: &Path,
    after: Duration,
) -> Result<String, Error> {
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_file(out);
    let mut child = Command::new(exe()?)
        .args(["load", store, mode])
        .arg(source)
        .arg(out)
        .stdout(Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let (send, receive) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    // Wait for the start, then `after`.
    for line in &receive {
        let start = line.starts_with("start");
        lines.push(line);
        if start {
            break;
        }
    }
    std::thread::sleep(after);
    let meanwhile = open_meanwhile(store, out);
    let commits_before_kill = receive.try_iter().collect::<Vec<_>>();
    child.kill()?;
    child.wait()?;
    reader.join().map_err(|_| "reader")?;
    lines.extend(commits_before_kill);
    lines.extend(receive.try_iter());
    let total_batches: usize = lines
        .first()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let commits: Vec<usize> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("committed "))
        .filter_map(|n| n.parse().ok())
        .collect();
    let last = commits.last().copied().unwrap_or(0);
    // Every commit's end: the keys a store holds after it.
    let ends: Vec<usize> = lines
        .first()
        .and_then(|l| l.split(' ').nth(2))
        .map(|e| e.split(',').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default();
    let in_flight = ends.get(commits.len()).copied();
    let finished = lines.iter().any(|l| l.starts_with("loaded"));
    let reopened = count(store, out);
    let verdict = match reopened {
        Ok(n) if n == last => format!(
            "opens; holds {n} keys, exactly the last commit reported ({} of {total_batches})",
            commits.len()
        ),
        Ok(n) if Some(n) == in_flight => format!(
            "opens; holds {n} keys, exactly the commit in flight when killed ({} of {total_batches}; \
             its batch was written, `commit` had not returned)",
            commits.len() + 1
        ),
        Ok(n) => format!(
            "opens; holds {n} keys, NOT a commit's (the last reported: {last}, {} of {total_batches})",
            commits.len()
        ),
        Err(err) => format!("does NOT open: {err}"),
    };
    Ok(format!(
        "killed at {:.1} s{}: {verdict}; meanwhile another process: {meanwhile}",
        after.as_secs_f64(),
        if finished {
            " (after the last commit)"
        } else {
            ""
        }
    ))
}

fn percentiles(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let at = |q: usize| v[(v.len() * q / 100).min(v.len() - 1)].as_secs_f64() * 1e6;
    (at(50), at(99))
}

struct Reads {
    scan: (f64, f64),
    get: (f64, f64),
    query: (f64, f64),
    rows_per_scan: f64,
}

/// The index's read pattern on a loaded store, warm: `positions` sampled, each a range over
/// its 12-byte prefix, then 4 gets in games; one pass to warm, one measured.
fn reads(store: &str, path: &Path, data: &Data, samples: usize) -> Result<Reads, Error> {
    let nodes = &data.tables[0];
    let games = &data.tables[1];
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = |n: usize| {
        seed = mix(seed.wrapping_add(0x9E37_79B9_7F4A_7C15));
        (seed % n as u64) as usize
    };
    let work: Vec<([u8; 12], [u64; 4])> = (0..samples)
        .map(|_| {
            let prefix = array::<12>(&nodes[next(nodes.len())].0);
            let g = [0; 4].map(|_: u8| u64::from_be_bytes(array(&games[next(games.len())].0)));
            (prefix, g)
        })
        .collect();
    let (mut scan, mut get, mut query) = (Vec::new(), Vec::new(), Vec::new());
    let mut rows = 0usize;
    match store {
        "redb" => {
            let db = Builder::new()
                .set_concurrency_mode(ConcurrencyMode::SingleWriter)
                .set_cache_size(READ_CACHE)
                .open_read_only(path)?;
            for pass in 0..2 {
                for (prefix, g) in &work {
                    let q = Instant::now();
                    let txn = db.begin_read()?;
                    let nodes = txn.open_table(NODES)?;
                    let games = txn.open_table(GAMES)?;
                    let mut low = [0u8; 14];
                    low[..12].copy_from_slice(prefix);
                    let mut high = [0xFFu8; 14];
                    high[..12].copy_from_slice(prefix);
                    let s = Instant::now();
                    let mut bytes = 0;
                    for row in nodes.range(low..=high)? {
                        let (_, v) = row?;
                        bytes += v.value().len();
                        rows += pass;
                    }
                    let scanned = s.elapsed();
                    let mut gets = Vec::new();
                    for &n in g {
                        let s = Instant::now();
                        bytes += games.get(n)?.map_or(0, |v| v.value().len());
                        gets.push(s.elapsed());
                    }
                    std::hint::black_box(bytes);
                    if pass == 1 {
                        query.push(q.elapsed());
                        scan.push(scanned);
                        get.extend(gets);
                    }
                }
            }
        }
        _ => {
            let (db, keyspaces) = fjall_open(path, READ_CACHE)?;
            for pass in 0..2 {
                for (prefix, g) in &work {
                    let q = Instant::now();
                    let snapshot = db.snapshot();
                    let s = Instant::now();
                    let mut bytes = 0;
                    use fjall::Readable;
                    for guard in snapshot.prefix(&keyspaces[0], prefix) {
                        let (_, v) = guard.into_inner()?;
                        bytes += v.len();
                        rows += pass;
                    }
                    let scanned = s.elapsed();
                    let mut gets = Vec::new();
                    for &n in g {
                        let s = Instant::now();
                        bytes += snapshot
                            .get(&keyspaces[1], n.to_be_bytes())?
                            .map_or(0, |v| v.len());
                        gets.push(s.elapsed());
                    }
                    std::hint::black_box(bytes);
                    if pass == 1 {
                        query.push(q.elapsed());
                        scan.push(scanned);
                        get.extend(gets);
                    }
                }
            }
        }
    }
    Ok(Reads {
        scan: percentiles(scan),
        get: percentiles(get),
        query: percentiles(query),
        rows_per_scan: rows as f64 / samples as f64,
    })
}

/// A full compaction: its time and the bytes after.
fn compact(store: &str, path: &Path) -> Result<(f64, u64), Error> {
    let start = Instant::now();
    match store {
        "redb" => {
            let mut db = redb_writer(path, LOAD_CACHE)?;
            while db.compact()? {}
        }
        _ => {
            let (db, keyspaces) = fjall_open(path, LOAD_CACHE)?;
            for k in &keyspaces {
                k.major_compact()?;
            }
            drop(keyspaces);
            drop(db);
        }
    }
    Ok((start.elapsed().as_secs_f64(), dir_bytes(path)))
}

fn stats(source: &Path) -> Result<(), Error> {
    let data = read_source(source)?;
    let db = Builder::new()
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .open_read_only(source)?;
    let txn = db.begin_read()?;
    let file = std::fs::metadata(source)?.len();
    println!("`{}`: {file} bytes", source.display());
    println!();
    println!(
        "| table | entries | key bytes | value bytes | redb stored bytes | metadata | fragmented | leaf, branch pages | height | share of the file |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    macro_rules! row {
        ($i:expr, $table:expr) => {{
            let s = txn.open_table($table)?.stats()?;
            let rows = &data.tables[$i];
            let keys: usize = rows.iter().map(|(k, _)| k.len()).sum();
            let values: usize = rows.iter().map(|(_, v)| v.len()).sum();
            let pages = (s.leaf_pages() + s.branch_pages()) * 4096;
            println!(
                "| {} | {} | {keys} | {values} | {} | {} | {} | {}, {} | {} | {:.0}% |",
                NAMES[$i],
                rows.len(),
                s.stored_bytes(),
                s.metadata_bytes(),
                s.fragmented_bytes(),
                s.leaf_pages(),
                s.branch_pages(),
                s.tree_height(),
                pages as f64 * 100.0 / file as f64
            );
        }};
    }
    row!(0, NODES);
    row!(1, GAMES);
    row!(2, LICHESS_IDS);
    row!(3, FILES);
    row!(4, CONTENTS);
    Ok(())
}

fn bench(source: &Path, work: &Path, rounds: usize) -> Result<(), Error> {
    std::fs::create_dir_all(work)?;
    let data = read_source(source)?;
    let keys: usize = data.tables.iter().map(Vec::len).sum();
    let bytes: usize = data
        .tables
        .iter()
        .flatten()
        .map(|(k, v)| k.len() + v.len())
        .sum();
    let load = |line: &str| {
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| format!("{line}{}", l.split(' ').next().unwrap_or("?")))
            .unwrap_or_default()
    };
    println!(
        "source `{}`: {} bytes, {keys} keys, {bytes} bytes of keys and values; {} batches in mode `batches`",
        source.display(),
        std::fs::metadata(source)?.len(),
        batches(&data, "batches").len()
    );
    let configs = [
        ("redb", "one"),
        ("fjall", "one"),
        ("redb", "batches"),
        ("fjall", "batches"),
    ];
    let out = |store: &str, mode: &str| work.join(format!("{store}-{mode}"));
    let mut runs: Vec<Vec<Run>> = configs.iter().map(|_| Vec::new()).collect();
    let mut loads = Vec::new();
    for round in 0..rounds {
        loads.push(load(&format!("round {round}: load ")));
        for i in 0..configs.len() {
            // Each round starts one configuration further on.
            let c = (i + round) % configs.len();
            let (store, mode) = configs[c];
            runs[c].push(run_load(store, mode, source, &out(store, mode))?);
        }
    }
    loads.push(load("after the loads: load "));
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!();
    println!(
        "| store | commits | load s (median of {rounds}) | rounds s | bytes after the load | settled: s, bytes, tables | after a full compaction: s, bytes |"
    );
    println!("|---|---|---:|---|---:|---|---|");
    let mut compacted = Vec::new();
    let mut read = Vec::new();
    for &(store, mode) in &configs {
        let path = out(store, mode);
        // Reads on the store as loaded (and settled), before any forced compaction.
        if mode == "batches" {
            read.push((store, reads(store, &path, &data, 20_000)?));
        }
        compacted.push(compact(store, &path)?);
    }
    for (c, &(store, mode)) in configs.iter().enumerate() {
        let r = &runs[c];
        let last = r.last().ok_or("no run")?;
        println!(
            "| {store} | {} | {:.1} | {} | {} | {} | {:.1}, {} |",
            if mode == "one" {
                "one, at the end"
            } else {
                "one a batch"
            },
            median(r.iter().map(|r| r.loaded).collect()),
            r.iter()
                .map(|r| format!("{:.1}", r.loaded))
                .collect::<Vec<_>>()
                .join(", "),
            last.size,
            last.settled
                .map_or("".to_string(), |(s, b, t)| format!("{s:.1}, {b}, {t}")),
            compacted[c].0,
            compacted[c].1
        );
    }
    println!();
    println!("{}", loads.join("; "));
    println!();
    println!(
        "Reads, warm (the `batches` stores, settled, before the full compaction), 20,000 positions, µs:"
    );
    println!();
    println!(
        "| store | range over a position's prefix p50, p99 | rows a range | get in games p50, p99 | the whole (read transaction or snapshot, range, 4 gets) p50, p99 |"
    );
    println!("|---|---:|---:|---:|---:|");
    for (store, r) in &read {
        println!(
            "| {store} | {:.1}, {:.1} | {:.2} | {:.1}, {:.1} | {:.1}, {:.1} |",
            r.scan.0, r.scan.1, r.rows_per_scan, r.get.0, r.get.1, r.query.0, r.query.1
        );
    }
    println!();
    println!("`kill -9` of the loader (another process opening the store just before):");
    println!();
    for (c, &(store, mode)) in configs.iter().enumerate() {
        let t = median(runs[c].iter().map(|r| r.loaded).collect());
        for fraction in [0.3, 0.7] {
            let after = Duration::from_secs_f64(t * fraction);
            let line = crash(
                store,
                mode,
                source,
                &work.join(format!("crash-{store}-{mode}")),
                after,
            )?;
            println!("- {store}, {mode}: {line}");
        }
    }
    for (store, mode) in configs {
        let _ = std::fs::remove_dir_all(work.join(format!("crash-{store}-{mode}")));
        let _ = std::fs::remove_file(work.join(format!("crash-{store}-{mode}")));
    }
    Ok(())
}

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: explorer_stores bench INDEX.redb WORKDIR [ROUNDS] | stats INDEX.redb | load STORE MODE INDEX.redb OUT";
    match args.get(1).map(String::as_str) {
        Some("bench") if args.len() >= 4 => bench(
            Path::new(&args[2]),
            Path::new(&args[3]),
            args.get(4).map_or(Ok(3), |r| r.parse())?,
        ),
        Some("stats") if args.len() == 3 => stats(Path::new(&args[2])),
        Some("load") if args.len() == 6 => {
            load(&args[2], &args[3], Path::new(&args[4]), Path::new(&args[5]))
        }
        _ => Err(usage.into()),
    }
}
