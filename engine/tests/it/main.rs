//! The engine crate's integration tests, one binary: the first moves against shakmaty, the
//! driver against a scripted engine (`../fake-engine.sh`), and records written and read back.

#![cfg(test)]

mod driver;
mod first_move;
mod records;
mod stockfish_tools;
