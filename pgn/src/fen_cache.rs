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
