//! `chess960 index verify`: every file of an index read and checked, with a bar (or cron's
//! lines) on stderr, then what was checked, or the first damaged file and what is wrong.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chess960_explorer::Index;

use super::writing::stop_on_interrupt;
use crate::progress::ByteProgress;

/// Verifies the index in `dir`, and says what was checked, or what is damaged.
pub(super) fn verify(dir: &Path) -> ExitCode {
    let progress = chess960_pgn::Progress::default();
    stop_on_interrupt(&progress);
    let started = std::time::Instant::now();
    let done = Arc::new(AtomicU64::new(0));
    let verified = Index::open(dir).and_then(|index| {
        let total = index.bytes()?.iter().map(|(_, bytes)| bytes).sum();
        let bar = ByteProgress::counted(total, Arc::clone(&done), "verified");
        let verified = index.verify_with(&progress, |so_far| {
            done.store(so_far.bytes, Ordering::Relaxed);
        });
        drop(bar);
        verified
    });
    match verified {
        Ok(verified) => {
            eprintln!(
                "chess960: {}: verified in {:.1} s: {verified}",
                dir.display(),
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("chess960: {err}");
            ExitCode::FAILURE
        }
    }
}
