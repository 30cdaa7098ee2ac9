//! `chess960 eval`: starts or pairs evaluated by a UCI engine, a record each, in input order;
//! a thin client of `chess960-engine` (the driver, the records, the shards). This module runs
//! the engines and writes the records, `positions.rs` gathers what to evaluate, `file.rs`
//! keeps the `--out` file.

mod analyse;
mod file;
mod kinds;
mod positions;
mod setup;

use std::io::{self, Write};
use std::process::ExitCode;

use chess960::DoubleStartingPosition;
use chess960::book::BookEntry;
use chess960::numbering::Numbering;
use chess960_engine::{
    FailureKind, Positions, Record, RecordFormat, evaluate_all, write_csv_header,
};

use crate::args::EvalArgs;
use crate::progress::Progress;
use crate::report::usage;
use file::{emit, open_out};
use kinds::Starts;
use positions::{Gathered, gather};
use setup::{finish, first_engine, record_format, run_options, settings};

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
    if args.from_index.is_some() {
        return analyse::run(out, args, format);
    }
    if args.min_games.is_some() || args.plies.is_some() || args.multipv.is_some() {
        return Ok(usage(
            "--min-games, --plies and --multipv choose and analyse an index's positions: \
             give --from-index DIR",
        ));
    }
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
    let first = match first_engine(&settings) {
        Ok(engine) => engine,
        Err(code) => return Ok(code),
    };
    let engine = first.name().to_owned();
    let run = Starts {
        format,
        dfrc,
        limit: settings.limit,
        engine: &engine,
    };
    let mut file = match open_out(args.out.as_deref(), &run) {
        Ok(file) => file,
        Err(err) => return Ok(usage(&err)),
    };
    let (skipped, retried) = file
        .as_ref()
        .map_or((0, 0), |file| file.skip_done(&mut entries));
    if file.is_none() && format == RecordFormat::Csv {
        write_csv_header(out, Positions::pairs_if(dfrc))?;
    }
    let options = run_options(args);
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
            emit(&mut file, out, format, |line, format| {
                record.write(line, format, Positions::pairs_if(dfrc))
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
    finish(
        ran,
        &program,
        (done, entries.len()),
        &failed,
        (skipped, retried),
        args.out.as_deref(),
    )
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
