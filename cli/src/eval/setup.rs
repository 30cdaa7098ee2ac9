//! What every `eval` run takes from its options: the driver's settings, the records'
//! format, and the summary on stderr at the end.

use std::io::{self, Write};
use std::path::Path;

use std::process::ExitCode;

use chess960_engine::{Engine, FailureKind, RecordFormat, RunError, RunOptions, Settings};

use crate::args::{EvalArgs, EvalFormat};
use crate::report::usage;

/// The driver's settings from the options.
pub fn settings(args: &EvalArgs) -> Settings {
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
pub fn record_format(args: &EvalArgs) -> Option<RecordFormat> {
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

/// How a run of `total` positions ended with `done` of them done: exit code 2 when the
/// engine stopped it, 1 when a position failed, else 0; the summary on stderr.
pub fn finish(
    ran: Result<(), RunError<io::Error>>,
    program: &str,
    (done, total): (usize, usize),
    failed: &[FailureKind],
    file: (usize, usize),
    out: Option<&Path>,
) -> io::Result<ExitCode> {
    match ran {
        Ok(()) => {}
        Err(RunError::Each(err)) => return Err(err),
        Err(err) => {
            let left = total - done;
            return Ok(usage(&format!(
                "--engine {program}: {err}; stopped with {left} positions not evaluated"
            )));
        }
    }
    summary(done, failed, file, out);
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
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

/// The first engine of a run, started to learn its name; a usage error if it cannot start.
/// An engine without `UCI_Chess960` is warned about.
pub fn first_engine(settings: &Settings) -> Result<Engine, ExitCode> {
    let program = settings.program.display().to_string();
    let first =
        Engine::start(settings).map_err(|err| usage(&format!("--engine {program}: {err}")))?;
    if !first.offers_chess960() {
        let _ = writeln!(
            io::stderr().lock(),
            "warning: --engine {program}: {} has no UCI_Chess960 option, so it may play \
             standard chess's castling; its moves are checked as Chess960 moves",
            first.name()
        );
    }
    Ok(first)
}

/// Engines at once (`--jobs`, else the cores), retries and start failures.
pub fn run_options(args: &EvalArgs) -> RunOptions {
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    RunOptions::default()
        .jobs(jobs)
        .retries(args.retries)
        .max_start_failures(args.max_start_failures)
}
