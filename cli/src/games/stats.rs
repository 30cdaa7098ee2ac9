//! Statistics per start: games, White's wins, draws, Black's wins, unfinished games, and White's
//! score with its 95% interval, as cutechess and fastchess compute it (the normal approximation
//! of the per-game results 1, ½, 0).

use std::collections::BTreeMap;
use std::io::{self, Write};

use chess960::{DoubleStartingPosition, StartingPosition};
use serde::Serialize;

use super::game::Game;
use super::read::Sink;
use crate::json;

/// The 97.5% quantile of the standard normal distribution, as cutechess and fastchess use it.
const Z: f64 = 1.959964;

/// The results of the games from one start.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Counts {
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// `*`, a missing Result, or anything else.
    pub unfinished: u64,
}

impl Counts {
    fn add(&mut self, result: &str) {
        match result.trim() {
            "1-0" => self.white_wins += 1,
            "1/2-1/2" => self.draws += 1,
            "0-1" => self.black_wins += 1,
            _ => self.unfinished += 1,
        }
    }

    fn merge(&mut self, other: Counts) {
        self.white_wins += other.white_wins;
        self.draws += other.draws;
        self.black_wins += other.black_wins;
        self.unfinished += other.unfinished;
    }

    /// All games, unfinished ones included.
    pub fn games(self) -> u64 {
        self.white_wins + self.draws + self.black_wins + self.unfinished
    }

    /// White's score and its 95% interval, over the finished games (none without them):
    /// score = (wins + draws/2)/n, margin = 1.959964·sqrt(variance/n), the variance being that
    /// of the per-game results 1, ½ and 0 about the score.
    pub fn score(self) -> Option<[f64; 3]> {
        let n = (self.white_wins + self.draws + self.black_wins) as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.white_wins as f64,
            self.draws as f64,
            self.black_wins as f64,
        );
        let mu = (w + d / 2.0) / n;
        let variance =
            (w * (1.0 - mu).powi(2) + d * (0.5 - mu).powi(2) + l * (0.0 - mu).powi(2)) / n;
        let margin = Z * (variance / n).sqrt();
        Some([mu, mu - margin, mu + margin])
    }
}

/// Counts per start, and the games without one.
pub struct Table {
    /// Chess960 games, by id.
    singles: Vec<Counts>,
    /// Double Fischer Random games.
    pairs: BTreeMap<DoubleStartingPosition, Counts>,
    pub without_start: u64,
}

impl Default for Table {
    fn default() -> Self {
        Table {
            singles: vec![Counts::default(); usize::from(StartingPosition::COUNT)],
            pairs: BTreeMap::new(),
            without_start: 0,
        }
    }
}

impl Table {
    /// Adds another input's table.
    pub fn merge(&mut self, other: Table) {
        for (counts, more) in self.singles.iter_mut().zip(other.singles) {
            counts.merge(more);
        }
        for (start, counts) in other.pairs {
            self.pairs.entry(start).or_default().merge(counts);
        }
        self.without_start += other.without_start;
    }

    /// The starts with games, by White's id, then Black's.
    pub fn starts(&self) -> BTreeMap<DoubleStartingPosition, Counts> {
        let singles = StartingPosition::all()
            .zip(&self.singles)
            .filter(|(_, counts)| counts.games() > 0)
            .map(|(sp, &counts)| (DoubleStartingPosition::new(sp, sp), counts));
        singles
            .chain(self.pairs.iter().map(|(&start, &counts)| (start, counts)))
            .collect()
    }
}

impl Sink for Table {
    const COPIES: bool = false;

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let counts = match game.start {
            Ok(start) => match start.single() {
                Some(sp) => self.singles.get_mut(usize::from(sp.id())),
                None => Some(self.pairs.entry(start).or_default()),
            },
            Err(_) => None,
        };
        match counts {
            Some(counts) => counts.add(&game.result),
            None => self.without_start += 1,
        }
        Ok(())
    }
}

/// The CSV header of the statistics.
pub const CSV_HEADER: &str = "white_sp,black_sp,white_rank,black_rank,games,white_wins,draws,black_wins,unfinished,score,score_low,score_high";

/// One start's row.
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
    /// Four decimals, or empty without finished games.
    pub score: String,
    pub score_low: String,
    pub score_high: String,
}

impl Row {
    /// The interval as people read it, `0.4021 – 0.5979`; empty without finished games.
    pub fn interval(&self) -> String {
        if self.score.is_empty() {
            String::new()
        } else {
            format!("{} – {}", self.score_low, self.score_high)
        }
    }

    pub fn new(start: DoubleStartingPosition, counts: Counts) -> Row {
        let [score, score_low, score_high] = match counts.score() {
            Some(values) => values.map(|v| format!("{v:.4}")),
            None => Default::default(),
        };
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
            score,
            score_low,
            score_high,
        }
    }
}

/// Writes the table as text (aligned columns), CSV or JSON Lines.
pub fn write(
    out: &mut impl Write,
    table: &Table,
    format: super::list::ListFormat,
) -> io::Result<()> {
    use super::list::ListFormat;
    let rows = table
        .starts()
        .into_iter()
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
                "{:>7} {:<8} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} interval",
                "sp", "white", "black", "games", "1-0", "½-½", "0-1", "*", "score"
            )?;
            for row in rows {
                let sp = if row.white_sp == row.black_sp {
                    row.white_sp.to_string()
                } else {
                    format!("{}/{}", row.white_sp, row.black_sp)
                };
                let interval = row.interval();
                writeln!(
                    out,
                    "{sp:>7} {:<8} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9}  {:<6} {interval}",
                    row.white_rank,
                    row.black_rank,
                    row.games,
                    row.white_wins,
                    row.draws,
                    row.black_wins,
                    row.unfinished,
                    row.score
                )?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_and_interval_as_cutechess_computes_them() {
        let counts = Counts {
            white_wins: 9,
            draws: 0,
            black_wins: 1,
            unfinished: 2,
        };
        let [mu, low, high] = counts.score().unwrap();
        // mu = 0.9, variance = 0.09, margin = 1.959964 * sqrt(0.009).
        assert!((mu - 0.9).abs() < 1e-12);
        assert!((high - mu - 1.959964 * 0.009f64.sqrt()).abs() < 1e-12);
        assert!((mu - low - (high - mu)).abs() < 1e-12);
        assert_eq!(counts.games(), 12);
        let drawn = Counts {
            draws: 4,
            ..Counts::default()
        };
        assert_eq!(drawn.score(), Some([0.5, 0.5, 0.5]));
        assert_eq!(
            Counts {
                unfinished: 3,
                ..Counts::default()
            }
            .score(),
            None
        );
    }

    #[test]
    fn results_are_counted_by_their_tag() {
        let mut counts = Counts::default();
        for result in ["1-0", "0-1", "1/2-1/2", "*", "", " 1-0 ", "1-0 "] {
            counts.add(result);
        }
        assert_eq!(
            counts,
            Counts {
                white_wins: 3,
                draws: 1,
                black_wins: 1,
                unfinished: 2
            }
        );
    }
}
