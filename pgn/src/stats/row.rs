//! The table of statistics, as every face writes it: [`COLUMNS`] names its columns once, and a
//! [`Row`] gives one start's values in their order (`chess960 games --stats --format csv`,
//! Python's `read_stats`).

use chess960::{DoubleStartingPosition, StartingPosition};

use super::score::{Counts, Elo, Score};

/// What a column holds.
///
/// Not `#[non_exhaustive]`: a face that types its columns (Python's Arrow schema) matches every
/// kind, so that a new kind cannot be typed by a catch-all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Column {
    /// A Scharnagl id, 0..=959.
    Sp,
    /// A back rank, `RNBQKBNR`.
    Rank,
    /// A number of games.
    Games,
    /// A number, or none: a score without finished games, an Elo bound that is infinite.
    Number,
}

/// The columns of the table, in order, with what each holds.
///
/// ```
/// let names: Vec<&str> = chess960_pgn::stats::COLUMNS.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names[..4], ["white_sp", "black_sp", "white_rank", "black_rank"]);
/// assert_eq!(names[14..], ["elo", "elo_low", "elo_high"]);
/// ```
pub const COLUMNS: [(&str, Column); 17] = [
    ("white_sp", Column::Sp),
    ("black_sp", Column::Sp),
    ("white_rank", Column::Rank),
    ("black_rank", Column::Rank),
    ("games", Column::Games),
    ("white_wins", Column::Games),
    ("draws", Column::Games),
    ("black_wins", Column::Games),
    ("unfinished", Column::Games),
    ("score", Column::Number),
    ("normal_low", Column::Number),
    ("normal_high", Column::Number),
    ("wilson_low", Column::Number),
    ("wilson_high", Column::Number),
    ("elo", Column::Number),
    ("elo_low", Column::Number),
    ("elo_high", Column::Number),
];

/// One value of a row, of its column's kind.
#[derive(Clone, Copy, PartialEq, Debug)]
#[non_exhaustive]
pub enum Value {
    /// A Scharnagl id.
    Sp(u16),
    /// A back rank.
    Rank(StartingPosition),
    /// A number of games.
    Games(u64),
    /// A finite number, or `None`.
    Number(Option<f64>),
}

/// One start's row: its counts, score and Elo.
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960_pgn::Counts;
/// use chess960_pgn::stats::{Row, Value};
///
/// let counts = Counts { white_wins: 3, ..Counts::default() };
/// let row = Row::new(DoubleStartingPosition::STANDARD, counts);
/// let values = row.values();
/// assert_eq!(values[0], Value::Sp(518));
/// assert_eq!(values[9], Value::Number(Some(1.0)));
/// assert_eq!(values[16], Value::Number(None)); // no upper bound on the Elo of 3 wins in 3
/// ```
#[derive(Clone, Copy, PartialEq, Debug)]
#[non_exhaustive]
pub struct Row {
    /// The start (a Chess960 start is the pair of itself and itself).
    pub start: DoubleStartingPosition,
    /// Its results.
    pub counts: Counts,
    /// White's score, without finished games none.
    pub score: Option<Score>,
    /// The Elo difference, with the score.
    pub elo: Option<Elo>,
}

impl Row {
    /// The row of `start` with `counts`.
    pub fn new(start: DoubleStartingPosition, counts: Counts) -> Row {
        let score = counts.score();
        Row {
            start,
            counts,
            score,
            elo: score.map(Score::elo),
        }
    }

    /// The values, in the order of [`COLUMNS`].
    pub fn values(&self) -> [Value; 17] {
        let Row {
            start,
            counts,
            score,
            elo,
        } = *self;
        let number = |f: &dyn Fn(Score, Elo) -> f64| {
            let value = score.zip(elo).map(|(s, e)| f(s, e));
            Value::Number(value.filter(|v| v.is_finite()))
        };
        [
            Value::Sp(start.white().id()),
            Value::Sp(start.black().id()),
            Value::Rank(start.white()),
            Value::Rank(start.black()),
            Value::Games(counts.games()),
            Value::Games(counts.white_wins),
            Value::Games(counts.draws),
            Value::Games(counts.black_wins),
            Value::Games(counts.unfinished),
            number(&|s, _| s.score),
            number(&|s, _| s.normal.low),
            number(&|s, _| s.normal.high),
            number(&|s, _| s.wilson.low),
            number(&|s, _| s.wilson.high),
            number(&|_, e| e.difference),
            number(&|_, e| e.low),
            number(&|_, e| e.high),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each value is of its column's kind, in every row shape.
    #[test]
    fn values_are_of_their_columns_kinds() {
        let sp = |id| StartingPosition::from_id(id).unwrap();
        for counts in [
            Counts::default(),
            Counts {
                draws: 1,
                ..Counts::default()
            },
            Counts {
                white_wins: 2,
                black_wins: 1,
                unfinished: 4,
                ..Counts::default()
            },
        ] {
            let row = Row::new(DoubleStartingPosition::new(sp(105), sp(451)), counts);
            for ((name, column), value) in COLUMNS.iter().zip(row.values()) {
                let kind = match value {
                    Value::Sp(_) => Column::Sp,
                    Value::Rank(_) => Column::Rank,
                    Value::Games(_) => Column::Games,
                    Value::Number(_) => Column::Number,
                };
                assert_eq!(kind, *column, "{name}");
            }
        }
    }
}
