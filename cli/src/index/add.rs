//! `chess960 index add`: PGN files added to an index, with a bar and a summary on stderr.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess960_explorer::{AddOptions, Added, IndexWriter};
use chess960_pgn::tree::GameCount;

use super::writing::stop_on_interrupt;
use crate::progress::{ByteProgress, total_bytes};

/// Adds `files` to the index in `dir`, and says what was done.
pub(super) fn add(dir: &Path, files: &[PathBuf], options: AddOptions) -> ExitCode {
    let progress = chess960_pgn::Progress::default();
    stop_on_interrupt(&progress);
    let bar = ByteProgress::logged(total_bytes(files), progress.clone());
    let started = std::time::Instant::now();
    let added = IndexWriter::new(dir).add_with(files, &progress, options);
    drop(bar);
    match added {
        Ok(added) => {
            eprintln!("chess960: {}", summary(&added, started.elapsed()));
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("chess960: {err}");
            ExitCode::FAILURE
        }
    }
}

/// One line: what an add counted, and what it did not and why.
fn summary(added: &Added, took: std::time::Duration) -> String {
    let n = added.not_counted;
    let mut line = format!(
        "{} read, {} counted in {:.1} s",
        GameCount(added.read),
        GameCount(added.counted),
        took.as_secs_f64()
    );
    if let Some((file, games)) = &added.replaced {
        line.push_str(&format!(
            "; replacing file {} ({}), its {} taken out",
            file.number,
            file.name,
            GameCount(*games)
        ));
    }
    if added.already_indexed > 0 {
        let already = GameCount(added.already_indexed);
        line.push_str(&format!("; {already} already in the index"));
    }
    if n.no_start + n.unfinished > 0 {
        line.push_str(&format!("; {n}"));
    }
    if n.illegal > 0 {
        line.push_str(&format!(
            "; {} counted up to a move that cannot be played",
            GameCount(n.illegal)
        ));
    }
    if added.runs > 0 {
        let runs = match added.runs {
            1 => "run".to_owned(),
            n => format!("{n} runs"),
        };
        line.push_str(&format!(
            "; positions sorted past --memory, in {runs} on disk"
        ));
    }
    if added.merged > 0 {
        line.push_str(&format!("; {} segments merged", added.merged));
    }
    if let Some(why) = &added.not_merged {
        line.push_str(&format!("; added, its segment not merged: {why}"));
    }
    line
}
