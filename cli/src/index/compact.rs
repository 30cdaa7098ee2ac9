//! `chess960 index compact`: an index's segments merged into one, with progress lines from cron
//! and a summary on stderr.

use std::path::Path;
use std::process::ExitCode;

use chess960_explorer::IndexWriter;

use super::writing::{stop_on_interrupt, written_lines};

/// Merges the segments of the index in `dir`, and says what was done.
pub(super) fn compact(dir: &Path) -> ExitCode {
    let progress = chess960_pgn::Progress::default();
    stop_on_interrupt(&progress);
    let started = std::time::Instant::now();
    let lines = written_lines(dir, "compacting");
    let compacted = IndexWriter::new(dir).compact(&progress);
    drop(lines);
    match compacted {
        Ok(done) if done.segments < 2 => {
            eprintln!("chess960: one segment: nothing to merge");
            ExitCode::SUCCESS
        }
        Ok(done) => {
            let mib = |bytes: u64| bytes as f64 / f64::from(1 << 20);
            eprintln!(
                "chess960: {} segments merged into one in {:.1} s: {:.1} MiB → {:.1} MiB",
                done.segments,
                started.elapsed().as_secs_f64(),
                mib(done.bytes_before),
                mib(done.bytes_after)
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("chess960: {err}");
            ExitCode::FAILURE
        }
    }
}
