//! Answers every POS, from the arguments and from stdin, with one line each, in order: its
//! output on stdout, or an error on stderr.

use std::io::{self, BufReader, Write};

use chess960::Numbering;

use chess960_cli::input::{Line, Lines};
use chess960_cli::pos::{self, PosError};

use crate::output::{self, Output};

/// Answers each of `positions` (`-` for every stdin line); whether all were good.
pub fn all(
    out: &mut impl Write,
    positions: &[String],
    output: Output,
    numbering: Numbering,
) -> io::Result<bool> {
    let mut all_good = true;
    for arg in positions {
        if arg == "-" {
            all_good &= each_stdin_line(out, output, numbering)?;
        } else {
            match pos::parse(arg, numbering) {
                Ok(sp) => output::write(out, output, numbering, sp)?,
                Err(err) => {
                    out.flush()?;
                    let shown = if arg.is_empty() { "\"\"" } else { arg };
                    report(&format!("{shown}: {err}"));
                    all_good = false;
                }
            }
        }
    }
    Ok(all_good)
}

/// Answers every stdin line with one line: its result on stdout, or an error naming its line
/// number on stderr (a blank line too), in input order. Output is flushed before each error
/// and whenever the input runs dry, so interactive use answers line by line.
fn each_stdin_line(out: &mut impl Write, output: Output, numbering: Numbering) -> io::Result<bool> {
    let mut lines = Lines::new(BufReader::with_capacity(1 << 16, io::stdin().lock()));
    let mut all_good = true;
    let mut number = 0u64;
    loop {
        if !lines.has_buffered_input() {
            out.flush()?;
        }
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(all_good),
            Err(err) => {
                out.flush()?;
                report(&format!("reading stdin (after {number} lines): {err}"));
                return Ok(false);
            }
        };
        number += 1;
        let problem = match line {
            Line::TooLong(len) => format!("line is {len} bytes long, more than any POS"),
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Err(_) => format!("{}: not UTF-8", String::from_utf8_lossy(bytes)),
                Ok(text) => match pos::parse(text, numbering) {
                    Ok(sp) => {
                        output::write(out, output, numbering, sp)?;
                        continue;
                    }
                    Err(err @ PosError::Empty) => err.to_string(),
                    Err(err) => format!("{}: {err}", text.trim()),
                },
            },
        };
        out.flush()?;
        report(&format!("line {number}: {problem}"));
        all_good = false;
    }
}

/// Prints `error: {message}` to stderr. If even that fails, there is nobody left to tell.
pub fn report(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}
