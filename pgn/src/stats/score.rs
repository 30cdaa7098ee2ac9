//! A start's results as numbers: White's score with two 95% intervals (cutechess's, and
//! Wilson's), and the Elo difference with the interval of Wilson's bounds.

use crate::outcome::Outcome;

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

/// The Elo difference a score means, and the 95% interval of the Elo differences of Wilson's
/// bounds: never a point, and unbounded (infinite) on a side where the score is 0 or 1.
/// Never `-0.0`: an even score is `0.0`.
#[derive(Clone, Copy, PartialEq, Debug)]
#[non_exhaustive]
pub struct Elo {
    /// −400 · log10(1 / score − 1): −∞ for a score of 0, +∞ for 1.
    pub difference: f64,
    /// The Elo difference of Wilson's lower bound (−∞ when it is 0).
    pub low: f64,
    /// The Elo difference of Wilson's upper bound (+∞ when it is 1).
    pub high: f64,
}

impl Counts {
    /// Counts a game's result, as a Result tag spells it (white space around it ignored).
    ///
    /// ```
    /// let mut counts = chess960_pgn::Counts::default();
    /// counts.add_result(" 1/2-1/2 ");
    /// assert_eq!(counts.draws, 1);
    /// ```
    pub fn add_result(&mut self, result: &str) {
        self.add(Outcome::of(result));
    }

    /// Counts a game that ended so (`None`: unfinished).
    ///
    /// ```
    /// use chess960_pgn::{Counts, Outcome};
    ///
    /// let mut counts = Counts::default();
    /// counts.add(Some(Outcome::Black));
    /// counts.add(None);
    /// assert_eq!((counts.black_wins, counts.unfinished), (1, 1));
    /// ```
    pub fn add(&mut self, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::White) => self.white_wins += 1,
            Some(Outcome::Draw) => self.draws += 1,
            Some(Outcome::Black) => self.black_wins += 1,
            None => self.unfinished += 1,
        }
    }

    /// Adds another's counts.
    ///
    /// ```
    /// use chess960_pgn::Counts;
    ///
    /// let mut counts = Counts { draws: 1, ..Counts::default() };
    /// counts.merge(Counts { draws: 2, unfinished: 1, ..Counts::default() });
    /// assert_eq!((counts.draws, counts.games()), (3, 4));
    /// ```
    pub fn merge(&mut self, other: Counts) {
        self.white_wins += other.white_wins;
        self.draws += other.draws;
        self.black_wins += other.black_wins;
        self.unfinished += other.unfinished;
    }

    /// All games, unfinished ones included.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::Counts { unfinished: 2, ..Default::default() }.games(), 2);
    /// ```
    pub fn games(self) -> u64 {
        self.white_wins + self.draws + self.black_wins + self.unfinished
    }

    /// White's score and its intervals over the finished games (none without them).
    ///
    /// ```
    /// let one_draw = chess960_pgn::Counts { draws: 1, ..Default::default() };
    /// assert_eq!(one_draw.score().unwrap().score, 0.5);
    /// assert_eq!(chess960_pgn::Counts::default().score(), None);
    /// ```
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
            // At a score of 0 or 1 the bound is exactly that score, whatever the rounding.
            wilson: Interval {
                low: if p == 0.0 {
                    0.0
                } else {
                    (centre - half).clamp(0.0, p)
                },
                high: if p == 1.0 {
                    1.0
                } else {
                    (centre + half).clamp(p, 1.0)
                },
            },
        })
    }
}

impl Score {
    /// The Elo difference for White that the score means, with the interval of Wilson's
    /// bounds.
    ///
    /// ```
    /// use chess960_pgn::Counts;
    ///
    /// let counts = Counts { white_wins: 30, draws: 50, black_wins: 20, unfinished: 0 };
    /// let elo = counts.score().unwrap().elo();
    /// assert_eq!(format!("{:+.1} [{:+.1}, {:+.1}]", elo.difference, elo.low, elo.high), "+34.9 [-33.1, +102.9]");
    /// // One drawn game: an even score, and a wide interval, not 0 ± 0.
    /// let elo = Counts { draws: 1, ..Counts::default() }.score().unwrap().elo();
    /// assert_eq!(format!("{:+.1} [{:+.1}, {:+.1}]", elo.difference, elo.low, elo.high), "+0.0 [-495.3, +495.3]");
    /// // Every game won: no upper bound.
    /// let elo = Counts { white_wins: 4, ..Counts::default() }.score().unwrap().elo();
    /// assert_eq!((elo.difference, elo.high), (f64::INFINITY, f64::INFINITY));
    /// assert!(elo.low > 0.0 && elo.low.is_finite());
    /// ```
    pub fn elo(self) -> Elo {
        Elo {
            difference: elo(self.score),
            low: elo(self.wilson.low),
            high: elo(self.wilson.high),
        }
    }
}

/// The Elo difference of a score in [0, 1]: infinite at either end, and `0.0` (not `-0.0`)
/// for ½.
fn elo(score: f64) -> f64 {
    // 1 / 0 − 1 is +∞ and log10(0) is −∞: the ends come out as −∞ and +∞, never NaN.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
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
        for (counts, score) in small_samples() {
            let Interval { low, high } = score.wilson;
            assert!((0.0..=1.0).contains(&low) && (0.0..=1.0).contains(&high));
            assert!(low < score.score.max(1e-9) || score.score == 0.0);
            assert!(low <= score.score && score.score <= high);
            assert!(high - low > 0.05, "{counts:?}: {low} – {high}");
        }
    }

    /// The Elo interval is Wilson's, mapped: within it the difference, never a point, never
    /// NaN, and never `-0.0`, for every small sample.
    #[test]
    fn elo_takes_wilsons_bounds() {
        let counts = Counts {
            white_wins: 60,
            black_wins: 40,
            ..Counts::default()
        };
        let elo = counts.score().unwrap().elo();
        assert_eq!(format!("{:.1}", elo.difference), "70.4");
        for (counts, score) in small_samples() {
            let Elo {
                difference,
                low,
                high,
            } = score.elo();
            assert!(low <= difference && difference <= high, "{counts:?}");
            assert!(high - low > 30.0, "{counts:?}: {low} – {high}");
            for x in [difference, low, high] {
                assert!(!x.is_nan(), "{counts:?}");
                assert!(x != 0.0 || x.is_sign_positive(), "{counts:?}");
            }
            let (w, d, l) = (counts.white_wins, counts.draws, counts.black_wins);
            assert_eq!(high.is_infinite(), l == 0 && d == 0, "{counts:?}");
            assert_eq!(low.is_infinite(), w == 0 && d == 0, "{counts:?}");
        }
    }

    /// Every sample of up to 11 wins, 11 draws and 11 losses with a finished game, and its
    /// score.
    fn small_samples() -> impl Iterator<Item = (Counts, Score)> {
        (0..12u64 * 12 * 12).filter_map(|n| {
            let counts = Counts {
                white_wins: n / 144,
                draws: n / 12 % 12,
                black_wins: n % 12,
                unfinished: 0,
            };
            counts.score().map(|score| (counts, score))
        })
    }

    #[test]
    fn results_are_counted_by_their_tag() {
        let mut counts = Counts::default();
        for result in ["1-0", "0-1", "1/2-1/2", "*", "", " 1-0 ", "1-0 "] {
            counts.add_result(result);
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
