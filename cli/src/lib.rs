//! The `chess960` command line. [`main_with_args`] is the whole command, which the binary and
//! the Python package's `chess960` command both run. The parts that the fuzzers in `fuzz/`
//! drive too are public: POS text and stdin lines (`pos/`, `input.rs`) and the escaping of
//! bad input (`escape.rs`). Not an API to build on: use the `chess960` library,
//! `chess960-pgn` for PGN databases and `chess960-explorer` for an explorer on disk.

pub mod escape;
pub mod input;
pub mod pos;

mod answer;
mod args;
mod balance;
mod board;
mod book;
mod c_header;
mod castling;
mod command;
mod dates;
mod draw;
mod eval;
mod exclude;
mod games;
mod html;
mod index;
mod json;
mod list;
mod listing;
mod order;
mod output;
mod page;
mod pipe;
mod progress;
mod progress_log;
mod random;
mod report;
mod serve;
mod table;
mod tree;

pub use command::main_with_args;
