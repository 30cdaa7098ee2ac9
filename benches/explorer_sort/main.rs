//! Step 0 and the first half of step 1 of `shared/EXPLORER-SCALE.md`: counts before code, and
//! the in-memory pipeline (replay → fixed-size visit records → sort → each key's group
//! aggregated once, writing nothing), with grenad's sorter or a hand-rolled radix sort.
//!
//! ```text
//! explorer_sort counts FILE                    # deterministic counts and projected bytes
//! explorer_sort radix FILE                     # radix partitions in memory + sort_unstable
//! explorer_sort spill FILE DIR [MIB]           # sorted runs of MIB (a part) through zstd, k-way merged
//! explorer_sort grenad FILE [MIB] [unique]     # grenad Sorter a part, MIB dump threshold each; TMPDIR for chunks;
//!                                              # unique: keys (position, game), never merged
//! explorer_sort segment FILE DIR ROUNDS FORMAT… # step 2: segment files (redb, grenad-zstd-16, grenad-lz4-4, …)
//! ```
//!
//! Threads: the replay reads one plain file on every core (chess960-pgn's `read_files`);
//! the sort uses `THREADS` (default 2).

mod aggregate;
mod counts;
mod grenad_sort;
mod radix;
mod records;
mod replay;
mod segment;

use std::path::PathBuf;
use std::process::ExitCode;

use radix::Run;

fn report(name: &str, run: &Run) {
    let s = run.summary;
    println!(
        "{name}: total {:.3} s (replay {:.3} s, sort+group {:.3} s); games {}, records {}, keys {}, one-game {}, visits {}, encoded {} bytes, check {:x}; runs {}, spilled {} bytes",
        run.replay_s + run.sort_s,
        run.replay_s,
        run.sort_s,
        run.games,
        run.records,
        s.keys,
        s.one_game,
        s.visits,
        s.encoded,
        s.lone_sum,
        run.runs,
        run.spilled_bytes,
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads = std::env::var("THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(2);
    let mib = |at: usize, default: usize| {
        args.get(at)
            .and_then(|a| a.parse::<usize>().ok())
            .unwrap_or(default)
            << 20
    };
    let result = match (args.first().map(String::as_str), args.get(1)) {
        (Some("counts"), Some(file)) => counts::counts(&PathBuf::from(file), threads),
        (Some("radix"), Some(file)) => {
            radix::time_in_memory(&PathBuf::from(file), threads).map(|run| report("radix", &run))
        }
        (Some("spill"), Some(file)) => match args.get(2) {
            Some(dir) => radix::time_spilled(
                &PathBuf::from(file),
                threads,
                mib(3, 64) / 24,
                &PathBuf::from(dir),
            )
            .map(|run| report("spill", &run)),
            None => Err(std::io::Error::other("spill FILE DIR [MIB]")),
        },
        (Some("grenad"), Some(file)) => grenad_sort::time_grenad(
            &PathBuf::from(file),
            mib(2, 128),
            args.get(3).is_some_and(|a| a == "unique"),
        )
        .map(|run| report("grenad", &run)),
        (Some("segment"), Some(file)) => {
            let formats: Option<Vec<_>> = args
                .get(4..)
                .unwrap_or_default()
                .iter()
                .map(|f| segment::Format::parse(f).map(|format| (f.clone(), format)))
                .collect();
            match (
                args.get(2),
                args.get(3).and_then(|r| r.parse().ok()),
                formats,
            ) {
                (Some(dir), Some(rounds), Some(formats)) if !formats.is_empty() => segment::run(
                    &PathBuf::from(file),
                    &PathBuf::from(dir),
                    rounds,
                    &formats,
                    threads,
                )
                .map_err(|err| std::io::Error::other(err.to_string())),
                _ => Err(std::io::Error::other(
                    "segment FILE DIR ROUNDS redb|grenad-{zstd,lz4,none}-KIB…",
                )),
            }
        }
        (Some("segment-open"), Some(format)) => match (segment::Format::parse(format), args.get(2))
        {
            (Some(format), Some(dir)) => {
                let write = args.get(3).is_some_and(|a| a == "write");
                println!(
                    "{}",
                    segment::open_report(format, &PathBuf::from(dir), write)
                );
                Ok(())
            }
            _ => Err(std::io::Error::other("segment-open FORMAT DIR [write]")),
        },
        _ => Err(std::io::Error::other(
            "usage: explorer_sort counts|radix|spill|grenad|segment FILE …",
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("explorer_sort: {err}");
            ExitCode::FAILURE
        }
    }
}
