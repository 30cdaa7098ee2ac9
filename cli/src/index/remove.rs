//! `chess960 index remove`: a file's games taken out of an index, with progress lines from
//! cron and a summary on stderr.

use std::path::Path;
use std::process::ExitCode;

use chess960_explorer::{FileRef, IndexWriter};
use chess960_pgn::tree::GameCount;

use super::writing::{stop_on_interrupt, written_lines};

/// Takes the file `file` names out of the index in `dir`, and says what was done.
pub(super) fn remove(dir: &Path, file: &str) -> ExitCode {
    let progress = chess960_pgn::Progress::default();
    stop_on_interrupt(&progress);
    let started = std::time::Instant::now();
    let Ok(file) = file.parse::<FileRef>();
    let lines = written_lines(dir, "removing");
    let removed = IndexWriter::new(dir).remove(&file, &progress);
    drop(lines);
    match removed {
        Ok(removed) => {
            let segments = |n: usize| match n {
                1 => "1 segment".to_owned(),
                n => format!("{n} segments"),
            };
            let mut done = format!("{} written again", segments(removed.segments));
            if removed.dropped > 0 {
                let left = removed.segments - removed.dropped;
                done = match left {
                    0 => format!("{} dropped (no game left)", segments(removed.dropped)),
                    _ => format!(
                        "{} written again, {} dropped (no game left)",
                        segments(left),
                        segments(removed.dropped)
                    ),
                };
            }
            eprintln!(
                "chess960: removed file {} ({}): {} taken out, {done} in {:.1} s",
                removed.file.number,
                removed.file.name,
                GameCount(removed.games),
                started.elapsed().as_secs_f64()
            );
            for file in &removed.also_held {
                eprintln!(
                    "chess960: note: file {} ({}) passed over {} already in the index when it was added; those that were file {}'s are counted for no file now: `chess960 index add --index {} --replace {} FILE` with that file counts them again",
                    file.number,
                    file.name,
                    GameCount(file.already),
                    removed.file.number,
                    dir.display(),
                    file.number
                );
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("chess960: {err}");
            ExitCode::FAILURE
        }
    }
}
