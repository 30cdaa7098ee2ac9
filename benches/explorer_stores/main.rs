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

mod crash;
mod data;
mod load;
mod reads;

use std::path::Path;
use std::time::Duration;

use crash::{Run, crash, run_load};
use data::{batches, read_source, stats};
use load::load;
use reads::{compact, reads};

type Error = Box<dyn std::error::Error + Send + Sync>;

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
