//! `read_evals` and `engine_table`: eval records (`chess960 eval --out`, CSV or JSON Lines) as
//! Arrow tables with the CSV's columns, read by `chess960-engine` as every reader of the tool
//! reads them (a position's latest record counts); and the table of the 960 that the crates
//! ship.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use chess960::book::BookEntry;
use chess960_engine::{COLUMNS, Positions, Record, Records, is_number, latest, table_960};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::games::Table;

/// The eval records of the file at `path` (`chess960 eval --out FILE`, CSV or JSON Lines),
/// each position's latest record (a rerun appends one after a failure) in the order the
/// positions first appear, or with `latest=False` every record in file order; as an Arrow
/// table with the CSV's columns: `sp`, `rank` (`white_sp`, `white_rank`, `black_sp`,
/// `black_rank` for Double Fischer Random pairs), then `cp`, `mate`, `win`, `draw`, `loss`,
/// `depth`, `seldepth`, `nodes`, `time_ms` (integers, null where the CSV is empty),
/// `best_move`, `best_move_kxr`, `engine`, `limit`, `status` and `error`. A line that is no
/// record raises `ValueError` naming it; a file that cannot be read, its `OSError`.
#[pyfunction]
#[pyo3(signature = (path, *, latest = true))]
pub fn read_evals(py: Python<'_>, path: PathBuf, latest: bool) -> PyResult<Table> {
    let records = py.detach(|| -> PyResult<Vec<Record>> {
        let file = File::open(&path)?;
        let shown = path.display();
        let records = Records::new(BufReader::new(file))
            .map(|read| read.map_err(|err| PyValueError::new_err(format!("{shown}: {err}"))));
        match latest {
            true => latest_of(records),
            false => records.collect(),
        }
    })?;
    table(&records)
}

/// Each position's latest record.
fn latest_of(records: impl Iterator<Item = PyResult<Record>>) -> PyResult<Vec<Record>> {
    let kept = latest(records, Ok)?;
    Ok(kept.into_iter().map(|(_, record)| record).collect())
}

/// The table of the 960 starts evaluated by Stockfish that the package ships (as `chess960
/// show` quotes it; its making is in the repository's `scripts/eval-table.sh`): the columns
/// of `read_evals`, a row per start in id order.
#[pyfunction]
pub fn engine_table() -> PyResult<Table> {
    table(&table_960().collect::<Vec<_>>())
}

/// The records as one record batch, with the columns of a CSV of them.
fn table(records: &[Record]) -> PyResult<Table> {
    let pairs = records
        .iter()
        .any(|record| matches!(record.position, BookEntry::Dfrc(_)));
    let positions = Positions::pairs_if(pairs);
    let names: Vec<&str> = positions
        .columns()
        .iter()
        .chain(&COLUMNS)
        .copied()
        .collect();
    let mut numbers: Vec<Option<Int64Builder>> = names
        .iter()
        .map(|name| is_number(name).then(Int64Builder::new))
        .collect();
    let mut texts: Vec<StringBuilder> = names.iter().map(|_| StringBuilder::new()).collect();
    for record in records {
        let values = record
            .position_values(positions)
            .into_iter()
            .chain(record.values());
        for ((number, text), value) in numbers.iter_mut().zip(&mut texts).zip(values) {
            match number {
                Some(number) => number.append_option(value.parse::<i64>().ok()),
                None if value.is_empty() => text.append_null(),
                None => text.append_value(value),
            }
        }
    }
    let fields: Vec<Field> = names
        .iter()
        .map(|name| match is_number(name) {
            true => Field::new(*name, DataType::Int64, true),
            false => Field::new(*name, DataType::Utf8, true),
        })
        .collect();
    let columns: Vec<ArrayRef> = numbers
        .iter_mut()
        .zip(&mut texts)
        .map(|(number, text)| -> ArrayRef {
            match number {
                Some(number) => Arc::new(number.finish()),
                None => Arc::new(text.finish()),
            }
        })
        .collect();
    let schema = Arc::new(Schema::new(fields));
    let batch = RecordBatch::try_new(schema.clone(), columns)
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    Ok(Table::new(schema, vec![batch]))
}
