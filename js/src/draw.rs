//! The verifiable event draw: `Book.draw` and `Book.drawWithRepeats`, driven by the SHA-256
//! words of a published seed text, so they draw what `chess960 draw --seed-text` draws.

use alloc::{format, vec::Vec};
use chess960::draw::{DrawError, SeedWords};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::args;
use crate::book::{Book, BookEntry};
use crate::error::{Rule, named, thrown};

#[wasm_bindgen]
impl Book {
    /// `count` distinct draws from this book's entries, from the seed text published before
    /// the draw: what `chess960 draw --seed-text TEXT --count COUNT` draws from the same book
    /// (`--dfrc`, `--exclude`, `--exclude-standard`). Throws a `DrawError` (kind `TooMany`)
    /// when there are fewer candidates than draws, or (kind `NoCandidates`) none at all.
    pub fn draw(
        &self,
        #[wasm_bindgen(js_name = "seedText")] seed_text: &str,
        count: f64,
    ) -> Result<Vec<BookEntry>, JsValue> {
        let count = self.draw_count(count, false)?;
        let words = SeedWords::new(seed_text);
        Ok(self
            .0
            .many_draws(words)
            .take(count)
            .map(BookEntry)
            .collect())
    }

    /// `count` draws from this book's entries that may repeat one (`chess960 draw
    /// --allow-repeats`). Throws a `DrawError` (kind `NoCandidates`) when every position is
    /// left out.
    #[wasm_bindgen(js_name = drawWithRepeats)]
    pub fn draw_with_repeats(
        &self,
        seed_text: &str,
        count: f64,
    ) -> Result<Vec<BookEntry>, JsValue> {
        let count = self.draw_count(count, true)?;
        let mut words = SeedWords::new(seed_text);
        let draws = core::iter::from_fn(|| self.0.pick(&mut words)).take(count);
        Ok(draws.map(BookEntry).collect())
    }
}

impl Book {
    /// `count` as a number of draws this book can make: the crate's check, and for too many
    /// distinct draws the method that allows them.
    fn draw_count(&self, count: f64, repeats: bool) -> Result<usize, JsValue> {
        let Some(whole) = args::whole::<u32>(count) else {
            return Err(args::type_error(&format!(
                "a count of draws is a whole number, not {}",
                args::shown(count)
            )));
        };
        match self.0.check_draws(u64::from(whole), repeats) {
            Ok(()) => Ok(usize::try_from(whole).unwrap_or(usize::MAX)),
            Err(err @ DrawError::TooMany { .. }) => Err(named(
                DrawError::NAME,
                &format!("{err} (drawWithRepeats lets a candidate come again)"),
                err.kind(),
            )),
            Err(err) => Err(thrown(err)),
        }
    }
}
