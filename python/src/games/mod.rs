//! `read_games`, `read_stats` and `read_tree` (`tree.rs`): PGN databases read by `chess960-pgn` with the GIL released,
//! into Arrow tables (`table.rs`): a row per game (`columns.rs`) or per start (`stats.rs`);
//! `source.rs` turns what Python hands in into inputs.

mod columns;
mod failure;
mod source;
mod stats;
mod table;
mod tree;

use std::io;
use std::sync::Arc;

use arrow_array::StringArray;
use arrow_schema::ArrowError;
use chess960_pgn::{Options, Progress, Stats, read, read_files};
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
/// `standard`, `variant`, `unknown`) and, without a start, why (`note`); only games where
/// both Elos are at least `min_elo`, if given.
///
/// With `moves` (or `max_plies`), each game's mainline is replayed from its start, at most
/// `max_plies` plies, as `chess960 games --moves` does: `plies`, `moves` (a list of UCI
/// moves, castling as king takes rook) and `move_error` (why the replay stopped before the
/// movetext's end: ply, move and rule; null if it did not) follow.
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
#[pyo3(signature = (source, *, min_elo = None, assume_chess960 = false, moves = false, max_plies = None))]
pub fn read_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    min_elo: Option<u32>,
    assume_chess960: bool,
    moves: bool,
    max_plies: Option<u32>,
) -> PyResult<Table> {
    let source = Source::new(source)?;
    let mut options = options(min_elo, assume_chess960).moves(moves);
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
                for file in read_files(&paths, &options, &progress, new) {
                    if let Some(error) = file.error {
                        return Err(error.into());
                    }
                    for part in file.parts {
                        let (games, bytes) = (part.games_before, part.bytes_before);
                        batches.extend(
                            columns::shifted(part.sink.batches, games, bytes).map_err(arrow)?,
                        );
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

/// How games are read: only those whose Elos are both at least `min_elo`, if given.
fn options(min_elo: Option<u32>, assume_chess960: bool) -> Options {
    let options = Options::default().assume_chess960(assume_chess960);
    match min_elo {
        Some(elo) => options.min_elo(elo),
        None => options,
    }
}

/// The statistics of `source` per start, the columns of `chess960 games --stats --format
/// csv`: each start's games, White's wins, draws, Black's wins and unfinished games, White's
/// score with cutechess's interval (`normal_low`, `normal_high`) and Wilson's (`wilson_low`,
/// `wilson_high`), and the Elo difference with the Elo interval of Wilson's bounds
/// (`elo_low`, `elo_high`; null where infinite); only games where both Elos are at least
/// `min_elo`, if given.
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
    let options = options(min_elo, assume_chess960);
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
