//! The verifiable event draw: `Book.draw`, driven by the SHA-256 words of a published seed
//! text, so that it draws what `chess960 draw --seed-text` draws.

use chess960::draw::{DrawError, SeedWords};
use pyo3::prelude::*;

use chess960::book as b;

use crate::error::Raise;

/// `count` entries drawn from `book` by the seed text, as `Book.draw` documents.
pub fn draw(
    book: b::Book,
    seed_text: &str,
    count: u64,
    repeats: bool,
) -> PyResult<Vec<b::BookEntry>> {
    match book.check_draws(count, repeats) {
        Ok(()) => {}
        Err(err @ DrawError::TooMany { .. }) => {
            return Err(PyErr::new::<crate::error::DrawError, _>(format!(
                "{err} (repeats=True lets an entry come again)"
            )));
        }
        Err(err) => return Err(err.raise()),
    }
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    let mut words = SeedWords::new(seed_text);
    Ok(match repeats {
        true => std::iter::from_fn(|| book.pick(&mut words))
            .take(count)
            .collect(),
        false => book.many_draws(words).take(count).collect(),
    })
}
