//! `read_games` and `read_stats`: PGN databases read by `chess960-pgn` with the GIL released,
//! into Arrow tables (`table.rs`): a row per game (`columns.rs`) or per start (`stats.rs`);
//! `source.rs` turns what Python hands in into inputs.

mod columns;
mod source;
mod stats;
mod table;

use std::io;
use std::sync::{Arc, Mutex};

use arrow_array::{RecordBatch, StringArray};
use chess960_pgn::{Input, Options, Progress, Stats, in_parallel, read, read_halves};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use columns::Columns;
use source::{Source, object_input};
pub use table::{Table, TableIter};

/// Every game of `source`: its file, number in the file, start (`white_sp`, `black_sp`:
/// Scharnagl ids, null without a Chess960 start), result, Variant tag, Elos, byte offset,
/// kind (`chess960`, `dfrc`, `standard`, `variant`, `no-start`) and, without a start, why
/// (`note`), as `chess960 games --format csv` lists them.
///
/// `source` is a path (`-`: standard input), a list of paths (read in parallel; one large
/// plain file in two halves) or a binary file object (its `name` in the `file` column);
/// plain PGN, gzip, zstd or bzip2, told apart by their first bytes.
#[pyfunction]
#[pyo3(signature = (source, *, assume_chess960 = false))]
pub fn read_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    assume_chess960: bool,
) -> PyResult<Table> {
    let source = Source::new(source)?;
    let options = Options::default().assume_chess960(assume_chess960);
    let names = Arc::new(StringArray::from(source.names()));
    let schema = columns::schema();
    let batches = py.detach(|| -> io::Result<_> {
        let new = |file: usize| {
            Columns::new(
                schema.clone(),
                names.clone(),
                u32::try_from(file).unwrap_or(0),
            )
        };
        match source {
            Source::Object(object, _) => {
                let mut columns = new(0);
                let ended = read(&mut object_input(object), &mut columns, &options)?;
                ended.into_result()?;
                columns.close().map_err(io::Error::other)?;
                Ok(columns.batches)
            }
            Source::Paths(paths) => {
                let done: Vec<Mutex<Option<io::Result<Vec<RecordBatch>>>>> =
                    paths.iter().map(|_| Mutex::new(None)).collect();
                let each = |i: usize| -> io::Result<bool> {
                    let (Some(path), Some(slot)) = (paths.get(i), done.get(i)) else {
                        return Ok(true);
                    };
                    let read = || -> io::Result<Vec<RecordBatch>> {
                        // One large plain file: in two halves, on two threads.
                        let progress = Progress::default();
                        if paths.len() == 1
                            && let Some(halves) = read_halves(path, || new(i), &options, &progress)?
                        {
                            halves.ended.into_result()?;
                            let (mut first, mut second) = (halves.first, halves.second);
                            first.close().map_err(io::Error::other)?;
                            second.close().map_err(io::Error::other)?;
                            let second =
                                columns::shifted(second.batches, first.games, halves.middle)
                                    .map_err(io::Error::other)?;
                            return Ok([first.batches, second].concat());
                        }
                        let mut columns = new(i);
                        let mut input = Input::open(path)?;
                        read(&mut input, &mut columns, &options)?.into_result()?;
                        columns.close().map_err(io::Error::other)?;
                        Ok(columns.batches)
                    };
                    let result = read().map_err(|err| {
                        io::Error::new(err.kind(), format!("{}: {err}", path.display()))
                    });
                    if let Ok(mut slot) = slot.lock() {
                        *slot = Some(result);
                    }
                    Ok(true)
                };
                in_parallel(paths.len(), each, || Ok(()))?;
                let mut batches = Vec::new();
                for slot in done {
                    match slot.into_inner() {
                        Ok(Some(read)) => batches.extend(read?),
                        _ => return Err(io::Error::other("a reader failed")),
                    }
                }
                Ok(batches)
            }
        }
    });
    batches
        .map(|batches| Table::new(schema.clone(), batches))
        .map_err(|err| PyOSError::new_err(err.to_string()))
}

/// The statistics of `source` per start, the columns of `chess960 games --stats --format
/// csv`: each start's games, White's wins, draws, Black's wins and unfinished games, White's
/// score with cutechess's interval (`score_low`, `score_high`) and Wilson's, and the Elo
/// difference with its margin; only games where both Elos are at least `min_elo`, if given.
#[pyfunction]
#[pyo3(signature = (source, *, min_elo = None, assume_chess960 = false))]
pub fn read_stats(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    min_elo: Option<u32>,
    assume_chess960: bool,
) -> PyResult<Table> {
    let source = Source::new(source)?;
    let mut options = Options::default().assume_chess960(assume_chess960);
    if let Some(elo) = min_elo {
        options = options.min_elo(elo);
    }
    let stats = py.detach(|| -> Result<Stats, String> {
        match source {
            Source::Object(object, _) => {
                Stats::read(object_input(object), &options).map_err(|err| err.to_string())
            }
            Source::Paths(paths) => {
                let (stats, errors) = Stats::read_files(&paths, &options, &Progress::default());
                match errors.first() {
                    None => Ok(stats),
                    Some(error) => Err(error.to_string()),
                }
            }
        }
    });
    let stats = stats.map_err(PyOSError::new_err)?;
    let batch = stats::batch(&stats).map_err(|err| PyValueError::new_err(err.to_string()))?;
    Ok(Table::new(batch.schema(), vec![batch]))
}
