//! `chess960 index`: PGN files added to an explorer on disk (`chess960_explorer`), with a
//! bar and a summary on stderr; its segments merged; a file's games taken out
//! (`remove.rs`); the files an index holds (`files.rs`); evaluations added (`evals.rs`).

mod evals;
mod files;
mod remove;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess960_explorer::{AddOptions, Added, FileRef, Index, IndexWriter};
use chess960_pgn::tree::GameCount;

use crate::args::{IndexArgs, IndexCommand};
use crate::progress::{ByteProgress, total_bytes};

/// Runs `index add`, `index evals` or `index files`.
pub fn run(out: &mut impl Write, args: &IndexArgs) -> io::Result<ExitCode> {
    match &args.command {
        IndexCommand::Add {
            index,
            files,
            threads,
            memory,
            allow_empty,
            replace,
        } => {
            let mut options = AddOptions::default()
                .threads(threads.count)
                .memory(memory.saturating_mul(1 << 20))
                .allow_empty(*allow_empty);
            if let Some(replace) = replace {
                let Ok(file) = replace.parse::<FileRef>();
                let found = Index::open(index).and_then(|opened| opened.find_file(&file));
                match found {
                    Ok(found) => options = options.replace(found.number),
                    Err(err) => {
                        eprintln!("chess960: --replace: {err}");
                        return Ok(ExitCode::FAILURE);
                    }
                }
            }
            Ok(add(index, files, options))
        }
        IndexCommand::Compact { index } => Ok(compact(index)),
        IndexCommand::Remove { index, file } => Ok(remove::remove(index, file)),
        IndexCommand::Files { index, format } => files::list(out, index, *format),
        IndexCommand::Evals { index, files, mix } => Ok(evals::add(index, files, *mix)),
    }
}

/// Stops `progress` on Ctrl-C (SIGINT) or SIGTERM, so that the work ends as a failure does,
/// its temporary files removed.
fn stop_on_interrupt(progress: &chess960_pgn::Progress) {
    let progress = progress.clone();
    // Only one handler a process: a second call keeps the first (the same work).
    let _ = ctrlc::set_handler(move || progress.stop());
}

/// Adds `files` to the index in `dir`, and says what was done.
fn add(dir: &Path, files: &[PathBuf], options: AddOptions) -> ExitCode {
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

/// Merges the segments of the index in `dir`, and says what was done.
fn compact(dir: &Path) -> ExitCode {
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

/// Progress lines from cron while a writer `doing` writes segments in the index in `dir`:
/// their bytes written so far, against the segments'.
fn written_lines(dir: &Path, doing: &'static str) -> ByteProgress {
    let before = bytes_under(dir, "seg-");
    let index = dir.to_owned();
    ByteProgress::lines(move || {
        let written = bytes_under(&index, "tmp-");
        (written, move |rate: f64| {
            format!(
                "{doing}: {} MiB written of about {} MiB, {:.1} MiB a second",
                written >> 20,
                before >> 20,
                rate / f64::from(1 << 20)
            )
        })
    })
}

/// The bytes of the files in the folders of `dir` whose names begin with `prefix`, and in
/// theirs (0 for what cannot be read).
fn bytes_under(dir: &Path, prefix: &str) -> u64 {
    fn size(path: &Path) -> u64 {
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => std::fs::read_dir(path).map_or(0, |entries| {
                entries.flatten().map(|entry| size(&entry.path())).sum()
            }),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        }
    }
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .filter(|entry| entry.file_name().to_string_lossy().starts_with(prefix))
            .map(|entry| size(&entry.path()))
            .sum()
    })
}
