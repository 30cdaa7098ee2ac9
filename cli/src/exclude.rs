//! `--exclude POS…` and `--exclude-standard`: the positions left out of a list, a book or a
//! draw. `--exclude -` reads them from stdin, in any form POS takes (an earlier draw's output).

use std::io;

use chess960::DoubleStartingPosition;
use chess960::numbering::Numbering;
use chess960::set::PositionSet;

use crate::answer;
use crate::args::Exclusions;
use crate::escape::escaped;
use crate::pos::{self, PosError};
use crate::report::report;

impl Exclusions {
    /// The positions left out, read per `numbering`; `None` once every bad POS has been
    /// reported.
    pub fn set(&self, numbering: Numbering) -> io::Result<Option<PositionSet>> {
        let mut excluded = if self.exclude_standard {
            PositionSet::STANDARD_AND_MIRROR
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
    let mut exclude = |_: &mut io::Sink, pair: DoubleStartingPosition| {
        let sp = pair
            .single()
            .ok_or(PosError::Start(chess960::ParseStartError::Pair));
        Ok(sp.map(|sp| {
            excluded.insert(sp);
        }))
    };
    answer::each_stdin_line(&mut io::sink(), numbering, "--exclude -: ", &mut exclude)
}
