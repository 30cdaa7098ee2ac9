//! A part of a file being read on one of [`read_files`](crate::read_files)'s threads
//! ([`PartReader`]): the scanner, and the collector that owns the part's sink, fed one chunk
//! after another until the part ends where a game begins or where its file does. A game that
//! runs past the end of its chunk (a long comment, an endless line, a chunk cut where no game
//! begins) is read on from the next chunk's bytes by whichever thread holds them: the reader
//! moves, not the bytes, so no chunk is held past its own reading.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::collect::Collector;
use crate::fen_cache::FenCache;
use crate::file_read::PartStart;
use crate::options::Options;
use crate::read::{PIECE, ended};
use crate::scan::Scanner;
use crate::sink::{ReadError, Sink};

/// A part of a file being read, chunk after chunk.
pub(crate) struct PartReader<S> {
    /// Where the part begins: the file's games before it, whatever its sink was told.
    pub start: PartStart,
    /// The number of the chunk it begins in: its part is given under this number.
    pub seq: u64,
    scanner: Scanner,
    collector: Collector<S>,
}

impl<S: Sink> PartReader<S> {
    /// A part that begins at `start` (where a game may begin), in chunk `seq`, read into
    /// `sink`.
    pub(crate) fn new(sink: S, start: PartStart, seq: u64, options: &Options) -> Self {
        // The games are counted into the progress once the part is kept.
        let games = Arc::new(AtomicU64::new(0));
        PartReader {
            start,
            seq,
            scanner: Scanner::new(),
            collector: Collector::new(sink, *options, games),
        }
    }

    /// Reads `bytes`, the next of the part, with the FENs remembered in `fens` (the reading
    /// thread's): all of them, or if `to_game`, up to the first place a game begins: where
    /// that is, if one does. The reading stops early if the sink fails.
    pub(crate) fn feed(
        &mut self,
        bytes: &[u8],
        fens: &mut FenCache,
        to_game: bool,
    ) -> Option<usize> {
        self.collector.swap_fens(fens);
        let mut stopped = None;
        let mut fed = 0;
        for piece in bytes.chunks(PIECE) {
            if self.collector.error() {
                break;
            }
            let stop = self
                .scanner
                .feed_until_game(piece, &mut self.collector, to_game);
            if let Some(at) = stop {
                stopped = Some(fed + at);
                break;
            }
            fed += piece.len();
        }
        self.collector.swap_fens(fens);
        stopped
    }

    /// Whether the part may end where its bytes do: a line beginning with `[` there would
    /// begin a game (or the sink failed, and the reading stops).
    pub(crate) fn at_game(&self) -> bool {
        self.collector.error() || self.scanner.tag_now_begins_game()
    }

    /// Whether the sink failed: nothing more is read.
    pub(crate) fn failed(&self) -> bool {
        self.collector.error()
    }

    /// Ends the part where its bytes end: its start, its sink, and how many games it read
    /// (or the sink's error).
    pub(crate) fn finish(mut self) -> (PartStart, S, Result<u64, ReadError>) {
        self.scanner.finish(&mut self.collector);
        let games = self.collector.outcome(None);
        let read = ended(self.collector.sink_mut(), games);
        (self.start, self.collector.into_sink(), read)
    }
}
