//! The `chess960` command line's parts that the fuzzers in `fuzz/` drive too: POS text and
//! stdin lines (`pos.rs`, `input.rs`). Not an API to build on: use the `chess960` library.

pub mod input;
pub mod pos;
