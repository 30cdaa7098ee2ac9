//! Answers every POS, from the arguments and from stdin, with one line each, in order: its
//! output on stdout, or an error on stderr. Stdin may be a file of the tool's own output:
//! lines that name no position there (CSV headers, PGN tags other than FEN) are passed over.

use std::ffi::OsString;
use std::io::{self, BufReader, IsTerminal, Write};

use chess960::DoubleStartingPosition;
use chess960::numbering::Numbering;

use crate::escape::escaped;
use crate::input::{Line, Lines};
use crate::pos::{self, LineReader, PosError};
use crate::report::report;

/// Answers each of `positions` (`-` for every stdin line) with `answer`, which writes the
/// output for one start or pair (`Ok(Err(_))`: it cannot, nothing written); whether all were
/// good.
pub fn all<W: Write>(
    out: &mut W,
    positions: &[OsString],
    numbering: Numbering,
    mut answer: impl FnMut(&mut W, DoubleStartingPosition) -> io::Result<Result<(), PosError>>,
) -> io::Result<bool> {
    let mut all_good = true;
    for arg in positions {
        if arg == "-" {
            all_good &= each_stdin_line(out, numbering, "", &mut answer)?;
            continue;
        }
        let result = match arg.to_str() {
            Some(text) => match pos::parse_pair(text, numbering) {
                Ok(pair) => answer(out, pair)?,
                Err(err) => Err(err),
            },
            None => Err(PosError::Start(chess960::ParseStartError::Unrecognised)),
        };
        if let Err(err) = result {
            out.flush()?;
            let shown = match escaped(arg.as_encoded_bytes()) {
                empty if empty.is_empty() => "\"\"".to_owned(),
                shown => shown,
            };
            report(&format!("{shown}: {err}"));
            all_good = false;
        }
    }
    Ok(all_good)
}

/// Answers every stdin line with one line: its result on stdout, or an error naming its line
/// number on stderr (a blank line too), in input order. Output is flushed before each error
/// and whenever the input runs dry, so interactive use answers line by line. Errors begin with
/// `label` (`--exclude -: `), then the line number.
pub fn each_stdin_line<W: Write>(
    out: &mut W,
    numbering: Numbering,
    label: &str,
    answer: &mut impl FnMut(&mut W, DoubleStartingPosition) -> io::Result<Result<(), PosError>>,
) -> io::Result<bool> {
    let stdin = io::stdin().lock();
    if stdin.is_terminal() {
        let _ = writeln!(
            io::stderr().lock(),
            "chess960: reading POS from stdin, one per line (Ctrl-D ends)"
        );
    }
    let mut lines = Lines::new(BufReader::with_capacity(1 << 16, stdin));
    let mut reader = LineReader::new(numbering);
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
                report(&format!(
                    "{label}reading stdin (after {number} lines): {err}"
                ));
                return Ok(false);
            }
        };
        number += 1;
        let problem = match line {
            Line::TooLong(len) => format!("line is {len} bytes long, more than any POS"),
            Line::Text(bytes) => {
                let read = match std::str::from_utf8(bytes) {
                    Ok(text) => reader.read(text),
                    Err(_) => Err(PosError::Start(chess960::ParseStartError::Unrecognised)),
                };
                let result = match read {
                    Ok(Some(pair)) => answer(out, pair)?,
                    Ok(None) => Ok(()),
                    Err(err) => Err(err),
                };
                match result {
                    Ok(()) => continue,
                    Err(err @ PosError::Start(chess960::ParseStartError::Empty)) => err.to_string(),
                    Err(err) => format!("{}: {err}", escaped(bytes.trim_ascii())),
                }
            }
        };
        out.flush()?;
        report(&format!("{label}line {number}: {problem}"));
        all_good = false;
    }
}
