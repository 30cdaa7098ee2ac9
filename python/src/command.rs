//! The `chess960` command, run in the Python process: `pip install chess960-rs` puts a
//! `chess960` script on the PATH that calls this with its arguments, so that the command is
//! the same program as `cargo install chess960-cli`.

use std::ffi::OsString;
use std::process::ExitCode;

use pyo3::prelude::*;

/// Runs the `chess960` command with `argv` (the program's name first) and gives its exit
/// code (0, 1 or 2, the command's only codes: docs/cli.md). Standard input and output are the
/// process's own.
#[pyfunction]
pub fn main(py: Python<'_>, argv: Vec<OsString>) -> u8 {
    let code = py.detach(|| chess960_cli::main_with_args(argv));
    if code == ExitCode::SUCCESS {
        0
    } else if code == ExitCode::from(2) {
        2
    } else {
        1
    }
}
