//! The `chess960` command line's parts that the fuzzers in `fuzz/` drive too: POS text and
//! stdin lines (`pos/`, `input.rs`) and the escaping of bad input (`escape.rs`). Not an API
//! to build on: use the `chess960` library, and `chess960-pgn` for PGN databases.

pub mod escape;
pub mod input;
pub mod pos;
