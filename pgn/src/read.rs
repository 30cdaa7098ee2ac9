//! One input through the scanner: each [`Game`](crate::Game) to a [`Sink`], then (for sinks that copy
//! games) its bytes, the tag section held back until the game is decided.

use std::io;
use std::sync::Arc;

use crate::collect::Collector;
use crate::open::Input;
use crate::options::Options;
use crate::scan::{Scanner, Visitor};
use crate::sink::{ReadError, Sink};

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
    let games = Arc::clone(&input.progress().games);
    let mut collector = Collector::new(&mut *sink, *options, games);
    let read_error = scan(input, &mut collector, Collector::error);
    let games = collector.outcome(read_error);
    ended(sink, games)
}

/// The games read, once the sink is told its input has ended (unless it failed).
pub(crate) fn ended<S: Sink>(
    sink: &mut S,
    games: Result<u64, ReadError>,
) -> Result<u64, ReadError> {
    if !matches!(games, Err(ReadError::Sink(_))) {
        sink.end().map_err(ReadError::Sink)?;
    }
    games
}

/// Runs `input` through the scanner into `visitor` until its end, or until `stop` says so
/// after a chunk (a write error): the read error, if the input failed (the games before it
/// are told).
pub(crate) fn scan<V: Visitor>(
    input: &mut Input,
    visitor: &mut V,
    stop: impl Fn(&V) -> bool,
) -> Option<io::Error> {
    let mut scanner = Scanner::new();
    while let Some(chunk) = input.next_chunk() {
        match chunk {
            Ok(chunk) => {
                scanner.feed(&chunk, visitor);
                input.give_back(chunk);
            }
            Err(err) => {
                scanner.finish(visitor);
                return Some(err);
            }
        }
        if stop(visitor) {
            return None;
        }
        if input.progress().is_stopped() {
            scanner.finish(visitor);
            return Some(io::Error::new(io::ErrorKind::Interrupted, "asked to stop"));
        }
    }
    scanner.finish(visitor);
    None
}

/// The games in `bytes` by the scanner alone (as [`read`] numbers them), and whether a game
/// would begin with a tag line right after them.
pub(crate) fn count_slice(bytes: &[u8]) -> (u64, bool) {
    let mut count = Count(0);
    let boundary = scan_slice(bytes, &mut count, |_| false);
    (count.0, boundary)
}

/// Runs `bytes` through the scanner into `visitor`, a cache's worth at a time, until their
/// end or until `stop` says so: whether a game would begin with a tag line right after them.
fn scan_slice<V: Visitor>(bytes: &[u8], visitor: &mut V, stop: impl Fn(&V) -> bool) -> bool {
    let mut scanner = Scanner::new();
    for piece in bytes.chunks(PIECE) {
        scanner.feed(piece, visitor);
        if stop(visitor) {
            break;
        }
    }
    let boundary = scanner.tag_now_begins_game();
    scanner.finish(visitor);
    boundary
}

/// Bytes fed to the scanner at a time: they stay in the core's cache while it scans them.
pub(crate) const PIECE: usize = 1 << 16;

/// Counts the games the scanner finds, reading no tag.
struct Count(u64);

impl Visitor for Count {
    fn begin_game(&mut self, _offset: u64) {
        self.0 += 1;
    }

    fn wants_tag(&self, _name: &[u8]) -> bool {
        false
    }
}
