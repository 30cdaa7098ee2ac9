//! The verifiable event draw: `Book.draw` and `Book.drawWithRepeats`, driven by the SHA-256
//! words of a published seed text, so they draw what `chess960 draw --seed-text` draws.

use alloc::{format, vec::Vec};
use chess960::draw::SeedWords;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::args;
use crate::book::{Book, BookEntry};
use crate::error::named;

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
        Ok(self.0.draws(words).take(count).map(BookEntry).collect())
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
    /// `count` as a number of draws this book can make.
    fn draw_count(&self, count: f64, repeats: bool) -> Result<usize, JsValue> {
        let Some(whole) = args::whole(count, u32::MAX) else {
            return Err(args::type_error(&format!(
                "a count of draws is a whole number, not {}",
                args::shown(count)
            )));
        };
        let candidates = self.0.len();
        let count = usize::try_from(whole).unwrap_or(usize::MAX);
        if count > 0 && candidates == 0 {
            Err(named(
                "DrawError",
                "no candidates: every position is excluded",
                "NoCandidates",
            ))
        } else if !repeats && count > candidates {
            Err(named(
                "DrawError",
                &format!(
                    "{count} distinct draws asked for, but there are only {candidates} \
                     candidates (drawWithRepeats lets a candidate come again)"
                ),
                "TooMany",
            ))
        } else {
            Ok(count)
        }
    }
}
