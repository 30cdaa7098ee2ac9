//! `chess960 eval --from-index`: the positions an explorer's index holds, analysed by a UCI
//! engine with `--multipv` lines each, most played first; the records a row a line.

use std::io::{self, Write};
use std::process::ExitCode;

use chess960_engine::{AnalysisRecord, FailureKind, Position, RecordFormat, analyse_all};
use chess960_explorer::Index;

use super::file::{emit, open_out};
use super::kinds::Analyses;
use super::setup::{finish, first_engine, run_options, settings};
use crate::args::EvalArgs;
use crate::progress::Progress;
use crate::report::usage;

/// Analyses the positions of `--from-index` and writes their records to `out` or `--out`.
pub fn run(out: &mut impl Write, args: &EvalArgs, format: RecordFormat) -> io::Result<ExitCode> {
    let Some(dir) = &args.from_index else {
        return Ok(usage(
            "--from-index DIR: the index whose positions to analyse",
        ));
    };
    let mut positions = match positions(args) {
        Ok(positions) => positions,
        Err(why) => return Ok(usage(&why)),
    };
    if positions.is_empty() {
        return Ok(usage(&format!(
            "nothing to evaluate: no position of {} at most {} plies from a start has {} \
             games or more (--plies, --min-games)",
            dir.display(),
            args.plies(),
            args.min_games()
        )));
    }
    if let Some(shard) = args.shard {
        let range = shard.range(positions.len());
        positions = positions.drain(range).collect();
    }
    let settings = settings(args);
    let program = settings.program.display().to_string();
    let threads = settings.threads();
    let first = match first_engine(&settings) {
        Ok(engine) => engine,
        Err(code) => return Ok(code),
    };
    let engine = first.name().to_owned();
    let run = Analyses {
        format,
        limit: settings.limit,
        threads,
        lines: args.multipv(),
        engine: &engine,
    };
    let mut file = match open_out(args.out.as_deref(), &run) {
        Ok(file) => file,
        Err(err) => return Ok(usage(&err)),
    };
    let (skipped, retried) = file
        .as_ref()
        .map_or((0, 0), |file| file.skip_done(&mut positions));
    if file.is_none() && format == RecordFormat::Csv {
        AnalysisRecord::write_csv_header(out)?;
    }
    let mut progress = Progress::each(positions.len() as u64, "positions");
    let mut failed: Vec<FailureKind> = Vec::new();
    let mut done = 0;
    let ran = analyse_all(
        &settings,
        run_options(args),
        Some(first),
        &positions,
        args.multipv(),
        |position, outcome| {
            if let Err(failure) = &outcome {
                failed.push(failure.kind);
                progress.say(&format!("chess960 eval: {position}: {failure}"));
            }
            let record = AnalysisRecord::new(
                position.clone(),
                engine.clone(),
                settings.limit,
                threads,
                outcome,
            )
            .dated(&crate::dates::today());
            emit(&mut file, out, format, |line, format| {
                record.write(line, format)
            })?;
            progress.tick();
            done += 1;
            Ok::<(), io::Error>(())
        },
    );
    drop(progress);
    if let Some(file) = file.take() {
        file.close()?;
    }
    let file = (skipped, retried);
    finish(
        ran,
        &program,
        (done, positions.len()),
        &failed,
        file,
        args.out.as_deref(),
    )
}

/// The index's positions `args` asks for, most played first; or why there are none.
fn positions(args: &EvalArgs) -> Result<Vec<Position>, String> {
    let dir = args
        .from_index
        .as_deref()
        .unwrap_or(std::path::Path::new("."));
    let index = Index::open(dir).map_err(|err| format!("--from-index: {err}"))?;
    let reached = index
        .positions(args.min_games(), args.plies())
        .map_err(|err| format!("--from-index: {err}"))?;
    reached
        .into_iter()
        .map(|reached| {
            reached
                .fen
                .parse::<Position>()
                .map_err(|err| format!("--from-index: {err}"))
        })
        .collect()
}
