//! `chess960 draw`: an event draw from a seed text, written as text, CSV or JSON. The draw
//! itself is the library's: `Book::draws` (distinct) or `Book::pick` (with repeats), driven by
//! `SeedWords`.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use chess960::StartingPosition;
use chess960::book::{Book, BookEntry};
use chess960::draw::SeedWords;
use chess960::set::PositionSet;

use crate::args::{DrawArgs, DrawFormat, NumberingArg};
use crate::exclude;
use crate::report::report;

/// Why `count` draws cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DrawError {
    /// More distinct draws than there are candidates.
    TooMany { count: u64, candidates: u64 },
    /// Draws, but every position is excluded.
    NoCandidates,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawError::TooMany { count, candidates } => write!(
                f,
                "{count} distinct draws asked for, but there are only {candidates} candidates \
                 (--allow-repeats lets a candidate come again)"
            ),
            DrawError::NoCandidates => f.write_str("no candidates: every position is excluded"),
        }
    }
}

/// Whether `count` draws can be made from `book`.
fn check(book: Book, count: u64, repeats: bool) -> Result<(), DrawError> {
    let candidates = book.len() as u64;
    if count > 0 && candidates == 0 {
        return Err(DrawError::NoCandidates);
    }
    if !repeats && count > candidates {
        return Err(DrawError::TooMany { count, candidates });
    }
    Ok(())
}

/// Checks the options, then writes every draw; nothing is written when a draw cannot be made.
pub fn run(out: &mut impl Write, args: &DrawArgs, numbering: NumberingArg) -> io::Result<ExitCode> {
    let Some(mut excluded) = exclude::excluded(&args.exclude, numbering.numbering()) else {
        return Ok(ExitCode::FAILURE);
    };
    if args.exclude_standard {
        excluded = excluded.union(PositionSet::STANDARD_PAIR);
    }
    let book = if args.dfrc {
        Book::DFRC
    } else {
        Book::CHESS960
    }
    .excluding(excluded);
    if let Err(err) = check(book, args.count, args.allow_repeats) {
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
    let count = usize::try_from(args.count).unwrap_or(usize::MAX);
    let mut words = SeedWords::new(&seed_text);
    if args.allow_repeats {
        let draws = std::iter::from_fn(|| book.pick(&mut words)).take(count);
        write(out, draws, args.format, args.dfrc, numbering)
    } else {
        write(
            out,
            book.draws(words).take(count),
            args.format,
            args.dfrc,
            numbering,
        )
    }?;
    Ok(ExitCode::SUCCESS)
}

/// A fresh seed text: 32 hex digits (128 bits) of the system's randomness.
fn random_seed_text() -> Result<String, getrandom::Error> {
    let mut bytes = [0; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// Writes `draws` in `format`, numbering positions per `numbering`.
fn write(
    out: &mut impl Write,
    draws: impl Iterator<Item = BookEntry>,
    format: DrawFormat,
    dfrc: bool,
    numbering: NumberingArg,
) -> io::Result<()> {
    let column = numbering.column();
    let numbering = numbering.numbering();
    let number = |sp: StartingPosition| numbering.number(sp);
    let mut draws = (1u64..).zip(draws).peekable();
    match format {
        DrawFormat::Text => {
            for (_, drawn) in draws {
                match drawn {
                    BookEntry::Chess960(sp) => writeln!(out, "{} {sp}", number(sp))?,
                    BookEntry::Dfrc(pair) => {
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
                    BookEntry::Chess960(sp) => writeln!(out, "{ordinal},{},{sp}", number(sp))?,
                    BookEntry::Dfrc(pair) => {
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
                    BookEntry::Chess960(sp) => writeln!(
                        out,
                        "  {{\"draw\": {ordinal}, \"{column}\": {}, \"rank\": \"{sp}\"}}{comma}",
                        number(sp)
                    )?,
                    BookEntry::Dfrc(pair) => {
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
