//! Statistics per start ([`Stats`]): each start's [`Counts`] of results and its [`Score`]
//! (`score.rs`), the table's columns and rows as every face writes them ([`COLUMNS`],
//! [`Row`]; `row.rs`), the games passed over and why ([`PassedOver`]), from one input or many read
//! on every core (`files.rs`, through `crate::read_files`).

mod files;
mod row;
mod score;

use std::collections::BTreeMap;
use std::fmt;
use std::io;

use chess960::game::NoStart;
use chess960::{DoubleStartingPosition, StartingPosition};

use crate::game::Game;
use crate::open::Input;
use crate::options::Options;
use crate::read::read;
use crate::sink::Sink;

pub use row::{COLUMNS, Column, Row, Value};
pub use score::{Counts, Elo, Interval, Score};

/// Results per start, and the games passed over: a [`Sink`].
///
/// ```
/// use chess960_pgn::{Input, Stats};
///
/// let pgn = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. g3 1-0\n\n\
///            [Event \"a standard game\"]\n\n1. e4 0-1\n";
/// let stats = Stats::read(Input::from_reader(pgn.as_bytes()), &Default::default())?;
/// let (start, counts) = stats.starts().next().unwrap();
/// assert_eq!((start.white().id(), counts.white_wins), (105, 1));
/// assert_eq!(stats.passed_over().standard, 1);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Chess960 games, by id.
    singles: Vec<Counts>,
    /// Double Fischer Random games.
    pairs: BTreeMap<DoubleStartingPosition, Counts>,
    passed_over: PassedOver,
    /// Games the options' filters left out.
    left_out: u64,
}

/// The games [`Stats`] does not count, by why.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PassedOver {
    /// Standard chess.
    pub standard: u64,
    /// Another variant (Crazyhouse, Atomic, …).
    pub other_variant: u64,
    /// A FEN tag that is a position but not a start (a setup).
    pub not_a_start: u64,
    /// Tags that could not be read: a FEN that is no FEN, tags that are not UTF-8, a tag
    /// section over the cap.
    pub unreadable: u64,
}

impl PassedOver {
    /// All games passed over.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::PassedOver::default().total(), 0);
    /// ```
    pub fn total(self) -> u64 {
        self.standard + self.other_variant + self.not_a_start + self.unreadable
    }

    /// Counts a game passed over for `why`.
    pub(crate) fn add(&mut self, why: &NoStart) {
        match why {
            NoStart::Standard => self.standard += 1,
            NoStart::OtherVariant(_) => self.other_variant += 1,
            NoStart::NotAStart(_) => self.not_a_start += 1,
            _ => self.unreadable += 1,
        }
    }

    pub(crate) fn merge(&mut self, other: PassedOver) {
        self.standard += other.standard;
        self.other_variant += other.other_variant;
        self.not_a_start += other.not_a_start;
        self.unreadable += other.unreadable;
    }
}

impl fmt::Display for PassedOver {
    /// `12 standard chess, 3 another variant, 1 setup`: the kinds with games, or `none`.
    ///
    /// ```
    /// let passed = chess960_pgn::PassedOver::default();
    /// assert_eq!(passed.to_string(), "none");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = [
            (self.standard, "standard chess"),
            (self.other_variant, "another variant"),
            (self.not_a_start, "FEN not a start (a setup)"),
            (
                self.unreadable,
                "tags not read (bad FEN, not UTF-8, too long)",
            ),
        ];
        let mut first = true;
        for (count, what) in parts.into_iter().filter(|(count, _)| *count > 0) {
            if !first {
                f.write_str(", ")?;
            }
            write!(f, "{count} {what}")?;
            first = false;
        }
        if first {
            f.write_str("none")?;
        }
        Ok(())
    }
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            singles: vec![Counts::default(); usize::from(StartingPosition::COUNT)],
            pairs: BTreeMap::new(),
            passed_over: PassedOver::default(),
            left_out: 0,
        }
    }
}

impl Stats {
    /// The statistics of one input.
    ///
    /// # Errors
    ///
    /// The input's, saying after how many games it failed.
    pub fn read(mut input: Input, options: &Options) -> io::Result<Stats> {
        let mut stats = Stats::default();
        read(&mut input, &mut stats, options)?;
        Ok(stats)
    }

    /// Adds another input's statistics.
    ///
    /// ```
    /// use chess960_pgn::{Input, Stats};
    ///
    /// let read = |pgn: &'static str| Stats::read(Input::from_reader(pgn.as_bytes()), &Default::default());
    /// let mut stats = read("[Variant \"Chess960\"]\n\n1-0\n")?;
    /// stats.merge(read("[Variant \"Chess960\"]\n\n0-1\n\n[Event \"x\"]\n\n*\n")?);
    /// assert_eq!((stats.games(), stats.passed_over().total()), (2, 1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn merge(&mut self, other: Stats) {
        for (counts, more) in self.singles.iter_mut().zip(other.singles) {
            counts.merge(more);
        }
        for (start, counts) in other.pairs {
            self.pairs.entry(start).or_default().merge(counts);
        }
        self.passed_over.merge(other.passed_over);
        self.left_out += other.left_out;
    }

    /// The starts with games and their counts, by White's id, then Black's (a Chess960 start
    /// is the pair of itself and itself).
    pub fn starts(&self) -> impl Iterator<Item = (DoubleStartingPosition, Counts)> + '_ {
        let singles = StartingPosition::all()
            .zip(&self.singles)
            .filter(|(_, counts)| counts.games() > 0)
            .map(|(sp, &counts)| (DoubleStartingPosition::new(sp, sp), counts));
        let pairs = self.pairs.iter().map(|(&start, &counts)| (start, counts));
        // In the order of the pairs: by White, then Black.
        let mut all: Vec<_> = singles.chain(pairs).collect();
        all.sort_unstable_by_key(|(start, _)| *start);
        all.into_iter()
    }

    /// The counts of one start (a pair of a start and itself for Chess960).
    ///
    /// ```
    /// let stats = chess960_pgn::Stats::default();
    /// assert_eq!(stats.counts(chess960::DoubleStartingPosition::STANDARD).games(), 0);
    /// ```
    pub fn counts(&self, start: DoubleStartingPosition) -> Counts {
        match start.single() {
            Some(sp) => self
                .singles
                .get(usize::from(sp.id()))
                .copied()
                .unwrap_or_default(),
            None => self.pairs.get(&start).copied().unwrap_or_default(),
        }
    }

    /// The table: a [`Row`] per start with games, in the order of [`Stats::starts`].
    ///
    /// ```
    /// let stats = chess960_pgn::Stats::default();
    /// assert_eq!(stats.rows().count(), 0);
    /// ```
    pub fn rows(&self) -> impl Iterator<Item = Row> + '_ {
        self.starts().map(|(start, counts)| Row::new(start, counts))
    }

    /// The games counted (from a start).
    pub fn games(&self) -> u64 {
        self.starts().map(|(_, counts)| counts.games()).sum()
    }

    /// The games not counted, by why.
    pub fn passed_over(&self) -> PassedOver {
        self.passed_over
    }

    /// The games the [`Options`]' filters left out (Elo, speed, month, rating group).
    ///
    /// ```
    /// use chess960_pgn::{Input, Options, Stats};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n[WhiteElo \"2100\"]\n[BlackElo \"2000\"]\n\n1-0\n\n[Variant \"Chess960\"]\n\n0-1\n";
    /// let stats = Stats::read(Input::from_reader(pgn.as_bytes()), &Options::default().min_elo(2000))?;
    /// assert_eq!((stats.games(), stats.left_out()), (1, 1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn left_out(&self) -> u64 {
        self.left_out
    }
}

impl Sink for Stats {
    const COPIES: bool = false;
    const NEEDS_GAMES_BEFORE: bool = false;

    fn left_out(&mut self, _game: &Game) {
        self.left_out += 1;
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let start = match &game.start {
            Ok(start) => *start,
            Err(why) => {
                self.passed_over.add(why);
                return Ok(());
            }
        };
        let counts = match start.single() {
            Some(sp) => self.singles.get_mut(usize::from(sp.id())),
            None => Some(self.pairs.entry(start).or_default()),
        };
        if let Some(counts) = counts {
            counts.add_result(&game.result);
        }
        Ok(())
    }
}
