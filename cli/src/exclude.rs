//! `--exclude POS…` and `--exclude-standard`: the positions left out of a list, a book or a
//! draw. `--exclude -` reads them from stdin, in any form POS takes (an earlier draw's output).

use std::io::{self, BufReader};

use chess960::numbering::Numbering;
use chess960::set::PositionSet;
use chess960_cli::escape::escaped;
use chess960_cli::input::{Line, Lines};
use chess960_cli::pos::{self, LineReader, PosError};

use crate::args::Exclusions;
use crate::report::report;

impl Exclusions {
    /// The positions left out, read per `numbering`; `None` once every bad POS has been
    /// reported.
    pub fn set(&self, numbering: Numbering) -> io::Result<Option<PositionSet>> {
        let mut excluded = if self.exclude_standard {
            PositionSet::STANDARD_PAIR
        } else {
            PositionSet::NONE
        };
        let mut all_good = true;
        for text in &self.exclude {
            if text == "-" {
                all_good &= from_stdin(&mut excluded, numbering)?;
                continue;
            }
            match pos::parse(text, numbering) {
                Ok(sp) => {
                    excluded.insert(sp);
                }
                Err(err) => {
                    report(&format!("--exclude {}: {err}", escaped(text.as_bytes())));
                    all_good = false;
                }
            }
        }
        Ok(all_good.then_some(excluded))
    }
}

/// Adds every POS on stdin to `excluded`; whether all were good.
fn from_stdin(excluded: &mut PositionSet, numbering: Numbering) -> io::Result<bool> {
    let mut lines = Lines::new(BufReader::new(io::stdin().lock()));
    let mut reader = LineReader::new(numbering);
    let (mut number, mut all_good) = (0u64, true);
    while let Some(line) = lines.next_line()? {
        number += 1;
        let (shown, read) = match line {
            Line::TooLong(len) => (format!("{len} bytes"), Err(PosError::Unrecognised)),
            Line::Text(bytes) => (
                escaped(bytes),
                match std::str::from_utf8(bytes) {
                    Ok(text) => reader.read(text),
                    Err(_) => Err(PosError::Unrecognised),
                },
            ),
        };
        match read.and_then(|pair| pair.map(|p| p.single().ok_or(PosError::Pair)).transpose()) {
            Ok(Some(sp)) => {
                excluded.insert(sp);
            }
            Ok(None) => {}
            Err(err) => {
                report(&format!("--exclude -: line {number}: {shown}: {err}"));
                all_good = false;
            }
        }
    }
    Ok(all_good)
}
