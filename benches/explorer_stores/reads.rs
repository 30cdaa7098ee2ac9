//! The index's read pattern timed on a loaded store; a full compaction.

use std::path::Path;
use std::time::{Duration, Instant};

use redb::{Builder, ConcurrencyMode, ReadableDatabase};

use crate::Error;
use crate::data::{Data, GAMES, NODES, POSITIONS, array, dir_bytes, mix};
use crate::load::{LOAD_CACHE, READ_CACHE, fjall_open, redb_writer};

fn percentiles(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let at = |q: usize| v[(v.len() * q / 100).min(v.len() - 1)].as_secs_f64() * 1e6;
    (at(50), at(99))
}

pub struct Reads {
    /// A position's nodes: its months, then its node of each.
    pub scan: (f64, f64),
    pub get: (f64, f64),
    pub query: (f64, f64),
    pub rows_per_scan: f64,
}

/// A node's key: the month, big-endian, then the position.
fn node(month: u16, position: &[u8; 12]) -> [u8; 14] {
    let mut key = [0; 14];
    key[..2].copy_from_slice(&month.to_be_bytes());
    key[2..].copy_from_slice(position);
    key
}

/// The months of a stored position's value (pgn/src/index/stored.rs): their count, then the
/// first and each from the one before, LEB128.
fn months(value: &[u8]) -> Vec<u16> {
    let mut numbers = Vec::new();
    let (mut number, mut shift) = (0u64, 0);
    for &byte in value {
        number |= u64::from(byte & 0x7F) << shift;
        shift += 7;
        if byte < 0x80 {
            numbers.push(number);
            (number, shift) = (0, 0);
        }
    }
    let count = numbers.first().copied().unwrap_or(0) as usize;
    let mut month = 0;
    numbers[1..=count]
        .iter()
        .map(|&step| {
            month += step as u16;
            month
        })
        .collect()
}

/// The index's read pattern on a loaded store, warm: `positions` sampled, each its months
/// (a get in positions), then its node of each month, then 4 gets in games; one pass to
/// warm, one measured.
pub fn reads(store: &str, path: &Path, data: &Data, samples: usize) -> Result<Reads, Error> {
    let positions = &data.tables[5];
    let games = &data.tables[1];
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = |n: usize| {
        seed = mix(seed.wrapping_add(0x9E37_79B9_7F4A_7C15));
        (seed % n as u64) as usize
    };
    let work: Vec<([u8; 12], [u64; 4])> = (0..samples)
        .map(|_| {
            let prefix = array::<12>(&positions[next(positions.len())].0);
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
                    let positions = txn.open_table(POSITIONS)?;
                    let games = txn.open_table(GAMES)?;
                    let s = Instant::now();
                    let mut bytes = 0;
                    let value = positions.get(prefix)?.map(|v| v.value().to_vec());
                    for month in months(&value.unwrap_or_default()) {
                        bytes += nodes
                            .get(node(month, prefix))?
                            .map_or(0, |v| v.value().len());
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
                    let value = snapshot.get(&keyspaces[5], prefix)?;
                    for month in months(value.as_deref().unwrap_or_default()) {
                        let key = node(month, prefix);
                        bytes += snapshot.get(&keyspaces[0], key)?.map_or(0, |v| v.len());
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
pub fn compact(store: &str, path: &Path) -> Result<(f64, u64), Error> {
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
