//! `chess960 eval`: starts or pairs evaluated by a UCI engine, a record each, in input order;
//! a thin client of `chess960-engine` (the driver, the records, the shards). This module
//! gathers the positions, `file.rs` keeps the `--out` file.

mod file;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use chess960::book::{Book, BookEntry};
use chess960::numbering::Numbering;
use chess960::{DoubleStartingPosition, fen::CastlingNotation};
use chess960_engine::{
    Engine, FailureKind, Record, RecordFormat, RunOptions, Settings, StartError, Timeouts,
    evaluate_all, write_csv_header,
};

use crate::answer;
use crate::args::{EvalArgs, EvalFormat};
use crate::progress::Progress;
use crate::report::{report, usage};
use file::{EvalFile, Run};

/// Evaluates every position `args` names and writes their records to `out` or `--out`.
pub fn run(out: &mut impl Write, args: &EvalArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let Some(format) = record_format(args) else {
        return Ok(usage(
            "--out writes CSV or JSON Lines, which a second run reads back: --format csv or json",
        ));
    };
    let Some(positions) = positions(args, numbering)? else {
        return Ok(ExitCode::FAILURE);
    };
    let dfrc = args.dfrc || positions.iter().any(|pair| pair.single().is_none());
    let entry = |pair: DoubleStartingPosition| match dfrc {
        true => BookEntry::Dfrc(pair),
        false => BookEntry::Chess960(pair.white()),
    };
    let mut entries: Vec<BookEntry> = positions.into_iter().map(entry).collect();
    if let Some(shard) = args.shard {
        let range = shard.range(entries.len());
        entries = entries.drain(range).collect();
    }
    let settings = settings(args);
    let Ok(first) = first_engine(&settings) else {
        return Ok(ExitCode::FAILURE);
    };
    let engine = match &first {
        Some(engine) => engine.name().to_owned(),
        None => settings.program_name(),
    };
    let mut file = match &args.out {
        None => None,
        Some(path) => {
            let run = Run {
                format,
                dfrc,
                limit: settings.limit,
                engine: first.as_ref().map(Engine::name),
            };
            match EvalFile::open(path, &run) {
                Ok(file) => Some(file),
                Err(err) => {
                    report(&err);
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
    };
    let skipped = file.as_mut().map_or(0, |file| file.skip_done(&mut entries));
    if file.is_none() && format == RecordFormat::Csv {
        write_csv_header(out, dfrc)?;
    }
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    let options = RunOptions {
        jobs,
        retries: args.retries,
    };
    let mut progress = Progress::each(entries.len() as u64, "positions");
    let mut failed: Vec<FailureKind> = Vec::new();
    evaluate_all(&settings, options, first, &entries, |position, outcome| {
        if let Err(failure) = &outcome {
            failed.push(failure.kind);
        }
        let record = Record {
            position,
            engine: engine.clone(),
            limit: settings.limit,
            outcome,
        };
        match &mut file {
            Some(file) => file.append(&record)?,
            None => {
                record.write(out, format, dfrc)?;
                out.flush()?;
            }
        }
        progress.tick();
        Ok::<(), io::Error>(())
    })?;
    drop(progress);
    if let Some(file) = &mut file {
        file.sync()?;
    }
    summary(entries.len(), &failed, skipped, args.out.as_deref());
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The positions of the arguments, or without any, of stdin when it is a pipe or a file, or
/// else the whole book (a terminal, `/dev/null` in a batch job); `None` once a bad POS has
/// been reported.
fn positions(
    args: &EvalArgs,
    numbering: Numbering,
) -> io::Result<Option<Vec<DoubleStartingPosition>>> {
    let mut named: Vec<OsString> = args.positions.clone();
    if named.is_empty() {
        if !stdin_has_lines() {
            let book = if args.dfrc {
                Book::DFRC
            } else {
                Book::CHESS960
            };
            return Ok(Some(book.entries().map(BookEntry::pair).collect()));
        }
        named.push("-".into());
    }
    let mut positions = Vec::new();
    let all_good = answer::all(&mut io::sink(), &named, numbering, |_, pair| {
        positions.push(pair);
        Ok(Ok(()))
    })?;
    Ok(all_good.then_some(positions))
}

/// Whether stdin is a pipe, a socket or a file, which hold lines to read.
#[cfg(unix)]
fn stdin_has_lines() -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::FileTypeExt;
    let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() else {
        return false;
    };
    std::fs::File::from(fd).metadata().is_ok_and(|meta| {
        let kind = meta.file_type();
        kind.is_fifo() || kind.is_socket() || kind.is_file()
    })
}

/// Whether stdin is not a terminal.
#[cfg(not(unix))]
fn stdin_has_lines() -> bool {
    use std::io::IsTerminal;
    !io::stdin().is_terminal()
}

/// The driver's settings from the options.
fn settings(args: &EvalArgs) -> Settings {
    let mut settings = Settings::new(&args.engine, args.limit());
    settings.args.clone_from(&args.engine_args);
    settings.options.clone_from(&args.options);
    settings.castling = CastlingNotation::from(args.castling.arg());
    settings.timeouts = Timeouts {
        uciok: Duration::from_secs_f64(args.uci_timeout),
        readyok: Duration::from_secs_f64(args.uci_timeout),
        search: Duration::from_secs_f64(args.timeout),
        ..Timeouts::default()
    };
    settings
}

/// The records' format: `--format`, or for `--out` by the file's extension; `None` for text
/// to a file, which no second run could read back.
fn record_format(args: &EvalArgs) -> Option<RecordFormat> {
    match (args.format, &args.out) {
        (Some(EvalFormat::Text), Some(_)) => None,
        (Some(EvalFormat::Text), None) | (None, None) => Some(RecordFormat::Text),
        (Some(EvalFormat::Csv), _) => Some(RecordFormat::Csv),
        (Some(EvalFormat::Json), _) => Some(RecordFormat::Json),
        (None, Some(path)) if path.extension().is_some_and(|ext| ext == "csv") => {
            Some(RecordFormat::Csv)
        }
        (None, Some(_)) => Some(RecordFormat::Json),
    }
}

/// The first engine, started to learn its name and check its options: `Ok(None)` if it
/// failed to start (each position is then tried on its own engine), `Err` once a reason to
/// stop has been reported (it cannot be run, or lacks an option).
fn first_engine(settings: &Settings) -> Result<Option<Engine>, ()> {
    match Engine::start(settings) {
        Ok(engine) => Ok(Some(engine)),
        Err(StartError::Failed(failure)) => {
            let program = settings.program.display();
            report(&format!(
                "--engine {program}: {failure}; each position is tried anyway"
            ));
            Ok(None)
        }
        Err(err) => {
            report(&format!("--engine {}: {err}", settings.program.display()));
            Err(())
        }
    }
}

/// On stderr, when anything failed or was skipped: how the run went.
fn summary(evaluated: usize, failed: &[FailureKind], skipped: usize, out: Option<&Path>) {
    if failed.is_empty() && skipped == 0 {
        return;
    }
    let mut line = format!(
        "chess960 eval: {} evaluated, {} failed",
        evaluated - failed.len(),
        failed.len()
    );
    let kinds: Vec<String> = FailureKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let n = failed.iter().filter(|&&k| k == kind).count();
            (n > 0).then(|| format!("{n} {kind}"))
        })
        .collect();
    if !kinds.is_empty() {
        line += &format!(" ({})", kinds.join(", "));
    }
    if let Some(out) = out.filter(|_| skipped > 0) {
        line += &format!("; {skipped} already in {}", out.display());
    }
    let _ = writeln!(io::stderr().lock(), "{line}");
}
