//! `--evals FILE` with `--draw-rate` and `--cp`: the candidates of `book` and `draw` taken
//! from an eval file (each position's latest record), those inside the windows, in the
//! file's order, less the exclusions.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use chess960::book::BookEntry;
use chess960::set::PositionSet;
use chess960_engine::{Balance, Records, latest};

use crate::args::EvalsFilter;
use crate::report::report;

/// The positions of the eval file at `path` inside `filter`'s windows whose sides are all in
/// `kept` (the book's positions, less `--exclude`), and whether they are pairs; `None` once
/// a problem with the file has been reported.
pub fn candidates(
    path: &Path,
    filter: &EvalsFilter,
    kept: PositionSet,
) -> Option<(Vec<BookEntry>, bool)> {
    let shown = path.display();
    let file = match File::open(path) {
        Ok(file) => file,
        Err(err) => {
            report(&format!("--evals {shown}: {err}"));
            return None;
        }
    };
    let balance = Balance {
        draw_rate: filter.draw_rate,
        cp: filter.cp,
    };
    let records = Records::new(BufReader::with_capacity(1 << 16, file));
    // A position's latest record counts (a rerun appends a new one after a failure).
    let verdicts = latest(records, |record| {
        let pair = record.position.pair();
        let inside = kept.contains(pair.white()) && kept.contains(pair.black());
        Ok(inside.then(|| balance.keeps(&record)))
    });
    let verdicts = match verdicts {
        Ok(verdicts) => verdicts,
        Err(err) => {
            report(&format!("--evals {shown}: {err}"));
            return None;
        }
    };
    let dfrc = verdicts
        .iter()
        .any(|(position, _)| matches!(position, BookEntry::Dfrc(_)));
    let mut found = Vec::new();
    for (position, verdict) in verdicts {
        match verdict {
            Some(Ok(true)) => found.push(position),
            Some(Err(err)) => {
                let white = position.pair().white();
                report(&format!("--evals {shown}: {} {white}: {err}", white.id()));
                return None;
            }
            Some(Ok(false)) | None => {}
        }
    }
    Some((found, dfrc))
}
