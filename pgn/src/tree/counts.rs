//! The games that played one move from one node ([`MoveCounts`]): how they ended and the
//! ratings of the players who made the move.

/// The games that played a move from a node: White's wins, draws and Black's wins, and the
/// Elo of the player who made the move, summed over the games where it is known.
///
/// ```
/// use chess960_pgn::tree::MoveCounts;
///
/// let counts = MoveCounts { white: 3, draws: 1, black: 0, rating_sum: 4000, rated: 2 };
/// assert_eq!((counts.games(), counts.average_rating()), (4, Some(2000)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveCounts {
    /// Games White won.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// The sum of the mover's Elo over the games where it is known.
    pub rating_sum: u64,
    /// The games where the mover's Elo is known.
    pub rated: u64,
}

impl std::ops::AddAssign for MoveCounts {
    /// Adds `more`'s games and ratings: the counts of the same move in more games.
    ///
    /// ```
    /// use chess960_pgn::tree::MoveCounts;
    ///
    /// let mut counts = MoveCounts { white: 1, rating_sum: 2000, rated: 1, ..MoveCounts::default() };
    /// counts += MoveCounts { black: 2, rating_sum: 1800, rated: 1, ..MoveCounts::default() };
    /// assert_eq!((counts.games(), counts.average_rating()), (3, Some(1900)));
    /// ```
    fn add_assign(&mut self, more: MoveCounts) {
        // Saturating: counts read from a damaged index must not wrap (nor panic).
        self.white = self.white.saturating_add(more.white);
        self.draws = self.draws.saturating_add(more.draws);
        self.black = self.black.saturating_add(more.black);
        self.rating_sum = self.rating_sum.saturating_add(more.rating_sum);
        self.rated = self.rated.saturating_add(more.rated);
    }
}

impl MoveCounts {
    /// The games (at most `u64::MAX`).
    pub const fn games(&self) -> u64 {
        self.white
            .saturating_add(self.draws)
            .saturating_add(self.black)
    }

    /// The mover's average Elo, rounded to the nearest (a half up, as lichess's
    /// `averageRating` since lila-openingexplorer's "properly round rating stats"), if any is
    /// known.
    ///
    /// ```
    /// use chess960_pgn::tree::MoveCounts;
    ///
    /// let counts = |rating_sum, rated| MoveCounts { white: rated, rating_sum, rated, ..MoveCounts::default() };
    /// assert_eq!(counts(2855, 2).average_rating(), Some(1428)); // 1427.5
    /// assert_eq!(counts(4001, 3).average_rating(), Some(1334)); // 1333.67
    /// assert_eq!(counts(4000, 3).average_rating(), Some(1333)); // 1333.33
    /// assert_eq!(counts(0, 0).average_rating(), None);
    /// ```
    pub const fn average_rating(&self) -> Option<u64> {
        match self.rated {
            0 => None,
            // sum/rated + 1/2, rounded down: the remainder's half or more rounds up.
            rated => Some(self.rating_sum.saturating_add(rated / 2) / rated),
        }
    }
}
