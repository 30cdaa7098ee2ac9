//! The scanner's visitor behind `read` (one input to a sink): each game's tags collected,
//! the game given to the sink (at the end of its tag section for sinks that copy, with its
//! bytes after; at its end for the others, with its moves replayed when asked).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::fen_cache::FenCache;
use crate::game::Header;
use crate::moves::Replay;
use crate::options::Options;
use crate::scan::{HeaderEnd, Visitor};
use crate::sink::{ReadError, Sink};

pub(crate) struct Collector<S> {
    /// The sink, owned (a part's) or borrowed (`&mut S` is a sink).
    sink: S,
    options: Options,
    header: Header,
    /// The game's moves, when asked for (sinks that do not copy).
    replay: Option<Replay>,
    /// Whether the game being read is replayed: the sink wants its moves.
    replaying: bool,
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

impl<S: Sink> Collector<S> {
    pub(crate) fn new(sink: S, options: Options, games: Arc<AtomicU64>) -> Self {
        let replay = (options.moves && !S::COPIES).then(|| match options.max_plies {
            Some(plies) => Replay::default().max_plies(plies),
            None => Replay::default(),
        });
        Collector {
            sink,
            options,
            header: Header::new(options.start_reader()),
            replay,
            replaying: false,
            count: 0,
            kept: false,
            decided: false,
            held: Vec::new(),
            error: None,
            games,
        }
    }

    /// Swaps the FENs remembered with `fens`.
    pub(crate) fn swap_fens(&mut self, fens: &mut FenCache) {
        self.header.swap_fens(fens);
    }

    /// The sink, for its end.
    pub(crate) fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The sink.
    pub(crate) fn into_sink(self) -> S {
        self.sink
    }

    pub(crate) fn error(&self) -> bool {
        self.error.is_some()
    }

    pub(crate) fn outcome(&mut self, read_error: Option<io::Error>) -> Result<u64, ReadError> {
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
        let moves = self.replay.as_ref().filter(|_| self.replaying);
        let game = self.header.game(moves);
        let kept = self.options.keeps(&game);
        if !kept {
            self.sink.left_out(&game);
        } else if self.error.is_none() {
            let result = self.sink.game(&game);
            self.give(result);
        }
        kept && self.error.is_none()
    }
}

impl<S: Sink> Visitor for Collector<S> {
    fn begin_game(&mut self, offset: u64) {
        self.header.begin(self.count, offset);
        self.count += 1;
        self.games.fetch_add(1, Ordering::Relaxed);
        self.decided = false;
        self.held.clear();
    }

    fn wants_tag(&self, name: &[u8]) -> bool {
        Header::wants(name)
            || (self.options.reads_time() && Header::wants_time(name))
            || (self.options.details && Header::wants_details(name))
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.header.tag(name, value);
    }

    fn end_header(&mut self, end: HeaderEnd) {
        self.header.end_header(end);
        if let Some(replay) = &mut self.replay {
            let game = self.header.game(None);
            self.replaying = self.options.keeps(&game) && self.sink.replays(&game);
            if self.replaying {
                self.header.begin_replay(replay);
            }
        }
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
            if self.header.ended() {
                if !self.header.result_is_known() {
                    self.header.bytes(bytes);
                }
                if let Some(replay) = self.replay.as_mut().filter(|_| self.replaying) {
                    replay.feed(bytes);
                }
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
        if let Some(replay) = self.replay.as_mut().filter(|_| self.replaying) {
            replay.finish();
        }
        if !S::COPIES {
            self.decide();
        }
    }
}
