//! Why games of an add were not counted ([`NotCounted`]), told by an add's summary and by
//! [`IndexError::NoneCounted`](super::IndexError::NoneCounted).

use chess960_pgn::tree::GameCount;

/// Why games were not counted, for the add's summary.
///
/// ```
/// let mut why = chess960_explorer::NotCounted::default();
/// why.unfinished = 2;
/// assert_eq!(why.to_string(), "2 games unfinished");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct NotCounted {
    /// Games whose start could not be told (no FEN where one was needed, a FEN that is no
    /// Chess960 start, another variant).
    pub no_start: u64,
    /// Games not finished (`*`) or whose moves could not be read.
    pub unfinished: u64,
    /// Games whose moves stop being legal before the plies the index counts (counted up to
    /// there).
    pub illegal: u64,
}

impl NotCounted {
    /// Adds `other`'s counts to these.
    pub(crate) fn add(&mut self, other: NotCounted) {
        self.no_start += other.no_start;
        self.unfinished += other.unfinished;
        self.illegal += other.illegal;
    }
}

impl std::fmt::Display for NotCounted {
    /// The games not counted and why, `; ` between reasons (those of games counted up to an
    /// illegal move left out).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut first = true;
        for (count, why) in [
            (self.no_start, "of no Chess960 start"),
            (self.unfinished, "unfinished"),
        ] {
            if count > 0 {
                let separator = if first { "" } else { "; " };
                write!(f, "{separator}{} {why}", GameCount(count))?;
                first = false;
            }
        }
        Ok(())
    }
}
