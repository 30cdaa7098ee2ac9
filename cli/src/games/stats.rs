//! `games --stats`: a row per start, as text (aligned columns), CSV or JSON Lines, from the
//! library's `chess960_pgn::Stats`. White's score with two 95% intervals: Wilson's (shown in
//! the text table and the map) and cutechess's (`score_low`, `score_high`), and the Elo
//! difference with cutechess's margin.

use std::io::{self, Write};

use std::collections::HashMap;

use chess960::DoubleStartingPosition;
use chess960_engine::Record;
use chess960_pgn::{Counts, Stats};
use serde::Serialize;

use super::list::ListFormat;
use crate::json;

/// The CSV header of the statistics.
pub const CSV_HEADER: &str = "white_sp,black_sp,white_rank,black_rank,games,white_wins,draws,black_wins,unfinished,score,score_low,score_high,wilson_low,wilson_high,elo,elo_margin";

/// One start's row; numbers are empty without finished games (the Elo also for a score of 0
/// or 1, its margin when the normal interval leaves (0, 1)).
#[derive(Serialize)]
pub struct Row {
    pub white_sp: u16,
    pub black_sp: u16,
    pub white_rank: String,
    pub black_rank: String,
    pub games: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    pub unfinished: u64,
    /// Four decimals.
    pub score: String,
    /// cutechess's normal interval.
    pub score_low: String,
    pub score_high: String,
    /// Wilson's score interval.
    pub wilson_low: String,
    pub wilson_high: String,
    /// One decimal.
    pub elo: String,
    pub elo_margin: String,
}

impl Row {
    /// Wilson's interval as people read it, `0.4021 – 0.5979`; empty without finished games.
    pub fn interval(&self) -> String {
        if self.score.is_empty() {
            String::new()
        } else {
            format!("{} – {}", self.wilson_low, self.wilson_high)
        }
    }

    /// The Elo difference as cutechess prints it, `+35.2 ± 20.1`.
    pub fn elo(&self) -> String {
        match (self.elo.as_str(), self.elo_margin.as_str()) {
            ("", _) => String::new(),
            (elo, "") => elo.to_owned(),
            (elo, margin) => format!("{elo} ± {margin}"),
        }
    }

    pub fn new(start: DoubleStartingPosition, counts: Counts) -> Row {
        let four = |v: f64| format!("{v:.4}");
        let score = counts.score();
        let elo = score.and_then(|score| score.elo());
        Row {
            white_sp: start.white().id(),
            black_sp: start.black().id(),
            white_rank: start.white().to_string(),
            black_rank: start.black().to_string(),
            games: counts.games(),
            white_wins: counts.white_wins,
            draws: counts.draws,
            black_wins: counts.black_wins,
            unfinished: counts.unfinished,
            score: score.map(|s| four(s.score)).unwrap_or_default(),
            score_low: score.map(|s| four(s.normal.low)).unwrap_or_default(),
            score_high: score.map(|s| four(s.normal.high)).unwrap_or_default(),
            wilson_low: score.map(|s| four(s.wilson.low)).unwrap_or_default(),
            wilson_high: score.map(|s| four(s.wilson.high)).unwrap_or_default(),
            elo: elo
                .map(|e| format!("{:+.1}", e.difference))
                .unwrap_or_default(),
            elo_margin: elo
                .and_then(|e| e.margin)
                .map(|m| format!("{m:.1}"))
                .unwrap_or_default(),
        }
    }
}

/// The columns `--evals` adds: an engine's view of the start (empty where it has none).
#[derive(Serialize, Default)]
pub struct EngineColumns {
    pub engine_cp: Option<i32>,
    pub engine_mate: Option<i32>,
    pub engine_win: Option<u32>,
    pub engine_draw: Option<u32>,
    pub engine_loss: Option<u32>,
    pub engine_best_move: Option<String>,
}

/// A row and its engine's columns, as one JSON object.
#[derive(Serialize)]
struct WithEngine {
    #[serde(flatten)]
    row: Row,
    #[serde(flatten)]
    engine: EngineColumns,
}

/// Their CSV header, after [`CSV_HEADER`].
const ENGINE_HEADER: &str =
    "engine_cp,engine_mate,engine_win,engine_draw,engine_loss,engine_best_move";

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
    let rows = table.starts().map(|(start, counts)| {
        let engine = evals.map(|evals| EngineColumns::of(evals, start));
        (Row::new(start, counts), engine)
    });
    match format {
        ListFormat::Csv => {
            match evals {
                Some(_) => writeln!(out, "{CSV_HEADER},{ENGINE_HEADER}")?,
                None => writeln!(out, "{CSV_HEADER}")?,
            }
            let mut csv = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(out);
            for row in rows {
                match row {
                    (row, Some(engine)) => csv.serialize((row, engine))?,
                    (row, None) => csv.serialize(row)?,
                }
            }
            csv.flush()
        }
        ListFormat::Json => rows.into_iter().try_for_each(|(row, engine)| match engine {
            None => json::write_line(out, &row),
            Some(engine) => json::write_line(out, &WithEngine { row, engine }),
        }),
        ListFormat::Text => {
            let mut header = format!(
                "{:>7} {:<8} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} {:<15}  elo",
                "sp", "white", "black", "games", "1-0", "½-½", "0-1", "*", "score", "interval"
            );
            if evals.is_some() {
                // The engine's columns start after the Elo's 14.
                let width = header.chars().count() - "elo".len() + 14;
                header = format!("{header:<width$}  {:>6} {:>6}", "engine", "draws");
            }
            writeln!(out, "{header}")?;
            for (row, engine) in rows {
                let sp = if row.white_sp == row.black_sp {
                    row.white_sp.to_string()
                } else {
                    format!("{}/{}", row.white_sp, row.black_sp)
                };
                let (interval, elo) = (row.interval(), row.elo());
                let engine = engine.map(|e| e.text()).unwrap_or_default();
                let line = format!(
                    "{sp:>7} {:<8} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} {interval:<15}  {elo:<14}  {engine}",
                    row.white_rank,
                    row.black_rank,
                    row.games,
                    row.white_wins,
                    row.draws,
                    row.black_wins,
                    row.unfinished,
                    row.score
                );
                writeln!(out, "{}", line.trim_end())?;
            }
            Ok(())
        }
    }
}
