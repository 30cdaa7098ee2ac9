//! One input through the scanner: each [`Game`] to a [`Sink`], then (for sinks that copy
//! games) its bytes, the tag section held back until the game is decided.

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
}

/// How games are read: which are kept, and how a start is decided.
///
/// ```
/// use chess960_pgn::Options;
///
/// let options = Options::default().min_elo(2000).assume_chess960(true);
/// assert_eq!(options.min_elo_value(), Some(2000));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    min_elo: Option<u32>,
    assume_chess960: bool,
}

impl Options {
    /// Keeps only the games where both players' Elo tags are at least `elo`.
    pub const fn min_elo(self, elo: u32) -> Options {
        Options {
            min_elo: Some(elo),
            ..self
        }
    }

    /// The minimum Elo, if one is set.
    pub const fn min_elo_value(self) -> Option<u32> {
        self.min_elo
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

/// How reading one input ended.
#[derive(Debug)]
#[non_exhaustive]
pub enum Ended {
    /// At its end.
    Done,
    /// The input failed after this many games (the error, and the games before it were
    /// given to the sink).
    ReadError(u64, io::Error),
}

impl Ended {
    /// `Ok` at the end of the input, else the input's error, saying after how many games.
    ///
    /// # Errors
    ///
    /// The input's.
    ///
    /// ```
    /// use chess960_pgn::Ended;
    ///
    /// let cut = Ended::ReadError(12, std::io::ErrorKind::UnexpectedEof.into());
    /// assert_eq!(cut.into_result().unwrap_err().to_string(), "reading stopped after 12 games: unexpected end of file");
    /// ```
    pub fn into_result(self) -> io::Result<()> {
        match self {
            Ended::Done => Ok(()),
            Ended::ReadError(games, err) => Err(io::Error::new(
                err.kind(),
                format!("reading stopped after {games} games: {err}"),
            )),
        }
    }
}

/// Reads `input` to its end, giving its games to `sink`.
///
/// # Errors
///
/// The sink's first error (a write error), at once. An input that fails is
/// [`Ended::ReadError`].
///
/// ```
/// use chess960_pgn::{Ended, Input, Select, read};
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 1-0\n\n[Event \"standard\"]\n\n1. d4 0-1\n";
/// let mut chosen = Select::new(Vec::new(), [chess960::DoubleStartingPosition::STANDARD]);
/// let ended = read(&mut Input::from_reader(pgn.as_bytes()), &mut chosen, &Default::default())?;
/// assert!(matches!(ended, Ended::Done));
/// assert_eq!(chosen.into_inner(), b"[Variant \"Chess960\"]\n\n1. e4 1-0\n\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read<S: Sink>(input: &mut Input, sink: &mut S, options: &Options) -> io::Result<Ended> {
    read_part(input, sink, options).map(|(ended, _)| ended)
}

/// [`read`], and whether a game would begin with a tag line right after the input (so that the
/// input can be the first part of a larger one).
pub(crate) fn read_part<S: Sink>(
    input: &mut Input,
    sink: &mut S,
    options: &Options,
) -> io::Result<(Ended, bool)> {
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
    collector.outcome(read_error).map(|ended| (ended, boundary))
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
    fn outcome(&mut self, read_error: Option<io::Error>) -> io::Result<Ended> {
        if let Some(err) = self.error.take() {
            return Err(err);
        }
        Ok(match read_error {
            None => Ended::Done,
            Some(err) => Ended::ReadError(self.count, err),
        })
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
