//! `games --stats`: a row per start, as text (aligned columns), CSV or JSON Lines, from the
//! library's `chess960_pgn::Stats`. White's score with two 95% intervals: Wilson's (shown in
//! the text table and the map) and cutechess's (`score_low`, `score_high`), and the Elo
//! difference with cutechess's margin.

use std::io::{self, Write};

use chess960::DoubleStartingPosition;
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

/// Writes the table as text (aligned columns), CSV or JSON Lines.
pub fn write(out: &mut impl Write, table: &Stats, format: ListFormat) -> io::Result<()> {
    let rows = table
        .starts()
        .map(|(start, counts)| Row::new(start, counts));
    match format {
        ListFormat::Csv => {
            writeln!(out, "{CSV_HEADER}")?;
            let mut csv = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(out);
            for row in rows {
                csv.serialize(row)?;
            }
            csv.flush()
        }
        ListFormat::Json => rows
            .into_iter()
            .try_for_each(|row| json::write_line(out, &row)),
        ListFormat::Text => {
            writeln!(
                out,
                "{:>7} {:<8} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} {:<15}  elo",
                "sp", "white", "black", "games", "1-0", "½-½", "0-1", "*", "score", "interval"
            )?;
            for row in rows {
                let sp = if row.white_sp == row.black_sp {
                    row.white_sp.to_string()
                } else {
                    format!("{}/{}", row.white_sp, row.black_sp)
                };
                let (interval, elo) = (row.interval(), row.elo());
                let line = format!(
                    "{sp:>7} {:<8} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} {interval:<15}  {elo}",
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
