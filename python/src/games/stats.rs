//! The table of `read_stats`: the library's `stats::COLUMNS`, a row per start, as `chess960
//! games --stats --format csv` writes them, numbers as they are (the text table's rounding
//! left to the reader; null where the CSV is empty).

use std::sync::Arc;

use arrow_array::builder::{Float64Builder, StringBuilder, UInt16Builder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use chess960_pgn::Stats;
use chess960_pgn::stats::{COLUMNS, Column, Value};

/// The builder of one column.
enum Builder {
    Sp(UInt16Builder),
    Rank(StringBuilder),
    Games(UInt64Builder),
    Number(Float64Builder),
}

/// The statistics as one record batch.
pub fn batch(stats: &Stats) -> Result<RecordBatch, ArrowError> {
    let mut builders: Vec<Builder> = COLUMNS
        .iter()
        .map(|(_, column)| match column {
            Column::Sp => Builder::Sp(UInt16Builder::new()),
            Column::Rank => Builder::Rank(StringBuilder::new()),
            Column::Games => Builder::Games(UInt64Builder::new()),
            Column::Number => Builder::Number(Float64Builder::new()),
        })
        .collect();
    for row in stats.rows() {
        for (builder, value) in builders.iter_mut().zip(row.values()) {
            match (builder, value) {
                (Builder::Sp(b), Value::Sp(sp)) => b.append_value(sp),
                (Builder::Rank(b), Value::Rank(rank)) => b.append_value(rank.to_string()),
                (Builder::Games(b), Value::Games(games)) => b.append_value(games),
                (Builder::Number(b), Value::Number(number)) => b.append_option(number),
                _ => return Err(ArrowError::SchemaError("a value of another column".into())),
            }
        }
    }
    let fields: Vec<Field> = COLUMNS
        .iter()
        .map(|&(name, column)| match column {
            Column::Sp => Field::new(name, DataType::UInt16, false),
            Column::Rank => Field::new(name, DataType::Utf8, false),
            Column::Games => Field::new(name, DataType::UInt64, false),
            Column::Number => Field::new(name, DataType::Float64, true),
        })
        .collect();
    let columns: Vec<ArrayRef> = builders
        .iter_mut()
        .map(|builder| -> ArrayRef {
            match builder {
                Builder::Sp(b) => Arc::new(b.finish()),
                Builder::Rank(b) => Arc::new(b.finish()),
                Builder::Games(b) => Arc::new(b.finish()),
                Builder::Number(b) => Arc::new(b.finish()),
            }
        })
        .collect();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}
