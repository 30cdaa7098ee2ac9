//! `chess960 eval`: starts or pairs evaluated by a UCI engine, a record each, in input order;
//! a thin client of `chess960-engine` (the driver, the records, the shards). This module runs
//! the engines and writes the records, `positions.rs` gathers what to evaluate, `file.rs`
//! keeps the `--out` file.

mod file;
mod positions;

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use chess960::DoubleStartingPosition;
use chess960::book::BookEntry;
use chess960::numbering::Numbering;
use chess960_engine::{
    Engine, FailureKind, Positions, Record, RecordFormat, RunError, RunOptions, Settings,
    evaluate_all, write_csv_header,
};

use crate::args::{EvalArgs, EvalFormat};
use crate::progress::Progress;
use crate::report::usage;
use file::{EvalFile, Run};
use positions::{Gathered, gather};

/// Evaluates every position `args` names and writes their records to `out` or `--out`.
/// Exit code 1 if a position failed (its record says why), 2 if the run could not start or
/// was stopped (nothing to evaluate, an engine that cannot start, an `--out` file of another
/// run).
pub fn run(out: &mut impl Write, args: &EvalArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let Some(format) = record_format(args) else {
        return Ok(usage(
            "--out writes CSV or JSON Lines, which a second run reads back: --format csv or json",
        ));
    };
    let positions = match gather(args, numbering)? {
        Gathered::Positions(positions) => positions,
        Gathered::BadPos => return Ok(ExitCode::FAILURE),
        Gathered::Nothing(why) => return Ok(usage(why)),
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
    let program = settings.program.display().to_string();
    let first = match Engine::start(&settings) {
        Ok(engine) => engine,
        Err(err) => return Ok(usage(&format!("--engine {program}: {err}"))),
    };
    if !first.offers_chess960() {
        let _ = writeln!(
            io::stderr().lock(),
            "warning: --engine {program}: {} has no UCI_Chess960 option, so it may play \
             standard chess's castling; its moves are checked as Chess960 moves",
            first.name()
        );
    }
    let engine = first.name().to_owned();
    let mut file = match &args.out {
        None => None,
        Some(path) => {
            let run = Run {
                format,
                dfrc,
                limit: settings.limit,
                engine: &engine,
            };
            match EvalFile::open(path, &run) {
                Ok(file) => Some(file),
                Err(err) => return Ok(usage(&err)),
            }
        }
    };
    let (skipped, retried) = file
        .as_ref()
        .map_or((0, 0), |file| file.skip_done(&mut entries));
    if file.is_none() && format == RecordFormat::Csv {
        write_csv_header(out, Positions::pairs_if(dfrc))?;
    }
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    let options = RunOptions::default()
        .jobs(jobs)
        .retries(args.retries)
        .max_start_failures(args.max_start_failures);
    let mut progress = Progress::each(entries.len() as u64, "positions");
    let mut failed: Vec<FailureKind> = Vec::new();
    let mut done = 0;
    let ran = evaluate_all(
        &settings,
        options,
        Some(first),
        &entries,
        |position, outcome| {
            if let Err(failure) = &outcome {
                failed.push(failure.kind);
                progress.say(&format!("chess960 eval: {}: {failure}", shown(position)));
            }
            let record = Record::new(position, engine.clone(), settings.limit, outcome);
            match &mut file {
                Some(file) => file.append(&record)?,
                None => {
                    record.write(out, format, Positions::pairs_if(dfrc))?;
                    out.flush()?;
                }
            }
            progress.tick();
            done += 1;
            Ok::<(), io::Error>(())
        },
    );
    drop(progress);
    if let Some(file) = file.take() {
        file.close()?;
    }
    match ran {
        Ok(()) => {}
        Err(RunError::Each(err)) => return Err(err),
        Err(err) => {
            let left = entries.len() - done;
            return Ok(usage(&format!(
                "--engine {program}: {err}; stopped with {left} positions not evaluated"
            )));
        }
    }
    summary(done, &failed, (skipped, retried), args.out.as_deref());
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `105 QNRBBNKR`, or a pair's `105 QNRBBNKR 451 BRNNKQRB`.
fn shown(position: BookEntry) -> String {
    let pair = position.pair();
    let (white, black) = (pair.white(), pair.black());
    match position {
        BookEntry::Dfrc(_) => format!("{} {white} {} {black}", white.id(), black.id()),
        _ => format!("{} {white}", white.id()),
    }
}

/// The driver's settings from the options.
fn settings(args: &EvalArgs) -> Settings {
    let mut settings = Settings::new(&args.engine, args.limit());
    settings.args.clone_from(&args.engine_args);
    settings.options.clone_from(&args.options);
    settings.castling = args.castling.notation();
    settings.timeouts.uciok = args.uci_timeout;
    settings.timeouts.readyok = args.uci_timeout;
    settings.timeouts.search = args.timeout;
    settings.timeouts.grace = args.grace;
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

/// On stderr, when anything failed or was skipped: how the run went.
fn summary(evaluated: usize, failed: &[FailureKind], file: (usize, usize), out: Option<&Path>) {
    let (skipped, retried) = file;
    if failed.is_empty() && skipped == 0 && retried == 0 {
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
    if let Some(out) = out {
        if skipped > 0 {
            line += &format!("; {skipped} already in {}", out.display());
        }
        if retried > 0 {
            line += &format!("; {retried} failed there before and were tried again");
        }
    }
    let _ = writeln!(io::stderr().lock(), "{line}");
}
