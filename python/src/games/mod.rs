//! `read_games` and `read_stats`: PGN databases read by `chess960-pgn` with the GIL released,
//! into Arrow tables (`table.rs`): a row per game (`columns.rs`) or per start (`stats.rs`);
//! `source.rs` turns what Python hands in into inputs.

mod columns;
mod failure;
mod source;
mod stats;
mod table;

use std::io;
use std::path::Path;
use std::sync::{Arc, Mutex};

use arrow_array::{RecordBatch, StringArray};
use chess960_pgn::{Input, Options, Progress, Stats, in_parallel, read, read_halves};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use columns::Columns;
use failure::{Failure, Raised, interruptible};
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
///
/// A file that cannot be read raises the `OSError` its errno names (`FileNotFoundError`,
/// `PermissionError`, `IsADirectoryError`, …, with `errno` and `filename`); one that fails
/// part way, an `OSError` saying after how many games; a file object's own exception is
/// raised as it was; Ctrl-C stops the read with `KeyboardInterrupt`.
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
    let (progress, raised) = (Progress::default(), Raised::default());
    let batches = interruptible(py, &progress, || -> Result<_, Failure> {
        let new = |file: usize| {
            Columns::new(
                schema.clone(),
                names.clone(),
                u32::try_from(file).unwrap_or(0),
            )
        };
        let closed =
            |path: Option<&Path>, err: String| Failure::new(path, None, io::Error::other(err));
        match source {
            Source::Object(object, _) => {
                let mut columns = new(0);
                read(
                    &mut object_input(object, &raised, &progress),
                    &mut columns,
                    &options,
                )
                .map_err(|err| Failure::read(None, err))?;
                columns
                    .close()
                    .map_err(|err| closed(None, err.to_string()))?;
                Ok(columns.batches)
            }
            Source::Paths(paths) => {
                type Done = Mutex<Option<Result<Vec<RecordBatch>, Failure>>>;
                let done: Vec<Done> = paths.iter().map(|_| Mutex::new(None)).collect();
                let each = |i: usize| -> io::Result<bool> {
                    let (Some(path), Some(slot)) = (paths.get(i), done.get(i)) else {
                        return Ok(true);
                    };
                    let at = Some(path.as_path());
                    let read = || -> Result<Vec<RecordBatch>, Failure> {
                        // One large plain file: in two halves, on two threads.
                        let halves = match paths.len() {
                            1 => read_halves(path, || new(i), &options, &progress)
                                .map_err(|err| Failure::new(at, None, err))?,
                            _ => None,
                        };
                        if let Some(halves) = halves {
                            halves.ended.map_err(|err| Failure::read(at, err))?;
                            let (mut first, mut second) = (halves.first, halves.second);
                            first.close().map_err(|err| closed(at, err.to_string()))?;
                            second.close().map_err(|err| closed(at, err.to_string()))?;
                            let second =
                                columns::shifted(second.batches, first.games, halves.middle)
                                    .map_err(|err| closed(at, err.to_string()))?;
                            return Ok([first.batches, second].concat());
                        }
                        let mut columns = new(i);
                        let mut input = Input::open_with(path, &progress)
                            .map_err(|err| Failure::new(at, None, err))?;
                        read(&mut input, &mut columns, &options)
                            .map_err(|err| Failure::read(at, err))?;
                        columns.close().map_err(|err| closed(at, err.to_string()))?;
                        Ok(columns.batches)
                    };
                    let result = read();
                    if let Ok(mut slot) = slot.lock() {
                        *slot = Some(result);
                    }
                    Ok(true)
                };
                in_parallel(paths.len(), each, || Ok(()))
                    .map_err(|err| Failure::new(None, None, err))?;
                let mut batches = Vec::new();
                for slot in done {
                    match slot.into_inner() {
                        Ok(Some(read)) => batches.extend(read?),
                        _ => return Err(closed(None, "a reader failed".to_owned())),
                    }
                }
                Ok(batches)
            }
        }
    })?;
    batches
        .map(|batches| Table::new(schema.clone(), batches))
        .map_err(|failure| failure.into_py(&raised))
}

/// The statistics of `source` per start, the columns of `chess960 games --stats --format
/// csv`: each start's games, White's wins, draws, Black's wins and unfinished games, White's
/// score with cutechess's interval (`score_low`, `score_high`) and Wilson's, and the Elo
/// difference with its margin; only games where both Elos are at least `min_elo`, if given.
/// Errors and Ctrl-C as `read_games`'.
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
    let (progress, raised) = (Progress::default(), Raised::default());
    let stats = interruptible(py, &progress, || -> Result<Stats, Failure> {
        match source {
            Source::Object(object, _) => {
                let mut stats = Stats::default();
                read(
                    &mut object_input(object, &raised, &progress),
                    &mut stats,
                    &options,
                )
                .map_err(|err| Failure::read(None, err))?;
                Ok(stats)
            }
            Source::Paths(paths) => {
                let (stats, mut errors) = Stats::read_files(&paths, &options, &progress);
                match errors.is_empty() {
                    true => Ok(stats),
                    false => Err(errors.swap_remove(0).into()),
                }
            }
        }
    })?;
    let stats = stats.map_err(|failure| failure.into_py(&raised))?;
    let batch = stats::batch(&stats).map_err(|err| PyValueError::new_err(err.to_string()))?;
    Ok(Table::new(batch.schema(), vec![batch]))
}
