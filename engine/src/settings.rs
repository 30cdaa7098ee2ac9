//! What a run asks of every engine it starts: the program, its options, the limit, the
//! castling notation of its FENs, and how long each answer may take.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use chess960::fen::CastlingNotation;

use crate::limit::Limit;

/// How long an engine may take to answer. A time too long to count (`Duration::MAX`) is no
/// deadline at all.
///
/// ```
/// use std::time::Duration;
/// use chess960_engine::Timeouts;
///
/// let timeouts = Timeouts::default();
/// assert_eq!(timeouts.uciok, Duration::from_secs(30));
/// assert_eq!(timeouts.search, Duration::from_secs(300));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Timeouts {
    /// From `uci` to `uciok` (an engine loads its network first).
    pub uciok: Duration,
    /// From `isready` to `readyok`; also how long a line written to the engine may take.
    pub readyok: Duration,
    /// A search by nodes or depth, from `go` (a search by time is given its own time).
    pub search: Duration,
    /// Added to each search's time before `stop` is sent, and the wait for `bestmove` after it.
    pub grace: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            uciok: Duration::from_secs(30),
            readyok: Duration::from_secs(30),
            search: Duration::from_secs(300),
            grace: Duration::from_secs(5),
        }
    }
}

/// An engine and how to run it.
///
/// ```
/// use chess960_engine::{Limit, Settings};
///
/// let settings = Settings::new("/usr/games/stockfish", Limit::Nodes(1000))
///     .option("Hash", "16");
/// assert_eq!(settings.options, [("Hash".to_owned(), "16".to_owned())]);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Settings {
    /// The engine's program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// `setoption` for each, in order, after the driver's own (`UCI_Chess960`, `UCI_ShowWDL`,
    /// `Threads` 1), which these may change (all but `UCI_Chess960`).
    pub options: Vec<(String, String)>,
    /// The limit of every search.
    pub limit: Limit,
    /// The castling field of the FENs sent (`KQkq` by default).
    pub castling: CastlingNotation,
    /// How long each answer may take.
    pub timeouts: Timeouts,
}

impl Settings {
    /// `program`, with no arguments or options, searching to `limit`.
    pub fn new(program: impl Into<PathBuf>, limit: Limit) -> Settings {
        Settings {
            program: program.into(),
            args: Vec::new(),
            options: Vec::new(),
            limit,
            castling: CastlingNotation::XFen,
            timeouts: Timeouts::default(),
        }
    }

    /// With `setoption name NAME value VALUE` added.
    #[must_use]
    pub fn option(mut self, name: impl Into<String>, value: impl Into<String>) -> Settings {
        self.options.push((name.into(), value.into()));
        self
    }

    /// The program's file name: the engine's name in records when it gives none (`id name`),
    /// or never answered.
    ///
    /// ```
    /// use chess960_engine::{Limit, Settings};
    /// assert_eq!(Settings::new("/usr/games/stockfish", Limit::Depth(1)).program_name(), "stockfish");
    /// ```
    pub fn program_name(&self) -> String {
        self.program.file_name().map_or_else(
            || self.program.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        )
    }

    /// The threads each search uses, as the records say: the `Threads` option set, else the
    /// driver's own 1.
    ///
    /// ```
    /// use chess960_engine::{Limit, Settings};
    /// let settings = Settings::new("stockfish", Limit::Depth(1));
    /// assert_eq!(settings.threads(), 1);
    /// assert_eq!(settings.option("threads", "4").threads(), 4);
    /// ```
    pub fn threads(&self) -> u32 {
        self.options
            .iter()
            .rev()
            .find(|(name, _)| name.eq_ignore_ascii_case("Threads"))
            .and_then(|(_, value)| value.parse().ok())
            .unwrap_or(1)
    }

    /// The time from `go` after which `stop` is sent: the limit's own time (or
    /// [`Timeouts::search`]) and the grace.
    ///
    /// ```
    /// use std::time::Duration;
    /// use chess960_engine::{Limit, Settings};
    ///
    /// let settings = Settings::new("engine", Limit::Movetime(100));
    /// assert_eq!(settings.search_deadline(), Duration::from_millis(5100));
    /// ```
    pub fn search_deadline(&self) -> Duration {
        let time = self.limit.time().unwrap_or(self.timeouts.search);
        time.saturating_add(self.timeouts.grace)
    }
}
