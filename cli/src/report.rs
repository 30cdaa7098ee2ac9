//! Errors for the person at the terminal, on stderr.

use std::io::{self, Write};
use std::process::ExitCode;

/// Prints `error: {message}` to stderr. If even that fails, there is nobody left to tell.
pub fn report(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

/// Reports a usage error (options that do not go together) and gives its exit code, 2, as
/// clap gives for the errors it finds.
pub fn usage(message: &str) -> ExitCode {
    report(message);
    ExitCode::from(2)
}
