//! `chess960 index remove`: a file's games taken out of an index, with progress lines from
//! cron and a summary on stderr.

use std::path::Path;
use std::process::ExitCode;

use chess960_explorer::{FileRef, Index};
use chess960_pgn::tree::GameCount;

use super::{stop_on_interrupt, written_lines};

/// Takes the file `file` names out of the index in `dir`, and says what was done.
pub(super) fn remove(dir: &Path, file: &str) -> ExitCode {
    let progress = chess960_pgn::Progress::default();
    stop_on_interrupt(&progress);
    let started = std::time::Instant::now();
    let Ok(file) = file.parse::<FileRef>();
    let lines = written_lines(dir, "removing");
    let removed = Index::remove(dir, &file, &progress);
    drop(lines);
    match removed {
        Ok(removed) => {
            let segments = match removed.segments {
                1 => "1 segment".to_owned(),
                n => format!("{n} segments"),
            };
            eprintln!(
                "chess960: removed file {} ({}): {} taken out, {segments} written again in {:.1} s",
                removed.file.number,
                removed.file.name,
                GameCount(removed.games),
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
