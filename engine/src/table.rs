//! The table of all 960 starts evaluated by Stockfish that the crates ship
//! (`data/evals-960.csv`, made by `scripts/eval-table.sh`; its header says how): `chess960
//! show` prints a start's line of it, `games --stats --evals` adds its columns, and Python's
//! `engine_table()` and npm's `engineTable()` give it whole.

use crate::read::Records;
use crate::record::Record;

/// The table as shipped: eval records (CSV) of the 960 starts in id order, after `#` lines that
/// say how it was made.
pub const TABLE_960: &str = include_str!("../data/evals-960.csv");

/// The table's records, in id order.
///
/// ```
/// let table: Vec<_> = chess960_engine::table_960().collect();
/// assert_eq!(table.len(), 960);
/// assert_eq!(table[518].position.pair().white().to_string(), "RNBQKBNR");
/// assert!(table[518].engine.starts_with("Stockfish"));
/// ```
pub fn table_960() -> impl Iterator<Item = Record> {
    Records::new(TABLE_960.as_bytes()).filter_map(Result::ok)
}
