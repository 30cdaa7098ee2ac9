//! `--exclude POS`, repeatable: the positions left out of a book or a draw.

use chess960::numbering::Numbering;
use chess960::set::PositionSet;
use chess960_cli::pos;

use crate::report::report;

/// The positions named by `texts`, read per `numbering`; `None` once every bad POS has been
/// reported.
pub fn excluded(texts: &[String], numbering: Numbering) -> Option<PositionSet> {
    let mut excluded = PositionSet::NONE;
    let mut all_good = true;
    for text in texts {
        match pos::parse(text, numbering) {
            Ok(sp) => {
                excluded.insert(sp);
            }
            Err(err) => {
                report(&format!("--exclude {text}: {err}"));
                all_good = false;
            }
        }
    }
    all_good.then_some(excluded)
}
