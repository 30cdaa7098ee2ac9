//! `chess960 draw`: an event draw from a seed text, written in any list format. The draw
//! itself is the library's `Book::seeded_draws`; from an eval file's window (`--evals`), the
//! same picks (`pick_index`) over its list.

use chess960::numbering::Numbering;
use std::io::{self, Write};
use std::process::ExitCode;

use chess960::book::BookEntry;
use chess960::draw::{Repeats, SeedWords, check_count, pick_index};

use crate::args::DrawArgs;
use crate::balance;
use crate::report::report;

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
    let repeats = match args.allow_repeats {
        true => Repeats::Allowed,
        false => Repeats::Distinct,
    };
    let checked = match &windowed {
        None => book.check_draws(args.count, repeats),
        Some((candidates, _)) => check_count(candidates.len() as u64, args.count, repeats),
    };
    if let Err(err) = checked {
        let err = match (&windowed, err) {
            (Some(_), chess960::draw::DrawError::NoCandidates) => {
                "no candidates: no position of --evals is inside the windows".to_owned()
            }
            (_, err) => err.to_string(),
        };
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
    if let Some((candidates, dfrc)) = windowed {
        let count = usize::try_from(args.count).unwrap_or(usize::MAX);
        let listing = args.list.listing(args.format, numbering, dfrc, true);
        let words = SeedWords::new(&seed_text);
        let draws = from_list(candidates, words, repeats).take(count);
        listing.write_all(out, draws, args.count)?;
        return Ok(ExitCode::SUCCESS);
    }
    let listing = args.list.listing(args.format, numbering, args.dfrc, true);
    match book.seeded_draws(&seed_text, args.count, repeats) {
        Ok(draws) => listing.write_all(out, draws, args.count)?,
        Err(err) => {
            report(&err.to_string());
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Draws from `candidates` as the library draws from a book: each word picks an index by
/// [`pick_index`], and without repeats the drawn candidate leaves, the rest keeping their
/// order.
fn from_list(
    mut candidates: Vec<BookEntry>,
    mut words: SeedWords,
    repeats: Repeats,
) -> impl Iterator<Item = BookEntry> {
    std::iter::from_fn(move || {
        let index = usize::try_from(pick_index(candidates.len() as u64, &mut words)?).ok()?;
        if repeats == Repeats::Allowed {
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
