//! The `chess960` command line's parts that the fuzzers in `fuzz/` drive too: POS text and
//! stdin lines (`pos.rs`, `input.rs`), and event draws (`event_draw.rs`, with the SHA-256
//! words of `seed_words.rs`).

pub mod event_draw;
pub mod input;
pub mod pos;
pub mod seed_words;
