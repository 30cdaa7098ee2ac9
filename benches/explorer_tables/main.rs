//! The explorer's sorted block tables (`explorer/src/store/table/`) against the tables of
//! the same shape elsewhere: tantivy-sstable's and lsm-tree's (see `stores.rs`). The same
//! entries (shaped like the explorer's rows, `data.rs`) are written into each; reported:
//! build time, bytes on disk, open time, point reads of present and absent keys (no block
//! cache, then a 64 MiB one where the table has one), a full ordered scan, and what a byte
//! flipped in the file does (`flip.rs`). Medians of ROUNDS rounds, the tables taken in turn
//! in each round. `scripts/table-peers.sh` runs it.
//!
//! ```sh
//! cd benches && cargo run --release --bin explorer_tables -- bench WORKDIR [ENTRIES] [ROUNDS] [FLIPS]
//! ```
//! (`check KIND PATH ENTRIES` is the flip's child.)

mod bytes_sstable;
mod data;
mod flip;
mod stores;

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use data::{Data, Hash};
use flip::{OUTCOMES, Outcome};
use stores::{KINDS, Kind};

type Error = Box<dyn std::error::Error + Send + Sync>;

const SEED: u64 = 960;
const PRESENT: usize = 100_000;
const ABSENT: usize = 10_000;
const CACHE: usize = 64 << 20;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn seconds(start: Instant) -> f64 {
    start.elapsed().as_secs_f64()
}

/// Measures of one table, each a sample per round.
#[derive(Default)]
struct Measures {
    build: Vec<f64>,
    open: Vec<f64>,
    present: Vec<f64>,
    absent: Vec<f64>,
    scan: Vec<f64>,
    cached: Vec<f64>,
    bytes: u64,
    flips: Vec<Outcome>,
    crashes: Vec<String>,
}

/// One round of reads of `kind`'s table: the gets' and the scan's times.
fn reads(kind: Kind, path: &Path, data: &Data, m: &mut Measures) -> Result<(), Error> {
    let present = data.present(PRESENT, SEED + 1);
    let absent = data.absent(ABSENT, SEED + 2);
    let start = Instant::now();
    let opened = kind.open(path, 0)?;
    m.open.push(seconds(start));
    let (mut found, mut wrong) = (0, 0);
    let start = Instant::now();
    for &i in &present {
        found += usize::from(opened.get(&data.keys[i], &mut |v| {
            wrong += usize::from(v != data.value(i));
        })?);
    }
    m.present.push(PRESENT as f64 / seconds(start));
    let start = Instant::now();
    for key in &absent {
        found += usize::from(opened.get(key, &mut |_| {})?);
    }
    m.absent.push(ABSENT as f64 / seconds(start));
    if found != PRESENT || wrong != 0 {
        return Err(format!("{}: {found} found, {wrong} wrong", kind.name()).into());
    }
    let mut hash = Hash::default();
    let start = Instant::now();
    opened.scan(&mut |key, value| hash.eat(key, value))?;
    m.scan.push(seconds(start));
    if hash.0 != data.hash() {
        return Err(format!("{}: the scan read other entries", kind.name()).into());
    }
    drop(opened);
    if kind != Kind::Tantivy {
        let opened = kind.open(path, CACHE)?;
        let start = Instant::now();
        for &i in &present {
            opened.get(&data.keys[i], &mut |_| {})?;
        }
        m.cached.push(PRESENT as f64 / seconds(start));
    }
    Ok(())
}

fn bench(work: &Path, entries: usize, rounds: usize, flips: usize) -> Result<(), Error> {
    std::fs::create_dir_all(work)?;
    let data = Data::generate(entries, SEED);
    let raw: usize = data.values.len() + data.keys.len() * 14;
    println!(
        "{} entries: 14-byte keys, values of {} bytes on average ({} bytes of keys and values); tantivy-sstable's block length {}",
        data.len(),
        data.values.len() / data.len(),
        raw,
        stores::tantivy_block_len(&data),
    );
    let mut measures: Vec<Measures> = KINDS.iter().map(|_| Measures::default()).collect();
    for round in 0..rounds {
        for (kind, m) in KINDS.into_iter().zip(&mut measures) {
            let start = Instant::now();
            kind.build(&kind.path(work), &data)?;
            m.build.push(seconds(start));
            m.bytes = kind.bytes(&kind.path(work));
        }
        for (kind, m) in KINDS.into_iter().zip(&mut measures) {
            reads(kind, &kind.path(work), &data, m)?;
        }
        eprintln!("round {} of {rounds} done", round + 1);
    }
    for (kind, m) in KINDS.into_iter().zip(&mut measures) {
        (m.flips, m.crashes) = flip::flips(kind, &kind.path(work), entries, flips)?;
        eprintln!("{}: flips done", kind.name());
    }
    table(&measures, rounds, flips);
    Ok(())
}

/// The Markdown table: a row a measure, a column a table, ratios against ours.
fn table(measures: &[Measures], rounds: usize, flips: usize) {
    let ours = &measures[0];
    print!("\n| median of {rounds} |");
    for kind in KINDS {
        print!(" {} |", kind.name());
    }
    println!("\n|---|{}", "---:|".repeat(KINDS.len()));
    type Pick = fn(&Measures) -> &Vec<f64>;
    let timed: [(&str, Pick, f64, &str); 6] = [
        ("build (write + fsync)", |m| &m.build, 1.0, "s"),
        ("open", |m| &m.open, 1e3, "ms"),
        ("present keys, no cache", |m| &m.present, 1e-3, "k gets/s"),
        ("absent keys, no cache", |m| &m.absent, 1e-3, "k gets/s"),
        (
            "present keys, 64 MiB cache",
            |m| &m.cached,
            1e-3,
            "k gets/s",
        ),
        ("full scan in order", |m| &m.scan, 1.0, "s"),
    ];
    let bytes = ours.bytes as f64;
    print!("| bytes on disk |");
    for m in measures {
        print!(
            " {:.1} MB (×{:.2}) |",
            m.bytes as f64 / 1e6,
            m.bytes as f64 / bytes
        );
    }
    println!();
    for (name, pick, scale, unit) in timed {
        print!("| {name} |");
        let base = median(pick(ours).clone());
        for m in measures {
            if pick(m).is_empty() {
                print!(" (none) |");
            } else {
                let value = median(pick(m).clone());
                print!(" {:.2} {unit} (×{:.2}) |", value * scale, value / base);
            }
        }
        println!();
    }
    for (outcome, name) in OUTCOMES {
        print!("| {flips} flipped bytes: {name} |");
        for m in measures {
            print!(" {} |", m.flips.iter().filter(|&&o| o == outcome).count());
        }
        println!();
    }
    println!();
    for (kind, m) in KINDS.into_iter().zip(measures) {
        // The crashes by what they said, their bytes listed.
        let mut said: Vec<(&str, Vec<&str>)> = Vec::new();
        for crash in &m.crashes {
            let (at, what) = crash.split_once(": ").unwrap_or(("", crash));
            match said.iter_mut().find(|(w, _)| *w == what) {
                Some((_, ats)) => ats.push(at),
                None => said.push((what, vec![at])),
            }
        }
        for (what, ats) in said {
            println!(
                "- {}: {} × {what} ({})",
                kind.name(),
                ats.len(),
                ats.join(", ")
            );
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| {
        args.get(i)
            .map_or(Some(default), |arg| arg.parse().ok())
            .unwrap_or(default)
    };
    let result = match args.first().map(String::as_str) {
        Some("bench") if args.len() >= 2 => bench(
            Path::new(&args[1]),
            number(2, 1_000_000),
            number(3, 3),
            number(4, 20),
        ),
        Some("check") if args.len() == 4 => match (Kind::parse(&args[1]), args[3].parse()) {
            (Some(kind), Ok(entries)) => {
                let data = Data::generate(entries, SEED);
                flip::print_outcome(flip::check(kind, Path::new(&args[2]), &data));
                Ok(())
            }
            _ => Err("check KIND PATH ENTRIES".into()),
        },
        _ => Err("usage: explorer_tables bench WORKDIR [ENTRIES] [ROUNDS] [FLIPS]".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("explorer_tables: {err}");
            ExitCode::FAILURE
        }
    }
}
