//! One input through the scanner: each game's [`Game`] to a [`Sink`] at the end of its tag
//! section, then (for sinks that copy games) its bytes, the tag section held back until then.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};

use chess960_cli::pgn::{HeaderEnd, Scanner, Visitor};

use super::game::{Game, Header};
use super::open::Input;

/// What is done with each game.
pub trait Sink {
    /// Whether the sink wants each game's bytes.
    const COPIES: bool;
    /// A game, at the end of its tag section.
    fn game(&mut self, game: &Game) -> io::Result<()>;
    /// The bytes of the last game given to [`Sink::game`], in order.
    fn bytes(&mut self, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }
}

/// Which games are kept.
#[derive(Clone, Copy, Default)]
pub struct Filter {
    /// Both players' Elo tags at least this.
    pub min_elo: Option<u32>,
}

impl Filter {
    fn keeps(self, game: &Game) -> bool {
        self.min_elo
            .is_none_or(|min| game.elo.iter().all(|elo| elo.is_some_and(|elo| elo >= min)))
    }
}

/// How reading one input ended.
pub enum Ended {
    /// At its end.
    Done,
    /// The input failed after this many games (the error, and the games before it are kept).
    ReadError(u64, io::Error),
}

/// Reads `input` to its end, giving its games to `sink`; `games` counts them for the bar.
/// A write error (the sink's) is returned at once.
pub fn read<S: Sink>(
    input: &mut Input,
    sink: &mut S,
    filter: Filter,
    games: &AtomicU64,
) -> io::Result<Ended> {
    read_part(input, sink, filter, games).map(|(ended, _)| ended)
}

/// [`read`], and whether a game would begin with a tag line right after the input (so that the
/// input can be the first part of a larger one).
pub fn read_part<S: Sink>(
    input: &mut Input,
    sink: &mut S,
    filter: Filter,
    games: &AtomicU64,
) -> io::Result<(Ended, bool)> {
    let mut collector = Collector {
        sink,
        filter,
        header: Header::default(),
        count: 0,
        kept: false,
        decided: false,
        held: Vec::new(),
        error: None,
        games,
    };
    let (read_error, boundary) = scan(input, &mut collector, |c| c.error.is_some());
    collector.outcome(read_error).map(|ended| (ended, boundary))
}

/// Runs `input` through the scanner into `visitor` until its end, or until `stop` says so
/// after a chunk (a write error). The read error, if the input failed (the games before it are
/// told), and whether a game would begin with a tag line right after the input.
pub fn scan<V: Visitor>(
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
    filter: Filter,
    header: Header,
    count: u64,
    /// Whether the game being read is kept (known at the end of its tag section).
    kept: bool,
    decided: bool,
    /// The tag section's bytes, until the game is decided.
    held: Vec<u8>,
    /// The sink's first error: nothing more is given to it.
    error: Option<io::Error>,
    games: &'a AtomicU64,
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
        let game = self.header.game(end);
        self.decided = true;
        self.kept = self.filter.keeps(&game) && self.error.is_none();
        if self.kept {
            let result = self.sink.game(&game);
            self.give(result);
        }
        if S::COPIES && self.kept && self.error.is_none() {
            let result = self.sink.bytes(&self.held);
            self.give(result);
        }
        self.held.clear();
    }

    fn game_bytes(&mut self, bytes: &[u8]) {
        if !S::COPIES {
            return;
        }
        if !self.decided {
            self.held.extend_from_slice(bytes);
        } else if self.kept && self.error.is_none() {
            let result = self.sink.bytes(bytes);
            self.give(result);
        }
    }
}
