//! The verifiable event draw: `Book.draw`, the crate's `Book::seeded_draws`, driven by the
//! SHA-256 words of a published seed text, so it draws what `chess960 draw --seed-text`
//! draws.

use alloc::{format, vec::Vec};
use chess960::draw::Repeats;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::args;
use crate::book::{Book, BookEntry};
use crate::error::thrown;

#[wasm_bindgen]
impl Book {
    /// `count` draws from this book's entries, from the seed text published before the draw,
    /// all distinct unless `allowRepeats`: what `chess960 draw --seed-text TEXT --count COUNT
    /// [--allow-repeats]` draws from the same book (`--dfrc`, `--exclude`,
    /// `--exclude-standard`), the crate's `Book::seeded_draws`. Throws a `DrawError` (kind
    /// `TooMany`) when there are fewer candidates than distinct draws, or (kind
    /// `NoCandidates`) none at all.
    pub fn draw(
        &self,
        #[wasm_bindgen(js_name = "seedText")] seed_text: &str,
        count: f64,
        #[wasm_bindgen(js_name = "allowRepeats")] allow_repeats: Option<bool>,
    ) -> Result<Vec<BookEntry>, JsValue> {
        let Some(count) = args::whole::<u32>(count) else {
            return Err(args::type_error(&format!(
                "a count of draws is a whole number, not {}",
                args::shown(count)
            )));
        };
        let repeats = match allow_repeats {
            Some(true) => Repeats::Allowed,
            _ => Repeats::Distinct,
        };
        let draws = self.0.seeded_draws(seed_text, u64::from(count), repeats);
        Ok(draws.map_err(thrown)?.map(BookEntry).collect())
    }
}
