//! Errors for the person at the terminal, on stderr.

use std::io::{self, Write};

/// Prints `error: {message}` to stderr. If even that fails, there is nobody left to tell.
pub fn report(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}
