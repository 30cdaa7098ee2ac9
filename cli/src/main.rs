//! `chess960`: Chess960 starting positions by number, back rank or FEN, both ways.
//!
//! The command is the crate's library (`command.rs`), so that the Python package runs the
//! same program; ARCHITECTURE.md in the repository maps the other files.

use std::process::ExitCode;

fn main() -> ExitCode {
    chess960_cli::main_with_args(std::env::args_os())
}
