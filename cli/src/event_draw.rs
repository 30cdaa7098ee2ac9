//! An event draw: the candidates (positions, or Double Fischer Random pairs, of an allowed
//! set), picked from one by one with the library's pick step, distinct or with repeats.

use std::fmt;
use std::iter;

use chess960::{DoubleStartingPosition, PositionSet, StartingPosition, pick_index};

/// One draw: a position, or a (White, Black) pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// A Chess960 start, for both sides.
    Position(StartingPosition),
    /// A Double Fischer Random pair: White's start and Black's.
    Pair(DoubleStartingPosition),
}

/// What to draw from: the positions of `allowed` or (`dfrc`) the pairs of them, and whether a
/// candidate may come again.
#[derive(Clone, Copy, Debug)]
pub struct EventDraw {
    /// The positions not excluded.
    pub allowed: PositionSet,
    /// Whether a draw is a (White, Black) pair of allowed positions.
    pub dfrc: bool,
    /// Whether a candidate may be drawn again.
    pub repeats: bool,
}

/// Why `count` draws cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// More distinct draws than there are candidates.
    TooMany {
        /// The draws asked for.
        count: u64,
        /// The candidates there are.
        candidates: u64,
    },
    /// Draws, but every position is excluded.
    NoCandidates,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawError::TooMany { count, candidates } => write!(
                f,
                "{count} distinct draws asked for, but there are only {candidates} candidates \
                 (--allow-repeats lets a candidate come again)"
            ),
            DrawError::NoCandidates => f.write_str("no candidates: every position is excluded"),
        }
    }
}

impl std::error::Error for DrawError {}

impl EventDraw {
    /// How many candidates there are: the allowed positions, or the pairs of them.
    pub fn candidates(&self) -> u64 {
        let len = u64::from(self.allowed.len());
        if self.dfrc { len * len } else { len }
    }

    /// The draws, in order, while `words` last: without end with repeats, else until no
    /// candidate is left.
    pub fn draws<'w>(
        &self,
        mut words: impl Iterator<Item = u64> + 'w,
    ) -> Box<dyn Iterator<Item = Drawn> + 'w> {
        let allowed = self.allowed;
        match (self.dfrc, self.repeats) {
            (false, false) => Box::new(allowed.draws(words).map(Drawn::Position)),
            (false, true) => {
                Box::new(iter::from_fn(move || allowed.pick(&mut words)).map(Drawn::Position))
            }
            (true, true) => {
                Box::new(iter::from_fn(move || allowed.pick_pair(&mut words)).map(Drawn::Pair))
            }
            (true, false) => {
                let mut pairs = RemainingPairs::new(allowed);
                Box::new(iter::from_fn(move || pairs.pick(&mut words)).map(Drawn::Pair))
            }
        }
    }

    /// Whether `count` draws can be made.
    pub fn check(&self, count: u64) -> Result<(), DrawError> {
        let candidates = self.candidates();
        if count > 0 && candidates == 0 {
            return Err(DrawError::NoCandidates);
        }
        if !self.repeats && count > candidates {
            return Err(DrawError::TooMany { count, candidates });
        }
        Ok(())
    }

    /// The first `count` draws, or why there cannot be that many ([`check`](Self::check)),
    /// before any is made.
    pub fn first<'w>(
        &self,
        count: u64,
        words: impl Iterator<Item = u64> + 'w,
    ) -> Result<iter::Take<Box<dyn Iterator<Item = Drawn> + 'w>>, DrawError> {
        self.check(count)?;
        Ok(self
            .draws(words)
            .take(usize::try_from(count).unwrap_or(usize::MAX)))
    }
}

/// The Double Fischer Random pairs not drawn yet, White by White: for each allowed White, the
/// Blacks still free with it, and how many.
struct RemainingPairs {
    rows: Vec<(StartingPosition, PositionSet, u16)>,
    len: u64,
}

impl RemainingPairs {
    fn new(allowed: PositionSet) -> RemainingPairs {
        let rows: Vec<_> = allowed
            .iter()
            .map(|white| (white, allowed, allowed.len()))
            .collect();
        let len = rows.iter().map(|&(_, _, row_len)| u64::from(row_len)).sum();
        RemainingPairs { rows, len }
    }

    /// Picks the pair at `pick_index(len, words)` in (White, Black) order and takes it out.
    fn pick(&mut self, words: &mut impl Iterator<Item = u64>) -> Option<DoubleStartingPosition> {
        let mut index = pick_index(self.len, words)?;
        for (white, blacks, row_len) in &mut self.rows {
            let row_len_64 = u64::from(*row_len);
            if index < row_len_64 {
                let black = blacks.nth(u16::try_from(index).ok()?)?;
                blacks.remove(black);
                *row_len -= 1;
                self.len -= 1;
                return Some(DoubleStartingPosition::new(*white, black));
            }
            index -= row_len_64;
        }
        None
    }
}
