//! A start's results as numbers: White's score with two 95% intervals (cutechess's, and
//! Wilson's), and the Elo difference cutechess prints.

/// The 97.5% quantile of the standard normal distribution, as cutechess and fastchess use it.
const Z: f64 = 1.959964;

/// The results of the games from one start.
///
/// ```
/// use chess960_pgn::Counts;
///
/// let counts = Counts { white_wins: 2, draws: 0, black_wins: 0, unfinished: 1 };
/// let score = counts.score().unwrap();
/// assert_eq!(score.score, 1.0);
/// // Two wins out of two: cutechess's interval collapses to a point, Wilson's does not.
/// assert_eq!((score.normal.low, score.normal.high), (1.0, 1.0));
/// assert!(score.wilson.low > 0.34 && score.wilson.low < 0.35 && score.wilson.high == 1.0);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Counts {
    /// Games White won (`1-0`).
    pub white_wins: u64,
    /// Draws (`1/2-1/2`).
    pub draws: u64,
    /// Games Black won (`0-1`).
    pub black_wins: u64,
    /// `*`, a missing result, or anything else.
    pub unfinished: u64,
}

/// A 95% interval.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Interval {
    /// Its lower bound.
    pub low: f64,
    /// Its upper bound.
    pub high: f64,
}

/// White's score over the finished games from a start, and how far to trust it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Score {
    /// Points per game: (wins + draws / 2) / games.
    pub score: f64,
    /// cutechess's and fastchess's interval: the score ± 1.959964 · sqrt(variance / n), the
    /// variance that of the per-game results 1, ½ and 0 about the score. It can leave [0, 1]
    /// and collapses to a point when every game has the same result; engine testers compare
    /// it with cutechess's output.
    pub normal: Interval,
    /// Wilson's score interval on the points per game (n games, score p):
    /// (p + z²/2n ± z·sqrt(p(1 − p)/n + z²/4n²)) / (1 + z²/n), z = 1.959964. It stays within
    /// [0, 1] and is never a point, so a small sample reads as one.
    pub wilson: Interval,
}

/// The Elo difference a score means, with cutechess's margin.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Elo {
    /// −400 · log10(1 / score − 1): finite for a score strictly between 0 and 1.
    pub difference: f64,
    /// Half the distance between the Elo differences of the normal interval's bounds, as
    /// cutechess prints it (`Elo difference: 35.2 +/- 20.1`); `None` when a bound is outside
    /// (0, 1).
    pub margin: Option<f64>,
}

impl Counts {
    /// Adds a game's result, as a Result tag spells it (white space around it ignored).
    ///
    /// ```
    /// let mut counts = chess960_pgn::Counts::default();
    /// counts.add(" 1/2-1/2 ");
    /// assert_eq!(counts.draws, 1);
    /// ```
    pub fn add(&mut self, result: &str) {
        match result.trim() {
            "1-0" => self.white_wins += 1,
            "1/2-1/2" => self.draws += 1,
            "0-1" => self.black_wins += 1,
            _ => self.unfinished += 1,
        }
    }

    /// Adds another's counts.
    pub fn merge(&mut self, other: Counts) {
        self.white_wins += other.white_wins;
        self.draws += other.draws;
        self.black_wins += other.black_wins;
        self.unfinished += other.unfinished;
    }

    /// All games, unfinished ones included.
    pub fn games(self) -> u64 {
        self.white_wins + self.draws + self.black_wins + self.unfinished
    }

    /// White's score and its intervals over the finished games (none without them).
    pub fn score(self) -> Option<Score> {
        let n = (self.white_wins + self.draws + self.black_wins) as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.white_wins as f64,
            self.draws as f64,
            self.black_wins as f64,
        );
        let p = (w + d / 2.0) / n;
        let variance = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
        let margin = Z * (variance / n).sqrt();
        let z2 = Z * Z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Some(Score {
            score: p,
            normal: Interval {
                low: p - margin,
                high: p + margin,
            },
            wilson: Interval {
                low: (centre - half).clamp(0.0, p),
                high: (centre + half).clamp(p, 1.0),
            },
        })
    }
}

impl Score {
    /// The Elo difference for White that the score means, and cutechess's margin; `None` for
    /// a score of 0 or 1.
    ///
    /// ```
    /// use chess960_pgn::Counts;
    ///
    /// let counts = Counts { white_wins: 30, draws: 50, black_wins: 20, unfinished: 0 };
    /// let elo = counts.score().unwrap().elo().unwrap();
    /// assert_eq!(format!("{:.1} +/- {:.1}", elo.difference, elo.margin.unwrap()), "34.9 +/- 48.5");
    /// ```
    pub fn elo(self) -> Option<Elo> {
        let difference = elo(self.score)?;
        let margin = elo(self.normal.high)
            .zip(elo(self.normal.low))
            .map(|(high, low)| (high - low) / 2.0);
        Some(Elo { difference, margin })
    }
}

/// The Elo difference of a score strictly between 0 and 1.
fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
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
        let score = counts.score().unwrap();
        // mu = 0.9, variance = 0.09, margin = 1.959964 * sqrt(0.009).
        assert!((score.score - 0.9).abs() < 1e-12);
        assert!((score.normal.high - 0.9 - 1.959964 * 0.009f64.sqrt()).abs() < 1e-12);
        assert!((0.9 - score.normal.low - (score.normal.high - 0.9)).abs() < 1e-12);
        assert!(
            score.normal.high > 1.0,
            "cutechess's interval leaves [0, 1]"
        );
        assert_eq!(counts.games(), 12);
        let unfinished = Counts {
            unfinished: 3,
            ..Counts::default()
        };
        assert_eq!(unfinished.score(), None);
    }

    /// Wilson's interval for 9 points in 10 (a textbook value: 0.5958 – 0.9821), for all
    /// draws, and its bounds within [0, 1] and apart for every small sample.
    #[test]
    fn wilson_stays_in_bounds_and_apart() {
        let nine = Counts {
            white_wins: 9,
            black_wins: 1,
            ..Counts::default()
        };
        let wilson = nine.score().unwrap().wilson;
        assert!((wilson.low - 0.5958).abs() < 1e-4, "{wilson:?}");
        assert!((wilson.high - 0.9821).abs() < 1e-4, "{wilson:?}");
        for w in 0..12u64 {
            for d in 0..12u64 {
                for l in 0..12u64 {
                    let counts = Counts {
                        white_wins: w,
                        draws: d,
                        black_wins: l,
                        unfinished: 0,
                    };
                    let Some(score) = counts.score() else {
                        continue;
                    };
                    let Interval { low, high } = score.wilson;
                    assert!((0.0..=1.0).contains(&low) && (0.0..=1.0).contains(&high));
                    assert!(low < score.score.max(1e-9) || score.score == 0.0);
                    assert!(low <= score.score && score.score <= high);
                    assert!(high - low > 0.05, "{counts:?}: {low} – {high}");
                }
            }
        }
    }

    #[test]
    fn elo_as_cutechess_prints_it() {
        // cutechess: 60 - 40 - 0 is "Elo difference: 70.4 +/- 70.6".
        let counts = Counts {
            white_wins: 60,
            black_wins: 40,
            ..Counts::default()
        };
        let elo = counts.score().unwrap().elo().unwrap();
        assert_eq!(format!("{:.1}", elo.difference), "70.4");
        assert_eq!(format!("{:.1}", elo.margin.unwrap()), "70.6");
        let all = Counts {
            white_wins: 3,
            ..Counts::default()
        };
        assert_eq!(all.score().unwrap().elo(), None);
        let one_loss = Counts {
            white_wins: 9,
            black_wins: 1,
            ..Counts::default()
        };
        assert_eq!(one_loss.score().unwrap().elo().unwrap().margin, None);
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
