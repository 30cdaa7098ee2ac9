//! The `chess960` command line's parts that the fuzzers in `fuzz/` drive too: POS text and
//! stdin lines (`pos/`, `input.rs`), the escaping of bad input (`escape.rs`) and the streaming
//! PGN scanner (`pgn/`). Not an API to build on: use the `chess960` library.

pub mod escape;
pub mod input;
pub mod pgn;
pub mod pos;
