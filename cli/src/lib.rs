//! The input side of the `chess960` command line: POS text and stdin lines. A library target
//! so that the fuzzers in `fuzz/` drive the same code the binary runs.

pub mod input;
pub mod pos;
