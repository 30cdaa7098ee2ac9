//! `chess960 draw`: an event draw from a seed text, written in any list format. The draw
//! itself is the library's: `Book::draws` (distinct) or `Book::pick` (with repeats), driven by
//! `SeedWords`; from an eval file's window (`--evals`), the same picks over its list.

use chess960::numbering::Numbering;
use std::io::{self, Write};
use std::process::ExitCode;

use chess960::book::{Book, BookEntry};
use chess960::draw::{DrawError, SeedWords, pick_index};

use crate::args::DrawArgs;
use crate::balance;
use crate::report::report;

/// What the library says when the draws cannot be made, and for too many distinct draws the
/// option that allows them.
pub fn check(book: Book, count: u64, repeats: bool) -> Result<(), String> {
    book.check_draws(count, repeats).map_err(explain)
}

/// A draw's error, and for too many distinct draws the option that allows them.
fn explain(err: DrawError) -> String {
    match err {
        DrawError::TooMany { .. } => {
            format!("{err} (--allow-repeats lets a candidate come again)")
        }
        _ => err.to_string(),
    }
}

/// Checks the options, then writes every draw; nothing is written when a draw cannot be made.
pub fn run(out: &mut impl Write, args: &DrawArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let Some(book) = args.list.book(args.dfrc, numbering)? else {
        return Ok(ExitCode::FAILURE);
    };
    let windowed = match &args.evals.evals {
        None => None,
        Some(path) => match balance::candidates(path, &args.evals, book.positions()) {
            Some(windowed) => Some(windowed),
            None => return Ok(ExitCode::FAILURE),
        },
    };
    let checked = match &windowed {
        None => check(book, args.count, args.allow_repeats),
        Some((candidates, _)) => check_list(candidates.len(), args.count, args.allow_repeats),
    };
    if let Err(err) = checked {
        report(&err);
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
    if let Some((candidates, dfrc)) = windowed {
        let listing = args.list.listing(args.format, numbering, dfrc, true);
        let draws = from_list(candidates, words, args.allow_repeats).take(count);
        listing.write_all(out, draws, args.count)?;
        return Ok(ExitCode::SUCCESS);
    }
    let listing = args.list.listing(args.format, numbering, args.dfrc, true);
    if args.allow_repeats {
        let draws = std::iter::from_fn(|| book.pick(&mut words)).take(count);
        listing.write_all(out, draws, args.count)
    } else {
        listing.write_all(out, book.many_draws(words).take(count), args.count)
    }?;
    Ok(ExitCode::SUCCESS)
}

/// [`check`] for candidates in a list (an eval file's window).
fn check_list(candidates: usize, count: u64, repeats: bool) -> Result<(), String> {
    let candidates = candidates as u64;
    if count > 0 && candidates == 0 {
        Err("no candidates: no position of --evals is inside the windows".to_owned())
    } else if !repeats && count > candidates {
        Err(explain(DrawError::TooMany { count, candidates }))
    } else {
        Ok(())
    }
}

/// Draws from `candidates` as the library draws from a book: each word picks an index by
/// [`pick_index`], and without repeats the drawn candidate leaves, the rest keeping their
/// order.
fn from_list(
    mut candidates: Vec<BookEntry>,
    mut words: SeedWords,
    repeats: bool,
) -> impl Iterator<Item = BookEntry> {
    std::iter::from_fn(move || {
        let index = usize::try_from(pick_index(candidates.len() as u64, &mut words)?).ok()?;
        if repeats {
            candidates.get(index).copied()
        } else if index < candidates.len() {
            Some(candidates.remove(index))
        } else {
            None
        }
    })
}

/// A fresh seed text: 32 hex digits (128 bits) of the system's randomness.
fn random_seed_text() -> Result<String, getrandom::Error> {
    let mut bytes = [0; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}
