//! An eval file is a history: a rerun appends a new record for each position that failed, so
//! a position may have several records, and its latest is the one that counts. Every reader
//! of eval files (resuming a run, books by balance, the statistics' engine columns) takes
//! them through [`latest`].

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use std::hash::Hash;

use chess960::book::BookEntry;

use crate::analysis::{AnalysisRecord, Position};
use crate::record::Record;

/// A record of a position: what [`latest`] keys records by.
pub trait Keyed {
    /// What names the position.
    type Key: Clone + Eq + Hash;

    /// The record's position.
    fn key(&self) -> Self::Key;
}

impl Keyed for Record {
    type Key = BookEntry;

    fn key(&self) -> BookEntry {
        self.position
    }
}

impl Keyed for AnalysisRecord {
    type Key = Position;

    fn key(&self) -> Position {
        self.position.clone()
    }
}

/// Each position's latest record (of starts, [`Record`], or of positions,
/// [`AnalysisRecord`]), as `keep` makes it, in the order in which the positions
/// first appear; the first error of `records` or of `keep` stops the reading.
///
/// # Errors
///
/// The first of `records` or `keep`.
///
/// ```
/// use chess960_engine::{Records, latest};
///
/// // 105 crashed, and a rerun evaluated it: its second record is the one that counts.
/// let file = "sp,rank,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error\n\
///             518,RNBQKBNR,31,,,,,12,18,1000,2,e2e4,e2e4,Stockfish 15.1,nodes=1000,ok,\n\
///             105,QNRBBNKR,,,,,,,,,,,,Stockfish 15.1,nodes=1000,crash,its output ended\n\
///             105,QNRBBNKR,40,,,,,12,18,1000,2,g2g3,g2g3,Stockfish 15.1,nodes=1000,ok,\n";
/// let statuses = latest(Records::new(file.as_bytes()), |record| Ok(record.outcome.is_ok()))?;
/// let statuses: Vec<(u16, bool)> =
///     statuses.into_iter().map(|(position, ok)| (position.pair().white().id(), ok)).collect();
/// assert_eq!(statuses, [(518, true), (105, true)]);
/// # Ok::<(), chess960_engine::ReadRecordError>(())
/// ```
pub fn latest<R: Keyed, T, E>(
    records: impl IntoIterator<Item = Result<R, E>>,
    mut keep: impl FnMut(R) -> Result<T, E>,
) -> Result<Vec<(R::Key, T)>, E> {
    let mut at: HashMap<R::Key, usize> = HashMap::new();
    let mut kept: Vec<(R::Key, T)> = Vec::new();
    for record in records {
        let record = record?;
        let position = record.key();
        let value = keep(record)?;
        match at.entry(position.clone()) {
            Entry::Occupied(seen) => {
                if let Some(slot) = kept.get_mut(*seen.get()) {
                    slot.1 = value;
                }
            }
            Entry::Vacant(new) => {
                new.insert(kept.len());
                kept.push((position, value));
            }
        }
    }
    Ok(kept)
}
