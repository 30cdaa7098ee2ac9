//! [`Replay::of_pgn`]: the first game of a PGN text, its start decided by the one rule of
//! `chess960 games`, replayed; for a GUI that imports one game.

use chess960::game::StartReader;

use crate::game::Header;
use crate::moves::Replay;
use crate::scan::{HeaderEnd, Scanner, Visitor};

impl Replay {
    /// The first game of `pgn` replayed from its start (none: no moves).
    ///
    /// ```
    /// use chess960_pgn::moves::Replay;
    ///
    /// let replay = Replay::of_pgn(b"[Variant \"Crazyhouse\"]\n\n1. e4 *\n");
    /// assert_eq!(replay.error().unwrap().to_string(), "game 0, not replayed: the variant \"Crazyhouse\"");
    /// assert_eq!(Replay::of_pgn(b"1. e4 e5 *\n\n[Event \"next\"]\n\n1. d4 *").plies(), 2);
    /// ```
    pub fn of_pgn(pgn: &[u8]) -> Replay {
        let mut first = First {
            header: Header::new(StartReader::DEFAULT),
            replay: Replay::default(),
            games: 0,
        };
        let mut scanner = Scanner::new();
        scanner.feed(pgn, &mut first);
        scanner.finish(&mut first);
        first.replay
    }
}

/// Tells the first game's tags and movetext to a replay.
struct First {
    header: Header,
    replay: Replay,
    games: u64,
}

impl Visitor for First {
    fn begin_game(&mut self, offset: u64) {
        self.games += 1;
        if self.games == 1 {
            self.header.begin(0, offset);
        }
    }
    fn wants_tag(&self, name: &[u8]) -> bool {
        self.games == 1 && Header::wants(name)
    }
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.header.tag(name, value);
    }
    fn end_header(&mut self, end: HeaderEnd) {
        if self.games == 1 {
            self.header.end_header(end);
            self.header.begin_replay(&mut self.replay);
        }
    }
    fn game_bytes(&mut self, bytes: &[u8]) {
        if self.games == 1 && self.header.ended() {
            self.replay.feed(bytes);
        }
    }
    fn end_game(&mut self) {
        if self.games == 1 {
            self.replay.finish();
        }
    }
}
