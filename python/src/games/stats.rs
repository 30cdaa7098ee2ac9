//! The table of `read_stats`: a row per start, the columns of `chess960 games --stats
//! --format csv`, as numbers (the CSV's rounding left to the reader).

use std::sync::Arc;

use arrow_array::{ArrayRef, Float64Array, RecordBatch, StringArray, UInt16Array, UInt64Array};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use chess960_pgn::Stats;

/// The statistics as one record batch.
pub fn batch(stats: &Stats) -> Result<RecordBatch, ArrowError> {
    let rows: Vec<_> = stats.starts().collect();
    let u16s = |f: fn(&chess960::DoubleStartingPosition) -> u16| -> ArrayRef {
        Arc::new(
            rows.iter()
                .map(|(start, _)| f(start))
                .collect::<UInt16Array>(),
        )
    };
    let ranks = |white: bool| -> ArrayRef {
        let rank = |start: &chess960::DoubleStartingPosition| match white {
            true => start.white().to_string(),
            false => start.black().to_string(),
        };
        Arc::new(
            rows.iter()
                .map(|(s, _)| Some(rank(s)))
                .collect::<StringArray>(),
        )
    };
    let counts = |f: fn(&chess960_pgn::Counts) -> u64| -> ArrayRef {
        Arc::new(rows.iter().map(|(_, c)| f(c)).collect::<UInt64Array>())
    };
    let scores = |f: fn(chess960_pgn::Score) -> Option<f64>| -> ArrayRef {
        Arc::new(
            rows.iter()
                .map(|(_, c)| c.score().and_then(f))
                .collect::<Float64Array>(),
        )
    };
    let float = |name: &str| Field::new(name, DataType::Float64, true);
    let count = |name: &str| Field::new(name, DataType::UInt64, false);
    let schema = Schema::new(vec![
        Field::new("white_sp", DataType::UInt16, false),
        Field::new("black_sp", DataType::UInt16, false),
        Field::new("white_rank", DataType::Utf8, false),
        Field::new("black_rank", DataType::Utf8, false),
        count("games"),
        count("white_wins"),
        count("draws"),
        count("black_wins"),
        count("unfinished"),
        float("score"),
        float("score_low"),
        float("score_high"),
        float("wilson_low"),
        float("wilson_high"),
        float("elo"),
        float("elo_margin"),
    ]);
    RecordBatch::try_new(
        Arc::new(schema),
        vec![
            u16s(|s| s.white().id()),
            u16s(|s| s.black().id()),
            ranks(true),
            ranks(false),
            counts(|c| c.games()),
            counts(|c| c.white_wins),
            counts(|c| c.draws),
            counts(|c| c.black_wins),
            counts(|c| c.unfinished),
            scores(|s| Some(s.score)),
            scores(|s| Some(s.normal.low)),
            scores(|s| Some(s.normal.high)),
            scores(|s| Some(s.wilson.low)),
            scores(|s| Some(s.wilson.high)),
            scores(|s| s.elo().map(|e| e.difference)),
            scores(|s| s.elo().and_then(|e| e.margin)),
        ],
    )
}
