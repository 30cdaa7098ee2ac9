//! `read_tree`: the opening trees of `chess960 tree`, counted by `chess960_pgn::tree` with the
//! GIL released, as an Arrow table of a row per node and move, equal to `chess960 tree --all
//! --nodes --format json` (or `--sp`) flattened.

use std::sync::Arc;

use arrow_array::builder::{StringBuilder, UInt16Builder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use chess960_pgn::Progress;
use chess960_pgn::tree::{Plan, Tree};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::failure::{Failure, Raised, interruptible};
use super::source::{Source, object_input};
use super::table::Table;
use crate::pair::DoubleStartingPosition;
use crate::position::StartingPosition;

// `plies = 50` above is lichess's, the library's default: a literal, so that Python shows it.
const _: () = assert!(chess960_pgn::tree::PLIES == 50);

/// The columns, in order.
pub const COLUMNS: [&str; 11] = [
    "white_sp",
    "black_sp",
    "fen",
    "uci",
    "san",
    "white",
    "draws",
    "black",
    "average_rating",
    "rating_sum",
    "rated",
];

/// The opening trees of `source`'s games, as `chess960 tree` counts them: a row per node and
/// move played there, `white_sp`, `black_sp` (the start), `fen` (the node's key: the FEN's
/// first four fields, castling by the rooks' files, en passant only where a capture is
/// legal), the move's `uci` (castling as king takes rook) and `san`, its games `white`,
/// `draws`, `black`, and the mover's Elo: `average_rating` (null without one), `rating_sum`
/// over `rated` games. A node's own results are the sums of its rows. Nodes come breadth
/// first from each start, moves most played first, as `chess960 tree --nodes` writes them.
///
/// `sp`: a start or a list of them (an id, a text as `DoubleStartingPosition.parse` reads it,
/// a `StartingPosition` or a `DoubleStartingPosition`); `None`: every start in the games.
/// `plies`: of each game, counted (50, lichess's). `min_games`: the fewest games a node is
/// kept with (files are read twice, memory bounded by the nodes kept). `max_moves`: the most
/// played moves of each node kept (lichess's `moves=`; all by default). Filters, sources, threads,
/// errors and Ctrl-C as `read_games`'.
#[pyfunction]
#[pyo3(signature = (source, *, sp = None, plies = 50, min_games = 1, max_moves = None, min_elo = None, speed = None, ratings = None, since = None, until = None, assume_chess960 = false, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn read_tree(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    sp: Option<&Bound<'_, PyAny>>,
    plies: u32,
    min_games: u64,
    max_moves: Option<usize>,
    min_elo: Option<u32>,
    speed: Option<&Bound<'_, PyAny>>,
    ratings: Option<&Bound<'_, PyAny>>,
    since: Option<&str>,
    until: Option<&str>,
    assume_chess960: bool,
    threads: Option<usize>,
) -> PyResult<Table> {
    let source = Source::new(source)?;
    let plan = match sp {
        None => Plan::all(),
        Some(sp) => Plan::starts(starts(sp)?),
    };
    let plan = plan.plies(plies).min_games(min_games);
    let options = super::filters::options(min_elo, speed, ratings, since, until, assume_chess960)?
        .threads(threads.unwrap_or(0));
    let (progress, raised) = (Progress::default(), Raised::default());
    let tree = interruptible(py, &progress, || -> Result<Tree, Failure> {
        match source {
            Source::Object(object, _) => {
                let mut input = object_input(object, &raised, &progress);
                Tree::read(&mut input, &options, &plan).map_err(|err| Failure::read(None, err))
            }
            Source::Paths(paths) => {
                let (tree, mut errors) = Tree::read_files(&paths, &options, &plan, &progress);
                match errors.is_empty() {
                    true => Ok(tree),
                    false => Err(errors.swap_remove(0).into()),
                }
            }
        }
    })?;
    let tree = tree.map_err(|failure| failure.into_py(&raised))?;
    let batch = batch(&tree, max_moves.unwrap_or(usize::MAX))
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    Ok(Table::new(batch.schema(), vec![batch]))
}

/// The starts `sp` names: one or a list.
fn starts(sp: &Bound<'_, PyAny>) -> PyResult<Vec<chess960::DoubleStartingPosition>> {
    if sp.is_instance_of::<pyo3::types::PyList>() || sp.is_instance_of::<pyo3::types::PyTuple>() {
        return sp.try_iter()?.map(|item| start(&item?)).collect();
    }
    Ok(vec![start(sp)?])
}

/// One start: an id, a text, a `StartingPosition` or a `DoubleStartingPosition`.
fn start(sp: &Bound<'_, PyAny>) -> PyResult<chess960::DoubleStartingPosition> {
    if let Ok(pair) = sp.extract::<DoubleStartingPosition>() {
        return Ok(pair.0);
    }
    if let Ok(single) = sp.extract::<StartingPosition>() {
        return Ok(single.0.into());
    }
    let text = match sp.extract::<i64>() {
        Ok(id) => id.to_string(),
        Err(_) => sp.extract::<String>()?,
    };
    text.parse::<chess960::DoubleStartingPosition>()
        .map_err(|err| PyValueError::new_err(format!("sp {text:?}: {err}")))
}

/// Every node of every start of the tree, a row per move.
fn batch(tree: &Tree, max_moves: usize) -> Result<RecordBatch, ArrowError> {
    let (mut white_sp, mut black_sp) = (UInt16Builder::new(), UInt16Builder::new());
    let (mut fen, mut uci, mut san) = (
        StringBuilder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
    );
    let mut numbers: [UInt64Builder; 6] = Default::default();
    for start in tree.starts() {
        for node in tree.nodes(start) {
            for mv in node.moves.iter().take(max_moves) {
                white_sp.append_value(start.white().id());
                black_sp.append_value(start.black().id());
                fen.append_value(&node.fen);
                uci.append_value(mv.uci.to_string());
                san.append_value(mv.san.to_string());
                let c = &mv.counts;
                let values = [
                    Some(c.white),
                    Some(c.draws),
                    Some(c.black),
                    c.average_rating(),
                    Some(c.rating_sum),
                    Some(c.rated),
                ];
                for (builder, value) in numbers.iter_mut().zip(values) {
                    builder.append_option(value);
                }
            }
        }
    }
    let mut columns: Vec<ArrayRef> = vec![
        Arc::new(white_sp.finish()),
        Arc::new(black_sp.finish()),
        Arc::new(fen.finish()),
        Arc::new(uci.finish()),
        Arc::new(san.finish()),
    ];
    columns.extend(numbers.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    let fields: Vec<Field> = COLUMNS
        .iter()
        .enumerate()
        .map(|(i, &name)| match i {
            0 | 1 => Field::new(name, DataType::UInt16, false),
            2..=4 => Field::new(name, DataType::Utf8, false),
            _ => Field::new(name, DataType::UInt64, name == "average_rating"),
        })
        .collect();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}
