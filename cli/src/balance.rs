//! `--evals FILE` with `--draw-rate` and `--cp`: the candidates of `book` and `draw` taken
//! from an eval file, those inside the windows, in the file's order, less the exclusions.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use chess960::book::BookEntry;
use chess960::set::PositionSet;
use chess960_engine::{Balance, Records};

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
    let mut found = Vec::new();
    let mut dfrc = false;
    for record in Records::new(BufReader::with_capacity(1 << 16, file)) {
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                report(&format!("--evals {shown}: {err}"));
                return None;
            }
        };
        dfrc |= matches!(record.position, BookEntry::Dfrc(_));
        let pair = record.position.pair();
        if !kept.contains(pair.white()) || !kept.contains(pair.black()) {
            continue;
        }
        match balance.keeps(&record) {
            Ok(true) => found.push(record.position),
            Ok(false) => {}
            Err(err) => {
                report(&format!(
                    "--evals {shown}: {} {}: {err}",
                    pair.white().id(),
                    pair.white()
                ));
                return None;
            }
        }
    }
    Some((found, dfrc))
}
