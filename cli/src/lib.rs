//! The input side of the `chess960` command line: POS text and stdin lines. A library target
//! so that the fuzzers in `fuzz/` drive the same code the binary runs.

#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

pub mod input;
pub mod pos;
