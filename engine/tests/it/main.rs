//! The engine crate's integration tests, one binary: the first moves against shakmaty, the
//! driver against a scripted engine (`../fake-engine.sh`), starts evaluated and positions
//! analysed with several lines, and records written and read back.

#![cfg(test)]

mod analyse;
mod analysis_records;
mod driver;
mod first_move;
mod records;
mod stockfish_tools;
