//! `read_games`, `read_stats` and `read_tree` (`tree.rs`): PGN databases read by `chess960-pgn` with the GIL released,
//! into Arrow tables (`table.rs`): a row per game (`columns.rs`) or per start (`stats.rs`);
//! `source.rs` turns what Python hands in into inputs.

mod columns;
mod failure;
mod filters;
mod source;
mod stats;
mod table;
mod tree;

use std::io;
use std::sync::Arc;

use arrow_array::StringArray;
use arrow_schema::ArrowError;
use chess960_pgn::{PartStart, Progress, Stats, read, read_files};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use columns::Columns;
use failure::{Failure, Raised, interruptible};
use source::{Source, object_input};
pub use table::{Table, TableIter};
pub use tree::read_tree;

/// Every game of `source`, the columns of `chess960 games --format csv`: its file, number in
/// the file, start (`white_sp`, `black_sp`: Scharnagl ids, and `white_rank`, `black_rank`;
/// null without a start), result, Variant tag, Elos, byte offset, kind (`chess960`, `dfrc`,
/// `standard`, `variant`, `unknown`) and, without a start, why (`note`).
///
/// The filters, as `chess960 games` takes them (every reader takes the same): `min_elo`
/// (both players' Elo tags at least it), `speed` (`"blitz"` or a list: lichess's rule on
/// `TimeControl`), `ratings` (lichess's rating groups of the players' average Elo, by lower
/// bound: `1600` or a list), `since` and `until` (`"2024-03"`, by `UTCDate`, else `Date`),
/// `assume_chess960`; a name that is none of these, or `since` after `until`, raises
/// `ValueError`.
///
/// With `moves` (or `max_plies`), each game's mainline is replayed from its start, at most
/// `max_plies` plies, as `chess960 games --moves` does: `plies`, `moves` (a list of UCI
/// moves, castling as king takes rook) and `move_error` (why the replay stopped before the
/// movetext's end: ply, move and rule; null if it did not) follow.
///
/// `source` is a path (`-`: standard input), a list of paths (read on every core, each file
/// in parts: `threads` of them, by default one per core; the table is the same whatever the
/// number) or a binary file object (its `name` in the `file` column); plain PGN, gzip, zstd
/// or bzip2, told apart by their first bytes.
///
/// A file that cannot be read raises the `OSError` its errno names (`FileNotFoundError`,
/// `PermissionError`, `IsADirectoryError`, …, with `errno` and `filename`); one that fails
/// part way, an `OSError` saying after how many games; a file object's own exception is
/// raised as it was; Ctrl-C stops the read with `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (source, *, min_elo = None, speed = None, ratings = None, since = None, until = None, assume_chess960 = false, moves = false, max_plies = None, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn read_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    min_elo: Option<u32>,
    speed: Option<&Bound<'_, PyAny>>,
    ratings: Option<&Bound<'_, PyAny>>,
    since: Option<&str>,
    until: Option<&str>,
    assume_chess960: bool,
    moves: bool,
    max_plies: Option<u32>,
    threads: Option<usize>,
) -> PyResult<Table> {
    let source = Source::new(source)?;
    let options = filters::options(min_elo, speed, ratings, since, until, assume_chess960)?;
    let mut options = options.moves(moves).threads(threads.unwrap_or(0));
    if let Some(plies) = max_plies {
        options = options.max_plies(plies);
    }
    let moves = options.moves;
    let names = Arc::new(StringArray::from(source.names()));
    let schema = columns::schema(moves);
    let (progress, raised) = (Progress::default(), Raised::default());
    let batches = interruptible(py, &progress, || -> Result<_, Failure> {
        let new = |file: usize| {
            Columns::new(
                schema.clone(),
                names.clone(),
                u32::try_from(file).unwrap_or(0),
                moves,
            )
        };
        let arrow = |err: ArrowError| Failure::new(None, None, io::Error::other(err.to_string()));
        match source {
            Source::Object(object, _) => {
                let mut columns = new(0);
                read(
                    &mut object_input(object, &raised, &progress),
                    &mut columns,
                    &options,
                )
                .map_err(|err| Failure::read(None, err))?;
                Ok(columns.batches)
            }
            Source::Paths(paths) => {
                let mut batches = Vec::new();
                let mut failed = None;
                let each = |part: PartStart, columns: Columns| {
                    let (games, bytes) = (part.games_before, part.bytes_before);
                    match columns::shifted(columns.batches, games, bytes) {
                        Ok(shifted) => batches.extend(shifted),
                        Err(err) => {
                            let error = io::Error::other(err.to_string());
                            failed = Some(arrow(err));
                            return Err(error);
                        }
                    }
                    Ok(())
                };
                let read = read_files(&paths, &options, &progress, |part| new(part.file), each);
                if let Some(failure) = failed {
                    return Err(failure);
                }
                let read = read.map_err(|err| Failure::new(None, None, err))?;
                if let Some(error) = read.into_iter().next() {
                    return Err(error.into());
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
/// score with cutechess's interval (`normal_low`, `normal_high`) and Wilson's (`wilson_low`,
/// `wilson_high`), and the Elo difference with the Elo interval of Wilson's bounds
/// (`elo_low`, `elo_high`; null where infinite). Filters, threads, errors and Ctrl-C as
/// `read_games`'.
#[pyfunction]
#[pyo3(signature = (source, *, min_elo = None, speed = None, ratings = None, since = None, until = None, assume_chess960 = false, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn read_stats(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    min_elo: Option<u32>,
    speed: Option<&Bound<'_, PyAny>>,
    ratings: Option<&Bound<'_, PyAny>>,
    since: Option<&str>,
    until: Option<&str>,
    assume_chess960: bool,
    threads: Option<usize>,
) -> PyResult<Table> {
    let source = Source::new(source)?;
    let options = filters::options(min_elo, speed, ratings, since, until, assume_chess960)?
        .threads(threads.unwrap_or(0));
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
