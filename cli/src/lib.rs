//! The `chess960` command line's parts that the fuzzers in `fuzz/` drive too: POS text and
//! stdin lines (`pos.rs`, `input.rs`).

pub mod input;
pub mod pos;
