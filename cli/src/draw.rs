//! `chess960 draw`: an event draw from a seed text, written as text, CSV or JSON.

use std::io::{self, Write};
use std::process::ExitCode;

use chess960::{PositionSet, StartingPosition};
use chess960_cli::event_draw::{Drawn, EventDraw};
use chess960_cli::seed_words::{SeedWords, random_seed_text};

use crate::answer::report;
use crate::args::{DrawArgs, DrawFormat, NumberingArg};
use crate::exclude;

/// Checks the options, then writes every draw; nothing is written when a draw cannot be made.
pub fn run(out: &mut impl Write, args: &DrawArgs, numbering: NumberingArg) -> io::Result<ExitCode> {
    let Some(mut excluded) = exclude::excluded(&args.exclude, numbering.numbering()) else {
        return Ok(ExitCode::FAILURE);
    };
    if args.exclude_standard {
        excluded = excluded.union(PositionSet::STANDARD_PAIR);
    }
    let event = EventDraw {
        allowed: excluded.complement(),
        dfrc: args.dfrc,
        repeats: args.allow_repeats,
    };
    if let Err(err) = event.check(args.count) {
        report(&err.to_string());
        return Ok(ExitCode::FAILURE);
    }
    let seed_text = match &args.seed_text {
        Some(text) => text.clone(),
        None => match random_seed_text() {
            Ok(text) => {
                writeln!(io::stderr().lock(), "seed text: {text}")?;
                text
            }
            Err(err) => {
                report(&format!(
                    "reading the system's randomness for a seed text: {err}"
                ));
                return Ok(ExitCode::FAILURE);
            }
        },
    };
    let draws = match event.first(args.count, SeedWords::new(&seed_text)) {
        Ok(draws) => draws,
        Err(err) => {
            report(&err.to_string());
            return Ok(ExitCode::FAILURE);
        }
    };
    write(out, draws, args.format, args.dfrc, numbering)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `draws` in `format`, numbering positions per `numbering`.
fn write(
    out: &mut impl Write,
    draws: impl Iterator<Item = Drawn>,
    format: DrawFormat,
    dfrc: bool,
    numbering: NumberingArg,
) -> io::Result<()> {
    let column = numbering.column();
    let numbering = numbering.numbering();
    let number = |sp: StartingPosition| sp.number(numbering);
    let mut draws = (1u64..).zip(draws).peekable();
    match format {
        DrawFormat::Text => {
            for (_, drawn) in draws {
                match drawn {
                    Drawn::Position(sp) => writeln!(out, "{} {sp}", number(sp))?,
                    Drawn::Pair(pair) => {
                        let (white, black) = (pair.white(), pair.black());
                        writeln!(out, "{} {white} {} {black}", number(white), number(black))?;
                    }
                }
            }
        }
        DrawFormat::Csv => {
            if dfrc {
                writeln!(
                    out,
                    "draw,white_{column},white_rank,black_{column},black_rank"
                )?;
            } else {
                writeln!(out, "draw,{column},rank")?;
            }
            for (ordinal, drawn) in draws {
                match drawn {
                    Drawn::Position(sp) => writeln!(out, "{ordinal},{},{sp}", number(sp))?,
                    Drawn::Pair(pair) => {
                        let (white, black) = (pair.white(), pair.black());
                        writeln!(
                            out,
                            "{ordinal},{},{white},{},{black}",
                            number(white),
                            number(black)
                        )?;
                    }
                }
            }
        }
        DrawFormat::Json => {
            writeln!(out, "[")?;
            while let Some((ordinal, drawn)) = draws.next() {
                let comma = if draws.peek().is_some() { "," } else { "" };
                match drawn {
                    Drawn::Position(sp) => writeln!(
                        out,
                        "  {{\"draw\": {ordinal}, \"{column}\": {}, \"rank\": \"{sp}\"}}{comma}",
                        number(sp)
                    )?,
                    Drawn::Pair(pair) => {
                        let (white, black) = (pair.white(), pair.black());
                        writeln!(
                            out,
                            "  {{\"draw\": {ordinal}, \"white_{column}\": {}, \"white_rank\": \"{white}\", \"black_{column}\": {}, \"black_rank\": \"{black}\"}}{comma}",
                            number(white),
                            number(black)
                        )?;
                    }
                }
            }
            writeln!(out, "]")?;
        }
    }
    Ok(())
}
