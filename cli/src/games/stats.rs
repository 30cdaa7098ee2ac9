//! `games --stats`: the library's table (`chess960_pgn::stats::COLUMNS`, a `Row` per start) as
//! text (aligned columns), CSV or JSON Lines. CSV and JSON hold the library's numbers exactly
//! (empty or `null` where there is none, or an Elo bound is infinite); the text table and the
//! map round them: the score to four decimals with Wilson's interval, the Elo to one with the
//! Elo interval of Wilson's bounds.

use std::io::{self, Write};

use std::collections::HashMap;

use chess960::DoubleStartingPosition;
use chess960_engine::Record;
use chess960_pgn::Stats;
use chess960_pgn::stats::{COLUMNS, Row, Value};
use serde_json::{Map, Value as Json};

use super::list::ListFormat;
use crate::json;

/// A number to four decimals, or nothing.
fn four(value: Option<f64>) -> String {
    value.map(|v| format!("{v:.4}")).unwrap_or_default()
}

/// White's score to four decimals; empty without finished games.
pub fn score(row: &Row) -> String {
    four(row.score.map(|s| s.score))
}

/// Wilson's interval as people read it, `0.4021 – 0.5979`; empty without finished games.
pub fn interval(row: &Row) -> String {
    match row.score {
        Some(s) => format!(
            "{} – {}",
            four(Some(s.wilson.low)),
            four(Some(s.wilson.high))
        ),
        None => String::new(),
    }
}

/// The Elo difference with the interval of Wilson's bounds, `+34.9 [-33.1, +102.9]` (`+inf`
/// for a bound that is none); empty without finished games. Never `-0.0`.
pub fn elo(row: &Row) -> String {
    let one = |v: f64| {
        let rounded = (v * 10.0).round() / 10.0 + 0.0;
        format!("{rounded:+.1}")
    };
    match row.elo {
        Some(e) => format!("{} [{}, {}]", one(e.difference), one(e.low), one(e.high)),
        None => String::new(),
    }
}

/// A value as a CSV field: the number exactly as Rust writes it back, or empty.
fn field(value: Value) -> String {
    match value {
        Value::Sp(sp) => sp.to_string(),
        Value::Rank(rank) => rank.to_string(),
        Value::Games(games) => games.to_string(),
        Value::Number(Some(number)) => number.to_string(),
        Value::Number(None) => String::new(),
        _ => String::new(),
    }
}

/// A value in JSON: a number, a string or `null`.
fn json_value(value: Value) -> Json {
    match value {
        Value::Sp(sp) => sp.into(),
        Value::Rank(rank) => rank.to_string().into(),
        Value::Games(games) => games.into(),
        Value::Number(number) => number.into(),
        _ => Json::Null,
    }
}

/// The columns `--evals` adds: an engine's view of the start (empty where it has none).
#[derive(Default)]
pub struct EngineColumns {
    pub engine_cp: Option<i32>,
    pub engine_mate: Option<i32>,
    pub engine_win: Option<u32>,
    pub engine_draw: Option<u32>,
    pub engine_loss: Option<u32>,
    pub engine_best_move: Option<String>,
}

/// Their columns, after the library's.
const ENGINE_COLUMNS: [&str; 6] = [
    "engine_cp",
    "engine_mate",
    "engine_win",
    "engine_draw",
    "engine_loss",
    "engine_best_move",
];

impl EngineColumns {
    /// The columns of `start` in `evals`.
    fn of(evals: &HashMap<DoubleStartingPosition, Record>, start: DoubleStartingPosition) -> Self {
        let Some(found) = evals.get(&start).and_then(|r| r.outcome.as_ref().ok()) else {
            return EngineColumns::default();
        };
        EngineColumns {
            engine_cp: found.score.centipawns(),
            engine_mate: found.score.mate(),
            engine_win: found.wdl.map(|w| w.win),
            engine_draw: found.wdl.map(|w| w.draw),
            engine_loss: found.wdl.map(|w| w.loss),
            engine_best_move: Some(found.best_move.king_two_squares(start).to_string()),
        }
    }

    /// The values, in the order of [`ENGINE_COLUMNS`].
    fn values(&self) -> [Json; 6] {
        [
            self.engine_cp.into(),
            self.engine_mate.into(),
            self.engine_win.into(),
            self.engine_draw.into(),
            self.engine_loss.into(),
            self.engine_best_move.clone().into(),
        ]
    }

    /// For the text table: the score, and the draws in per cent.
    fn text(&self) -> String {
        let score = match (self.engine_cp, self.engine_mate) {
            (Some(cp), _) => format!("{:+.2}", f64::from(cp) / 100.0),
            (_, Some(mate)) => format!("#{mate}"),
            _ => return String::new(),
        };
        match (self.engine_win, self.engine_draw, self.engine_loss) {
            (Some(w), Some(d), Some(l)) if w + d + l > 0 => {
                let rate = 100.0 * f64::from(d) / f64::from(w + d + l);
                format!("{score:>6} {rate:>5.1}%")
            }
            _ => score,
        }
    }
}

/// Writes the table as text (aligned columns), CSV or JSON Lines; with `evals`, an engine's
/// columns beside each start's.
pub fn write(
    out: &mut impl Write,
    table: &Stats,
    format: ListFormat,
    evals: Option<&HashMap<DoubleStartingPosition, Record>>,
) -> io::Result<()> {
    let rows = table.rows().map(|row| {
        let engine = evals.map(|evals| EngineColumns::of(evals, row.start));
        (row, engine)
    });
    let names = || {
        let engine = evals.map(|_| ENGINE_COLUMNS).into_iter().flatten();
        COLUMNS.iter().map(|(name, _)| *name).chain(engine)
    };
    match format {
        ListFormat::Csv => {
            let mut csv = csv::Writer::from_writer(out);
            csv.write_record(names())?;
            for (row, engine) in rows {
                let engine = engine.map(|e| e.values()).into_iter().flatten();
                let engine = engine.map(|value| match value {
                    Json::Null => String::new(),
                    Json::String(text) => text,
                    other => other.to_string(),
                });
                csv.write_record(row.values().map(field).into_iter().chain(engine))?;
            }
            csv.flush()
        }
        ListFormat::Json => rows.into_iter().try_for_each(|(row, engine)| {
            let engine = engine.map(|e| e.values()).into_iter().flatten();
            let values = row.values().map(json_value).into_iter().chain(engine);
            let object: Map<String, Json> = names().map(str::to_owned).zip(values).collect();
            json::write_line(out, &object)
        }),
        ListFormat::Text | ListFormat::MoveErrors => {
            let mut header = format!(
                "{:>7} {:<8} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} {:<15}  elo",
                "sp", "white", "black", "games", "1-0", "½-½", "0-1", "*", "score", "interval"
            );
            if evals.is_some() {
                // The engine's columns start after the Elo's 24.
                let width = header.chars().count() - "elo".len() + 24;
                header = format!("{header:<width$}  {:>6} {:>6}", "engine", "draws");
            }
            writeln!(out, "{header}")?;
            for (row, engine) in rows {
                let (white, black) = (row.start.white(), row.start.black());
                let sp = match row.start.single() {
                    Some(sp) => sp.id().to_string(),
                    None => format!("{}/{}", white.id(), black.id()),
                };
                let (white, black) = (white.to_string(), black.to_string());
                let counts = row.counts;
                let engine = engine.map(|e| e.text()).unwrap_or_default();
                let line = format!(
                    "{sp:>7} {white:<8} {black:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} {:<15}  {:<24}  {engine}",
                    counts.games(),
                    counts.white_wins,
                    counts.draws,
                    counts.black_wins,
                    counts.unfinished,
                    score(&row),
                    interval(&row),
                    elo(&row),
                );
                writeln!(out, "{}", line.trim_end())?;
            }
            Ok(())
        }
    }
}
