//! The Python module `chess960._chess960`, which the package `chess960` (PyPI: `chess960-rs`)
//! re-exports: the crate's starts, castlings, books and draws as Python classes
//! (`position.rs`, `pair.rs`, `castling.rs`, `book.rs`), game databases as Arrow tables
//! (`games/`), the opening explorer on disk that `chess960 index add` makes (`index/`), eval
//! records and the shipped table of the 960 (`evals.rs`). The `chess960` command is the wheel
//! `chess960-cli` (cli/pyproject.toml), a dependency: this module links neither the command
//! line nor an HTTP stack. Errors are `ValueError`s (`error.rs`); `args.rs` reads the names Python
//! passes for notations and numberings.

mod args;
mod book;
mod castling;
mod error;
mod evals;
mod games;
mod index;
mod pair;
mod position;

use pyo3::prelude::*;

/// The compiled part of the `chess960` package.
#[pymodule]
fn _chess960(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<position::StartingPosition>()?;
    m.add_class::<pair::DoubleStartingPosition>()?;
    m.add_class::<castling::Castling>()?;
    m.add_class::<book::Book>()?;
    m.add_class::<book::BookEntry>()?;
    m.add_class::<book::BookIter>()?;
    m.add_class::<games::Table>()?;
    m.add_class::<games::TableIter>()?;
    m.add_function(wrap_pyfunction!(games::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(games::read_stats, m)?)?;
    m.add_function(wrap_pyfunction!(games::read_tree, m)?)?;
    m.add_class::<index::Index>()?;
    m.add_function(wrap_pyfunction!(index::open_index, m)?)?;
    m.add_function(wrap_pyfunction!(evals::read_evals, m)?)?;
    m.add_function(wrap_pyfunction!(evals::engine_table, m)?)?;
    error::add(m)
}
