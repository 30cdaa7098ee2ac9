//! The one memory of the FEN tags seen ([`FenCache`]): a database's few thousand start FENs
//! are each read once, for the game's start (`chess960::game::fen_start`) and, when moves are
//! replayed, for the board they are played on (`moves::Setup`, read only when first asked
//! for); bounded in entries and in bytes, whatever the input.

use std::collections::HashMap;

use chess960::DoubleStartingPosition;
use chess960::game::{NoStart, Tag, fen_start};

use crate::moves::{BadFen, Setup};

/// FENs remembered at most; then the memory starts again.
const REMEMBERED: usize = 4096;
/// Bytes remembered at most, the FENs' and their readings' (a start FEN has under 100; a
/// crafted file may hold FEN tags of megabytes, each distinct).
pub(crate) const REMEMBERED_BYTES: usize = 1 << 20;
/// A FEN longer than this is read every time (no start FEN is this long).
const LONGEST: usize = REMEMBERED_BYTES / 64;

/// What a FEN tag says: its start, whatever the Variant, and the board it sets up once asked.
#[derive(Clone, Debug)]
struct Reading {
    start: Result<DoubleStartingPosition, NoStart>,
    setup: Option<Result<Setup, BadFen>>,
}

impl Reading {
    fn new(fen: &[u8]) -> Reading {
        let start = std::str::from_utf8(fen)
            .map_err(|_| NoStart::NotUtf8(Tag::Fen))
            .and_then(fen_start);
        Reading { start, setup: None }
    }
}

/// The FEN tags seen, each with its [`Reading`]: at most [`REMEMBERED`] of them and
/// [`REMEMBERED_BYTES`] in all.
#[derive(Clone, Debug, Default)]
pub(crate) struct FenCache {
    read: HashMap<Vec<u8>, Reading>,
    bytes: usize,
}

impl FenCache {
    /// The start of the FEN tag `fen`, whatever the Variant: `NotUtf8` if it is not UTF-8.
    pub(crate) fn start(&mut self, fen: &[u8]) -> Result<DoubleStartingPosition, NoStart> {
        if let Some(known) = self.read.get(fen) {
            return known.start;
        }
        let reading = Reading::new(fen);
        let start = reading.start;
        self.remember(fen, reading);
        start
    }

    /// The board the FEN tag `fen` sets up, as python-chess reads it, or why none.
    pub(crate) fn setup(&mut self, fen: &str) -> Result<Setup, BadFen> {
        if let Some(known) = self.read.get_mut(fen.as_bytes()) {
            return known.setup.get_or_insert_with(|| Setup::read(fen)).clone();
        }
        let mut reading = Reading::new(fen.as_bytes());
        let setup = Setup::read(fen);
        reading.setup = Some(setup.clone());
        self.remember(fen.as_bytes(), reading);
        setup
    }

    fn remember(&mut self, fen: &[u8], reading: Reading) {
        if fen.len() > LONGEST {
            return;
        }
        let bytes = fen.len() + size_of::<Reading>();
        if self.read.len() >= REMEMBERED || self.bytes + bytes > REMEMBERED_BYTES {
            self.read.clear();
            self.bytes = 0;
        }
        self.read.insert(fen.to_vec(), reading);
        self.bytes += bytes;
    }

    /// The bytes remembered, for the tests of its bound.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        let bytes: usize = self
            .read
            .keys()
            .map(|fen| fen.len() + size_of::<Reading>())
            .sum();
        debug_assert_eq!(bytes, self.bytes);
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::FenCache;
    use crate::moves::UciCastling;
    use crate::options::Options;

    /// Each game's UCI moves, or its error.
    fn replayed(pgn: &'static str) -> Vec<String> {
        let mut games = Vec::new();
        crate::read_games(pgn.as_bytes(), &Options::default().moves(true), |game| {
            let Some(replay) = game.moves else { return };
            games.push(match replay.error() {
                Some(error) => error.to_string(),
                None => {
                    let uci = replay.uci(UciCastling::KingTakesRook);
                    uci.map(|mv| mv.to_string()).collect::<Vec<_>>().join(" ")
                }
            });
        })
        .unwrap();
        games
    }

    #[test]
    fn one_reading_of_a_fen_serves_games_under_either_variant() {
        // The same FEN read once: standard chess also reads `e1g1` as castling, Chess960 not.
        let pgn = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. e1g1 *\n\n\
                   [Variant \"Chess960\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. e1g1 *\n\n\
                   [FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O-O *\n";
        assert_eq!(
            replayed(pgn),
            [
                "e1h1",
                "game 1, ply 1 (1. e1g1): no legal move is e1g1",
                "e1a1"
            ]
        );
    }

    #[test]
    fn a_fen_that_sets_up_no_board_is_refused_each_time_it_is_read() {
        let pgn = "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
                   [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
        let why = "not replayed: the FEN tag is not a position that can be played";
        assert_eq!(
            replayed(pgn),
            [format!("game 0, {why}"), format!("game 1, {why}")]
        );
    }

    #[test]
    fn the_start_and_the_board_of_a_fen_are_one_entry() {
        let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
        let mut cache = FenCache::default();
        assert_eq!(
            cache.start(fen.as_bytes()).map(|sp| sp.white().id()),
            Ok(105)
        );
        let bytes = cache.bytes();
        assert!(cache.setup(fen).is_ok());
        assert!(cache.setup(fen).is_ok());
        assert_eq!((cache.read.len(), cache.bytes()), (1, bytes));
        // Asked for the board first, the start is there too.
        let mut cache = FenCache::default();
        assert!(cache.setup(fen).is_ok());
        assert_eq!(
            cache.start(fen.as_bytes()).map(|sp| sp.white().id()),
            Ok(105)
        );
        assert_eq!(cache.read.len(), 1);
    }
}
