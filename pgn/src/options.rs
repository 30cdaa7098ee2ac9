//! [`Options`]: which games are read, how a start is decided, and whether moves are replayed.

use chess960::game::StartReader;

use crate::game::Game;

/// How games are read: which are kept, how a start is decided, and whether each game's moves
/// are replayed.
///
/// ```
/// use chess960_pgn::Options;
///
/// let options = Options::default().min_elo(2000).assume_chess960(true).max_plies(20);
/// assert_eq!((options.min_elo, options.assume_chess960), (Some(2000), true));
/// assert_eq!((options.moves, options.max_plies), (true, Some(20)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// Only the games where both players' Elo tags are at least this ([`Options::min_elo`]).
    pub min_elo: Option<u32>,
    /// Whether standard-start games count as Chess960 start 518
    /// ([`Options::assume_chess960`]).
    pub assume_chess960: bool,
    /// Whether each game's moves are replayed ([`Game::moves`]; not for sinks that copy
    /// games).
    pub moves: bool,
    /// With `moves`, the plies replayed at most: the rest of each movetext is skipped.
    pub max_plies: Option<u32>,
}

impl Options {
    /// Keeps only the games where both players' Elo tags are at least `elo`.
    pub const fn min_elo(self, elo: u32) -> Options {
        Options {
            min_elo: Some(elo),
            ..self
        }
    }

    /// Replays each game's moves from its start ([`Game::moves`]).
    pub const fn moves(self, moves: bool) -> Options {
        Options { moves, ..self }
    }

    /// Replays each game's moves, at most `plies` of them.
    pub const fn max_plies(self, plies: u32) -> Options {
        Options {
            moves: true,
            max_plies: Some(plies),
            ..self
        }
    }

    /// Counts standard-start games as Chess960 start 518
    /// ([`StartReader::assume_chess960`]): for files known to hold only Chess960 games.
    pub const fn assume_chess960(self, assume: bool) -> Options {
        Options {
            assume_chess960: assume,
            ..self
        }
    }

    /// The rules that decide each game's start.
    pub const fn start_reader(self) -> StartReader {
        StartReader::DEFAULT.assume_chess960(self.assume_chess960)
    }

    pub(crate) fn keeps(self, game: &Game) -> bool {
        self.min_elo
            .is_none_or(|min| game.elo.iter().all(|elo| elo.is_some_and(|elo| elo >= min)))
    }
}
