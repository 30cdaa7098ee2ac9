//! The table of all 960 starts evaluated by Stockfish that `chess960-engine` ships
//! (`chess960_engine::table_960`), read once: `show` prints a start's line of it and
//! `games --stats --evals` adds its columns.

use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::sync::OnceLock;

use chess960::{DoubleStartingPosition, StartingPosition};
use chess960_engine::{Record, Records, latest, table_960};

/// Every record of the table, in id order.
pub fn records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| table_960().collect())
}

/// The record of `sp`.
pub fn of(sp: StartingPosition) -> Option<&'static Record> {
    records()
        .get(usize::from(sp.id()))
        .filter(|record| record.position.pair().white() == sp)
}

/// `Stockfish 15.1 at nodes=3000000: +0.31, wdl 60 920 20, best e2e4; 127 of the 960 score
/// lower for White`, for `show`.
pub fn line(sp: StartingPosition) -> Option<String> {
    let record = of(sp)?;
    let found = record.outcome.as_ref().ok()?;
    let cp = |record: &Record| {
        record
            .outcome
            .as_ref()
            .ok()
            .and_then(|f| f.score.centipawns())
    };
    let mine = found.score.centipawns()?;
    let lower = records()
        .iter()
        .filter(|other| cp(other).is_some_and(|c| c < mine))
        .count();
    let mut line = format!("{} at {}: {}", record.engine, record.limit, found.score);
    if let Some(wdl) = found.wdl {
        line += &format!(", wdl {} {} {}", wdl.win, wdl.draw, wdl.loss);
    }
    line += &format!(
        ", best {}; {lower} of the {} starts score lower for White",
        found.best_move.king_two_squares(sp),
        records().len()
    );
    Some(line)
}

/// The records of the eval file at `path` by position, or without a path the table's; an
/// error names the file and the broken line.
pub fn evals(path: Option<&Path>) -> Result<HashMap<DoubleStartingPosition, Record>, String> {
    let Some(path) = path else {
        let table = records().iter().map(|r| (r.position.pair(), r.clone()));
        return Ok(table.collect());
    };
    let shown = path.display();
    let file = File::open(path).map_err(|err| format!("--evals {shown}: {err}"))?;
    let records = Records::new(BufReader::new(file))
        .map(|read| read.map_err(|err| format!("--evals {shown}: {err}")));
    // A position's latest record counts (a rerun appends a new one after a failure).
    let latest = latest(records, Ok)?;
    Ok(latest
        .into_iter()
        .map(|(position, record)| (position.pair(), record))
        .collect())
}
