//! `chess960 draw`: an event draw from a seed text, written in any list format. The draw
//! itself is the library's: `Book::draws` (distinct) or `Book::pick` (with repeats), driven by
//! `SeedWords`.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use chess960::book::Book;
use chess960::draw::SeedWords;

use crate::args::{DrawArgs, NumberingArg};
use crate::report::report;

/// Why `count` draws cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawError {
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

/// Whether `count` draws (or `random` picks, which may repeat) can be made from `book`.
pub fn check(book: Book, count: u64, repeats: bool) -> Result<(), DrawError> {
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
    let Some(book) = args.list.book(args.dfrc, numbering)? else {
        return Ok(ExitCode::FAILURE);
    };
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
    let listing = args.list.listing(args.format, numbering, args.dfrc, true);
    if args.allow_repeats {
        let draws = std::iter::from_fn(|| book.pick(&mut words)).take(count);
        listing.write_all(out, draws, args.count)
    } else {
        listing.write_all(out, book.draws(words).take(count), args.count)
    }?;
    Ok(ExitCode::SUCCESS)
}

/// A fresh seed text: 32 hex digits (128 bits) of the system's randomness.
fn random_seed_text() -> Result<String, getrandom::Error> {
    let mut bytes = [0; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}
