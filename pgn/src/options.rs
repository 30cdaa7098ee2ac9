//! [`Options`]: which games are read, how a start is decided, and whether moves are replayed.

use std::num::NonZeroUsize;

use chess960::game::StartReader;

use crate::filter::{Month, RatingGroup, RatingGroups, Speeds};
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
    /// Only the games of these speeds (from `TimeControl`; [`Options::speeds`]).
    pub speeds: Option<Speeds>,
    /// Only the games played in this month or later ([`Options::since`]).
    pub since: Option<Month>,
    /// Only the games played in this month or earlier ([`Options::until`]).
    pub until: Option<Month>,
    /// Only the games of these rating groups ([`Options::ratings`]).
    pub ratings: Option<RatingGroups>,
    /// Whether each game's players, `Site`, `Event`, speed and month are read
    /// ([`Options::details`]).
    pub details: bool,
    /// The threads that parse games in [`read_files`](crate::read_files): `None`, one per
    /// core ([`Options::threads`]).
    pub threads: Option<NonZeroUsize>,
}

impl Options {
    /// Keeps only the games where both players' Elo tags are at least `elo`.
    pub const fn min_elo(self, elo: u32) -> Options {
        Options {
            min_elo: Some(elo),
            ..self
        }
    }

    /// Keeps only the games whose `TimeControl` tag gives one of `speeds`
    /// ([`Speed::from_time_control`](crate::Speed::from_time_control)): a game without one
    /// is left out.
    ///
    /// ```
    /// use chess960_pgn::{Options, Speed, read_games};
    ///
    /// let pgn = "[TimeControl \"180+2\"]\n\n1-0\n\n[TimeControl \"60+0\"]\n\n0-1\n\n[Event \"?\"]\n\n*\n";
    /// let options = Options::default().speeds([Speed::Blitz, Speed::Rapid].into_iter().collect());
    /// let mut kept = Vec::new();
    /// read_games(pgn.as_bytes(), &options, |game| kept.push(game.speed))?;
    /// assert_eq!(kept, [Some(Speed::Blitz)]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub const fn speeds(self, speeds: Speeds) -> Options {
        Options {
            speeds: Some(speeds),
            ..self
        }
    }

    /// Keeps only the games played in `month` or later (by `UTCDate`, else `Date`): a game
    /// whose year and month are not known is left out.
    ///
    /// ```
    /// use chess960_pgn::{Options, read_games};
    ///
    /// let pgn = "[Date \"2024.02.29\"]\n\n1-0\n\n[UTCDate \"2024.03.01\"]\n[Date \"2024.02.29\"]\n\n0-1\n";
    /// let options = Options::default().since("2024-03".parse()?);
    /// let mut kept = Vec::new();
    /// read_games(pgn.as_bytes(), &options, |game| kept.push(game.number))?;
    /// assert_eq!(kept, [1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn since(self, month: Month) -> Options {
        Options {
            since: Some(month),
            ..self
        }
    }

    /// Keeps only the games played in `month` or earlier (by `UTCDate`, else `Date`): a game
    /// whose year and month are not known is left out.
    ///
    /// ```
    /// let options = chess960_pgn::Options::default().until("2024-03".parse()?);
    /// assert_eq!(options.until.map(|m| m.to_string()).as_deref(), Some("2024-03"));
    /// # Ok::<(), chess960_pgn::ParseMonthError>(())
    /// ```
    pub const fn until(self, month: Month) -> Options {
        Options {
            until: Some(month),
            ..self
        }
    }

    /// Keeps only the games whose players' average Elo falls in one of `groups`
    /// ([`RatingGroup::of`]): a game without both Elo tags is left out.
    ///
    /// ```
    /// use chess960_pgn::{Options, RatingGroup, read_games};
    ///
    /// let pgn = "[WhiteElo \"1650\"]\n[BlackElo \"1800\"]\n\n1-0\n\n[WhiteElo \"1650\"]\n\n0-1\n\n\
    ///            [WhiteElo \"2000\"]\n[BlackElo \"2100\"]\n\n0-1\n";
    /// let options = Options::default().ratings([RatingGroup::From1600].into_iter().collect());
    /// let mut kept = Vec::new();
    /// read_games(pgn.as_bytes(), &options, |game| kept.push(game.number))?;
    /// assert_eq!(kept, [0]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub const fn ratings(self, groups: RatingGroups) -> Options {
        Options {
            ratings: Some(groups),
            ..self
        }
    }

    /// Reads each game's players (`White`, `Black`), `Site`, `Event`, speed and month into its
    /// [`Game`], for listings of games (a tree's top games).
    ///
    /// ```
    /// use chess960_pgn::{Options, read_games};
    ///
    /// let pgn = "[Event \"Rated Chess960 game\"]\n[Site \"https://lichess.org/abcdEFGH\"]\n[White \"ann\"]\n[Black \"bob\"]\n\n1-0\n";
    /// read_games(pgn.as_bytes(), &Options::default().details(true), |game| {
    ///     assert_eq!((&*game.players[0], &*game.players[1]), ("ann", "bob"));
    ///     assert_eq!(game.lichess_id(), Some("abcdEFGH"));
    ///     assert_eq!(game.mode(), Some(chess960_pgn::Mode::Rated));
    /// })?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub const fn details(self, details: bool) -> Options {
        Options { details, ..self }
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

    /// Parses games on `threads` threads in [`read_files`](crate::read_files) (0: one per
    /// core, the default). The games, their numbers and what each sink is given are the same
    /// whatever the number; only the time differs.
    ///
    /// ```
    /// let options = chess960_pgn::Options::default().threads(3);
    /// assert_eq!(options.threads.map(|n| n.get()), Some(3));
    /// assert_eq!(options.threads(0).threads, None);
    /// ```
    pub const fn threads(self, threads: usize) -> Options {
        Options {
            threads: NonZeroUsize::new(threads),
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

    /// The options, if their filters can keep a game: `since` not after `until`.
    ///
    /// # Errors
    ///
    /// [`OptionsError::NoMonth`] when `since` is after `until`.
    ///
    /// ```
    /// use chess960_pgn::Options;
    ///
    /// let options = Options::default().since("2024-05".parse()?).until("2024-01".parse()?);
    /// let err = options.validate().unwrap_err();
    /// assert_eq!(err.to_string(), "since 2024-05 is after until 2024-01: no game is played in between");
    /// assert!(Options::default().since("2024-01".parse()?).validate().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(self) -> Result<Options, OptionsError> {
        match (self.since, self.until) {
            (Some(since), Some(until)) if since > until => {
                Err(OptionsError::NoMonth { since, until })
            }
            _ => Ok(self),
        }
    }

    pub(crate) fn keeps(self, game: &Game) -> bool {
        let elo = self
            .min_elo
            .is_none_or(|min| game.elo.iter().all(|elo| elo.is_some_and(|elo| elo >= min)));
        let speed = self
            .speeds
            .is_none_or(|speeds| game.speed.is_some_and(|speed| speeds.has(speed)));
        let since = self.since.is_none_or(|since| game.month >= Some(since));
        let until = self
            .until
            .is_none_or(|until| game.month.is_some_and(|month| month <= until));
        let ratings = self.ratings.is_none_or(|groups| match game.elo {
            [Some(white), Some(black)] => groups.has(RatingGroup::of(white, black)),
            _ => false,
        });
        elo && speed && since && until && ratings
    }

    /// Whether the games' speeds or months are asked about, so that their tags are read.
    pub(crate) const fn reads_time(self) -> bool {
        self.speeds.is_some() || self.since.is_some() || self.until.is_some() || self.details
    }
}

/// Filters that keep no game, whatever the input ([`Options::validate`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum OptionsError {
    /// `since` is after `until`.
    NoMonth {
        /// The first month kept.
        since: Month,
        /// The last month kept.
        until: Month,
    },
}

impl std::fmt::Display for OptionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionsError::NoMonth { since, until } => write!(
                f,
                "since {since} is after until {until}: no game is played in between"
            ),
        }
    }
}

impl std::error::Error for OptionsError {}
