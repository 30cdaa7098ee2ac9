//! One input through the scanner: each [`Game`] to a [`Sink`], then (for sinks that copy
//! games) its bytes, the tag section held back until the game is decided.

use std::fmt;
use std::io;
use std::sync::Arc;

use crate::collect::Collector;
use crate::game::Game;
use crate::open::Input;
use crate::options::Options;
use crate::scan::{Scanner, Visitor};

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
    let games = Arc::clone(&input.progress().games);
    let mut collector = Collector::new(sink, *options, games);
    let (read_error, boundary) = scan(input, &mut collector, Collector::error);
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
