//! `chess960 index`: PGN files added to an explorer on disk (`chess960_explorer`), with a
//! bar and a summary on stderr; the files an index holds; evaluations added (`evals.rs`).

mod evals;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess960_explorer::{AddOptions, Added, Index};
use chess960_pgn::tree::GameCount;

use crate::args::{IndexArgs, IndexCommand, Threads};
use crate::progress::{ByteProgress, total_bytes};

/// Runs `index add`, `index evals` or `index files`.
pub fn run(out: &mut impl Write, args: &IndexArgs) -> io::Result<ExitCode> {
    match &args.command {
        IndexCommand::Add {
            index,
            files,
            threads,
        } => Ok(add(index, files, *threads)),
        IndexCommand::Files { index } => files(out, index),
        IndexCommand::Evals { index, files, mix } => Ok(evals::add(index, files, *mix)),
    }
}

/// Adds `files` to the index in `dir`, and says what was done.
fn add(dir: &Path, files: &[PathBuf], threads: Threads) -> ExitCode {
    let progress = chess960_pgn::Progress::default();
    let bar = ByteProgress::new(total_bytes(files), progress.clone());
    let started = std::time::Instant::now();
    let options = AddOptions::default().threads(threads.count);
    let added = Index::add_with(dir, files, &progress, options);
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
    for (count, why) in [
        (
            added.already_indexed,
            "already in the index (same lichess id)",
        ),
        (n.no_start, "of no Chess960 start"),
        (n.unfinished, "unfinished"),
    ] {
        if count > 0 {
            line.push_str(&format!("; {} {why}", GameCount(count)));
        }
    }
    if n.illegal > 0 {
        line.push_str(&format!(
            "; {} counted up to a move that cannot be played",
            GameCount(n.illegal)
        ));
    }
    if added.repacked && !added.compacted {
        line.push_str("; not compacted (another process was reading it)");
    }
    line
}

/// Lists the files of the index in `dir`.
fn files(out: &mut impl Write, dir: &Path) -> io::Result<ExitCode> {
    let listed = match Index::open(dir).and_then(|index| index.files()) {
        Ok(listed) => listed,
        Err(err) => {
            eprintln!("chess960: {err}");
            return Ok(ExitCode::FAILURE);
        }
    };
    for file in listed {
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            file.number,
            file.games,
            file.sha256_hex(),
            file.added,
            file.name
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
