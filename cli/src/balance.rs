//! `--evals FILE` with `--draw-rate` and `--cp`: the candidates of `book` and `draw` taken
//! from an eval file, those inside the windows, in the file's order, less the exclusions.

use std::fs::File;
use std::io::{self, BufReader};

use chess960::book::BookEntry;
use chess960::numbering::Numbering;
use chess960_engine::{Balance, Records};

use crate::args::{EvalsFilter, ListOptions};
use crate::report::report;

/// The positions of the eval file in the windows, and whether they are pairs; `None` once a
/// problem with the file or an exclusion has been reported.
pub fn candidates(
    filter: &EvalsFilter,
    list: &ListOptions,
    numbering: Numbering,
) -> io::Result<Option<(Vec<BookEntry>, bool)>> {
    let Some(path) = &filter.evals else {
        return Ok(Some((Vec::new(), false)));
    };
    let Some(excluded) = list.exclusions.set(numbering)? else {
        return Ok(None);
    };
    let shown = path.display();
    let file = match File::open(path) {
        Ok(file) => file,
        Err(err) => {
            report(&format!("--evals {shown}: {err}"));
            return Ok(None);
        }
    };
    let balance = Balance {
        draw_rate: filter.draw_rate,
        cp: filter.cp,
    };
    let mut kept = Vec::new();
    let mut dfrc = false;
    for record in Records::new(BufReader::with_capacity(1 << 16, file)) {
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                report(&format!("--evals {shown}: {err}"));
                return Ok(None);
            }
        };
        dfrc |= matches!(record.position, BookEntry::Dfrc(_));
        let pair = record.position.pair();
        if excluded.contains(pair.white()) || excluded.contains(pair.black()) {
            continue;
        }
        match balance.keeps(&record) {
            Ok(true) => kept.push(record.position),
            Ok(false) => {}
            Err(err) => {
                report(&format!(
                    "--evals {shown}: {} {}: {err}",
                    pair.white().id(),
                    pair.white()
                ));
                return Ok(None);
            }
        }
    }
    Ok(Some((kept, dfrc)))
}
