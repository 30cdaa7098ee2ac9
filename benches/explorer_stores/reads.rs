//! The index's read pattern timed on a loaded store; a full compaction.

use std::path::Path;
use std::time::{Duration, Instant};

use redb::{Builder, ConcurrencyMode, ReadableDatabase};

use crate::Error;
use crate::data::{Data, GAMES, NODES, array, dir_bytes, mix};
use crate::load::{LOAD_CACHE, READ_CACHE, fjall_open, redb_writer};

fn percentiles(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let at = |q: usize| v[(v.len() * q / 100).min(v.len() - 1)].as_secs_f64() * 1e6;
    (at(50), at(99))
}

pub struct Reads {
    pub scan: (f64, f64),
    pub get: (f64, f64),
    pub query: (f64, f64),
    pub rows_per_scan: f64,
}

/// The index's read pattern on a loaded store, warm: `positions` sampled, each a range over
/// its 12-byte prefix, then 4 gets in games; one pass to warm, one measured.
pub fn reads(store: &str, path: &Path, data: &Data, samples: usize) -> Result<Reads, Error> {
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
