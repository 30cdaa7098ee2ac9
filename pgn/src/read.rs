//! One input through the scanner: each [`Game`] to a [`Sink`], then (for sinks that copy
//! games) its bytes, the tag section held back until the game is decided.

use std::fmt;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chess960::game::StartReader;

use crate::game::{Game, Header};
use crate::open::Input;
use crate::scan::{HeaderEnd, Scanner, Visitor};

/// What is done with each game of an input: [`Stats`](crate::Stats) counts them,
/// [`Select`](crate::Select) and [`Split`](crate::Split) copy them, a closure sees them
/// ([`read_games`](crate::read_games)).
///
/// ```
/// use chess960_pgn::{Game, Input, Kind, Sink, read};
///
/// /// The offsets of the games of other variants.
/// struct Variants(Vec<u64>);
///
/// impl Sink for Variants {
///     const COPIES: bool = false;
///     fn game(&mut self, game: &Game) -> std::io::Result<()> {
///         if game.kind() == Kind::OtherVariant {
///             self.0.push(game.offset);
///         }
///         Ok(())
///     }
/// }
///
/// let pgn = "[Variant \"Chess960\"]\n\n*\n\n[Variant \"Horde\"]\n\n*\n";
/// let mut variants = Variants(Vec::new());
/// read(&mut Input::from_reader(pgn.as_bytes()), &mut variants, &Default::default())?;
/// assert_eq!(variants.0, [25]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Sink {
    /// Whether the sink wants each game's bytes ([`Sink::bytes`]). A sink that does is given
    /// each game at the end of its tag section, its result read from the Result tag alone;
    /// one that does not, at the end of the game, its result as python-chess reads it.
    const COPIES: bool;
    /// A game.
    ///
    /// # Errors
    ///
    /// The sink's own (a write error): reading stops and returns it.
    fn game(&mut self, game: &Game) -> io::Result<()>;
    /// The bytes of the last game given to [`Sink::game`], in order, exactly as in the input.
    ///
    /// # Errors
    ///
    /// The sink's own: reading stops and returns it.
    fn bytes(&mut self, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }
    /// The input has ended (or failed, after the games before): write what is buffered.
    /// [`read`] calls it once, after the last game, unless the sink has failed;
    /// [`read_files`](crate::read_files) also for a file that could not be opened.
    ///
    /// # Errors
    ///
    /// The sink's own: [`read`] returns it.
    fn end(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// How games are read: which are kept, and how a start is decided.
///
/// ```
/// use chess960_pgn::Options;
///
/// let options = Options::default().min_elo(2000).assume_chess960(true);
/// assert_eq!((options.min_elo, options.assume_chess960), (Some(2000), true));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// Only the games where both players' Elo tags are at least this ([`Options::min_elo`]).
    pub min_elo: Option<u32>,
    /// Whether standard-start games count as Chess960 start 518
    /// ([`Options::assume_chess960`]).
    pub assume_chess960: bool,
}

impl Options {
    /// Keeps only the games where both players' Elo tags are at least `elo`.
    pub const fn min_elo(self, elo: u32) -> Options {
        Options {
            min_elo: Some(elo),
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

    fn keeps(self, game: &Game) -> bool {
        self.min_elo
            .is_none_or(|min| game.elo.iter().all(|elo| elo.is_some_and(|elo| elo >= min)))
    }
}

/// Why an input was not read to its end. The games before the failure were given to the
/// sink; the error is the caller's to handle (`?` makes it an `io::Error`).
///
/// ```
/// use chess960_pgn::ReadError;
///
/// let cut = ReadError::Input { games: 12, error: std::io::ErrorKind::UnexpectedEof.into() };
/// assert_eq!(cut.to_string(), "reading stopped after 12 games: unexpected end of file");
/// assert_eq!(cut.games(), Some(12));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The input failed after this many games: a file cut short, compressed data that is
    /// corrupt, a reader's own error, a decompressing thread that died.
    Input {
        /// The games read before it.
        games: u64,
        /// What failed.
        error: io::Error,
    },
    /// The sink failed (a write error): reading stopped at once.
    Sink(io::Error),
}

impl ReadError {
    /// The games read before the input failed; `None` for a sink's error.
    pub fn games(&self) -> Option<u64> {
        match self {
            ReadError::Input { games, .. } => Some(*games),
            ReadError::Sink(_) => None,
        }
    }

    /// The I/O error underneath.
    pub fn io_error(&self) -> &io::Error {
        match self {
            ReadError::Input { error, .. } | ReadError::Sink(error) => error,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Input { games, error } => {
                write!(f, "reading stopped after {games} games: {error}")
            }
            ReadError::Sink(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.io_error())
    }
}

impl From<ReadError> for io::Error {
    /// The same kind of error, its message saying after how many games the input failed.
    fn from(err: ReadError) -> io::Error {
        match err {
            ReadError::Sink(error) => error,
            input => io::Error::new(input.io_error().kind(), input.to_string()),
        }
    }
}

/// Reads `input` to its end, giving its games to `sink`; how many games it held.
///
/// # Errors
///
/// The sink's first error (a write error), at once; an input that fails (the games before
/// it were given to the sink).
///
/// ```
/// use chess960_pgn::{Input, Select, read};
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 1-0\n\n[Event \"standard\"]\n\n1. d4 0-1\n";
/// let mut chosen = Select::new(Vec::new(), [chess960::DoubleStartingPosition::STANDARD]);
/// let games = read(&mut Input::from_reader(pgn.as_bytes()), &mut chosen, &Default::default())?;
/// assert_eq!(games, 2);
/// assert_eq!(chosen.into_inner(), b"[Variant \"Chess960\"]\n\n1. e4 1-0\n\n");
///
/// // An input that fails is an error, after the games before the failure.
/// struct Cut;
/// impl std::io::Read for Cut {
///     fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
///         Err(std::io::ErrorKind::UnexpectedEof.into())
///     }
/// }
/// let mut input = Input::from_reader(std::io::Read::chain(pgn.as_bytes(), Cut));
/// let err = read(&mut input, &mut chess960_pgn::Stats::default(), &Default::default()).unwrap_err();
/// assert_eq!(err.to_string(), "reading stopped after 2 games: unexpected end of file");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read<S: Sink>(input: &mut Input, sink: &mut S, options: &Options) -> Result<u64, ReadError> {
    read_part(input, sink, options).map(|(games, _)| games)
}

/// [`read`], and whether a game would begin with a tag line right after the input (so that the
/// input can be the first part of a larger one).
pub(crate) fn read_part<S: Sink>(
    input: &mut Input,
    sink: &mut S,
    options: &Options,
) -> Result<(u64, bool), ReadError> {
    let mut collector = Collector {
        sink,
        options: *options,
        header: Header::new(options.start_reader()),
        count: 0,
        kept: false,
        decided: false,
        held: Vec::new(),
        error: None,
        games: Arc::clone(&input.progress().games),
    };
    let (read_error, boundary) = scan(input, &mut collector, |c| c.error.is_some());
    let games = collector.outcome(read_error);
    if !matches!(games, Err(ReadError::Sink(_))) {
        sink.end().map_err(ReadError::Sink)?;
    }
    games.map(|games| (games, boundary))
}

/// Runs `input` through the scanner into `visitor` until its end, or until `stop` says so
/// after a chunk (a write error). The read error, if the input failed (the games before it are
/// told), and whether a game would begin with a tag line right after the input.
pub(crate) fn scan<V: Visitor>(
    input: &mut Input,
    visitor: &mut V,
    stop: impl Fn(&V) -> bool,
) -> (Option<io::Error>, bool) {
    let mut scanner = Scanner::new();
    while let Some(chunk) = input.next_chunk() {
        match chunk {
            Ok(chunk) => {
                scanner.feed(&chunk, visitor);
                input.give_back(chunk);
            }
            Err(err) => {
                scanner.finish(visitor);
                return (Some(err), false);
            }
        }
        if stop(visitor) {
            return (None, false);
        }
        if input.progress().is_stopped() {
            scanner.finish(visitor);
            let stopped = io::Error::new(io::ErrorKind::Interrupted, "asked to stop");
            return (Some(stopped), false);
        }
    }
    let boundary = scanner.tag_now_begins_game();
    scanner.finish(visitor);
    (None, boundary)
}

struct Collector<'a, S> {
    sink: &'a mut S,
    options: Options,
    header: Header,
    count: u64,
    /// Whether the game being read is kept (copying sinks: known at the end of its tag
    /// section).
    kept: bool,
    decided: bool,
    /// The tag section's bytes, until the game is decided.
    held: Vec<u8>,
    /// The sink's first error: nothing more is given to it.
    error: Option<io::Error>,
    games: Arc<AtomicU64>,
}

impl<S: Sink> Collector<'_, S> {
    fn outcome(&mut self, read_error: Option<io::Error>) -> Result<u64, ReadError> {
        if let Some(err) = self.error.take() {
            return Err(ReadError::Sink(err));
        }
        match read_error {
            None => Ok(self.count),
            Some(error) => Err(ReadError::Input {
                games: self.count,
                error,
            }),
        }
    }

    fn give(&mut self, result: io::Result<()>) {
        if let Err(err) = result {
            self.error.get_or_insert(err);
        }
    }

    /// Gives the game to the sink, if it is kept; whether it was.
    fn decide(&mut self) -> bool {
        let game = self.header.game();
        let kept = self.options.keeps(&game) && self.error.is_none();
        if kept {
            let result = self.sink.game(&game);
            self.give(result);
        }
        kept
    }
}

impl<S: Sink> Visitor for Collector<'_, S> {
    fn begin_game(&mut self, offset: u64) {
        self.header.begin(self.count, offset);
        self.count += 1;
        self.games.fetch_add(1, Ordering::Relaxed);
        self.decided = false;
        self.held.clear();
    }

    fn wants_tag(&self, name: &[u8]) -> bool {
        Header::wants(name)
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.header.tag(name, value);
    }

    fn end_header(&mut self, end: HeaderEnd) {
        self.header.end_header(end);
        if !S::COPIES {
            return;
        }
        self.decided = true;
        self.kept = self.decide();
        if self.kept && self.error.is_none() {
            let result = self.sink.bytes(&self.held);
            self.give(result);
        }
        self.held.clear();
    }

    fn game_bytes(&mut self, bytes: &[u8]) {
        if !S::COPIES {
            // Only the movetext can hold the marker; the tag section is read by then.
            if self.header.ended() && !self.header.result_is_known() {
                self.header.bytes(bytes);
            }
            return;
        }
        if !self.decided {
            self.held.extend_from_slice(bytes);
        } else if self.kept && self.error.is_none() {
            let result = self.sink.bytes(bytes);
            self.give(result);
        }
    }

    fn end_game(&mut self) {
        if !S::COPIES {
            self.decide();
        }
    }
}
