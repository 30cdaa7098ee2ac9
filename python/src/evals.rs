//! `read_evals` and `engine_table`: eval records (`chess960 eval --out`, CSV or JSON Lines) as
//! Arrow tables with the CSV's columns, read by `chess960-engine` as every reader of the tool
//! reads them (a position's latest record counts), of starts or of positions (`eval
//! --from-index`, a row a line); and the table of the 960 that the crates ship.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use chess960::book::BookEntry;
use chess960_engine::{
    ANALYSIS_COLUMNS, AnalysisRecord, AnalysisRecords, COLUMNS, Positions, Record, Records,
    is_number, latest, table_960,
};
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
///
/// A file of positions (`chess960 eval --from-index --out`, its header `fen,multipv,…`) gives
/// a row a line (MultiPV) with its columns: `fen`, `multipv`, `cp`, `mate`, `win`, `draw`,
/// `loss`, `depth`, `seldepth`, `nodes`, `time_ms`, `pv`, `engine`, `limit`, `threads`,
/// `status`, `error`; the latest record of a position is all its lines.
#[pyfunction]
#[pyo3(signature = (path, *, latest = true))]
pub fn read_evals(py: Python<'_>, path: PathBuf, latest: bool) -> PyResult<Table> {
    let shown = path.display().to_string();
    let bad = move |err: &dyn std::fmt::Display| PyValueError::new_err(format!("{shown}: {err}"));
    if py.detach(|| of_positions(&path))? {
        let records = py.detach(|| -> PyResult<Vec<AnalysisRecord>> {
            let records = AnalysisRecords::new(BufReader::new(File::open(&path)?))
                .map(|read| read.map_err(|err| bad(&err)));
            latest_or_all(records, latest)
        })?;
        let rows = records.iter().flat_map(AnalysisRecord::rows);
        return columns_table(&ANALYSIS_COLUMNS, rows);
    }
    let records = py.detach(|| -> PyResult<Vec<Record>> {
        let records = Records::new(BufReader::new(File::open(&path)?))
            .map(|read| read.map_err(|err| bad(&err)));
        latest_or_all(records, latest)
    })?;
    table(&records)
}

/// Each position's latest record, or with `latest` false every record.
fn latest_or_all<R: chess960_engine::Keyed>(
    records: impl Iterator<Item = PyResult<R>>,
    latest_only: bool,
) -> PyResult<Vec<R>> {
    if !latest_only {
        return records.collect();
    }
    let kept = latest(records, Ok)?;
    Ok(kept.into_iter().map(|(_, record)| record).collect())
}

/// Whether the file at `path` holds analyses of positions: its first line that is no comment
/// or blank is the header `fen,…`, or a JSON object with a key `fen`.
fn of_positions(path: &PathBuf) -> PyResult<bool> {
    let mut lines = BufReader::new(File::open(path)?).lines();
    while let Some(line) = lines.next().transpose()? {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        return Ok(line.starts_with("fen,") || (line.starts_with('{') && line.contains("\"fen\"")));
    }
    Ok(false)
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
    let rows = records.iter().map(|record| {
        let mut row = record.position_values(positions);
        row.extend(record.values());
        row
    });
    columns_table(&names, rows)
}

/// `rows` (values as CSV writes them) as one record batch with the columns `names`: numbers
/// as integers, empty values as nulls.
fn columns_table<Row: IntoIterator<Item = String>>(
    names: &[&str],
    rows: impl Iterator<Item = Row>,
) -> PyResult<Table> {
    let mut numbers: Vec<Option<Int64Builder>> = names
        .iter()
        .map(|name| is_number(name).then(Int64Builder::new))
        .collect();
    let mut texts: Vec<StringBuilder> = names.iter().map(|_| StringBuilder::new()).collect();
    for values in rows {
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
