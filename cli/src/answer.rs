//! Answers every POS, from the arguments and from stdin, with one line each, in order: its
//! output on stdout, or an error on stderr.

use std::io::{self, BufReader, Write};

use chess960_cli::input::{Line, Lines};
use chess960_cli::pos::PosError;

use crate::report::report;

/// Answers each of `positions` (`-` for every stdin line) with `answer`, which reads one POS
/// and writes its output (`Ok(Err(_))`: the POS was bad, nothing written); whether all were
/// good.
pub fn all<W: Write>(
    out: &mut W,
    positions: &[String],
    mut answer: impl FnMut(&mut W, &str) -> io::Result<Result<(), PosError>>,
) -> io::Result<bool> {
    let mut all_good = true;
    for arg in positions {
        if arg == "-" {
            all_good &= each_stdin_line(out, &mut answer)?;
        } else {
            match answer(out, arg)? {
                Ok(()) => {}
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
fn each_stdin_line<W: Write>(
    out: &mut W,
    answer: &mut impl FnMut(&mut W, &str) -> io::Result<Result<(), PosError>>,
) -> io::Result<bool> {
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
                Ok(text) => match answer(out, text)? {
                    Ok(()) => continue,
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
