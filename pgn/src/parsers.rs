//! The parsers' threads of [`read_files`](crate::read_files) ([`Shared::parse`]): each takes
//! the next chunk, and reads it as if a game began at its start while the chunk before is
//! read (for a sink that numbers its games when made, it only counts them). Once the chunk
//! before is heard from, its reading is kept, or the part the chunk before ends inside is read
//! on from this chunk's bytes up to where a game begins ([`PartReader`]), and the rest read
//! anew from there. A chunk that ends inside a game hands its part on to the next: the games,
//! their numbers and offsets are those of one thread reading the whole input, whatever the
//! number of threads, and no thread holds more than the chunk it reads.

use std::path::Path;
use std::sync::atomic::Ordering;
use std::thread;

use crate::chunks::{Chunk, Failed, Spare};
use crate::fen_cache::FenCache;
use crate::file_read::PartStart;
use crate::in_order::InOrder;
use crate::options::Options;
use crate::part::PartReader;
use crate::progress::Progress;
use crate::read::count_slice;
use crate::sink::{ReadError, Sink};

/// What the reader and the parsers share.
pub(crate) struct Shared<S> {
    /// The chunks, numbered in input order, a few ahead of the parsers.
    pub chunks: InOrder<Chunk>,
    /// Chunk by chunk, what the next chunk's parser needs from it.
    before: InOrder<Before<S>>,
    /// Chunk by chunk, what it gave.
    pub parts: InOrder<Read<S>>,
    /// Buffers of held chunks, for the next.
    pub spare: Spare,
}

/// What a chunk tells the parser of the next chunk of its file.
enum Before<S> {
    /// Its file's games up to its end, where a game begins.
    Games(u64),
    /// It ends inside a game (or where no game may begin): the part being read, to read on
    /// from the next chunk's bytes.
    Reading(Box<PartReader<S>>),
}

/// What a chunk gave.
pub(crate) enum Read<S> {
    /// A part read into its sink: how many games, and why its file ends there if it did not
    /// end well.
    Part {
        start: PartStart,
        sink: S,
        read: Result<u64, ReadError>,
        failed: Option<Failed>,
    },
    /// Its bytes were read into the part of a chunk before it.
    Joined,
    /// The inputs' end: no chunk after this one.
    End,
}

/// A chunk read before the chunk before it was heard from, as if a game began at its start.
enum Guess<S> {
    /// Read into a sink that needs not know the games before it.
    Read(Box<PartReader<S>>),
    /// Only counted ([`Sink::NEEDS_GAMES_BEFORE`]): its games, and whether a game would begin
    /// right after it.
    Counted(u64, bool),
}

impl<S: Sink> Shared<S> {
    /// For `threads` parsers.
    pub(crate) fn new(threads: usize) -> Shared<S> {
        Shared {
            chunks: InOrder::new(threads as u64),
            before: InOrder::new(u64::MAX),
            // A part waits, read, while those before it are: a few more than the parsers.
            parts: InOrder::new(threads as u64 + 2),
            spare: Spare::default(),
        }
    }

    /// Parses chunks until there are none, or the readers stop.
    pub(crate) fn parse(
        &self,
        paths: &[impl AsRef<Path>],
        new: &impl Fn(PartStart) -> S,
        options: &Options,
        progress: &Progress,
    ) {
        // A parser that panics stops the others, which would wait for it.
        let _stops = StopsOnPanic(self);
        let mut parser = Parser {
            new,
            options,
            fens: FenCache::default(),
        };
        // The chunks' bytes, in one buffer filled again for each (allocated once).
        let mut buffer = Vec::new();
        while let Some((seq, chunk)) = self.chunks.take_numbered() {
            let path = paths.get(chunk.file).map_or(Path::new("-"), AsRef::as_ref);
            if !self.parse_chunk(&mut parser, &mut buffer, (seq, chunk), path, progress) {
                return;
            }
        }
    }

    /// Reads chunk number `seq` of the file at `path`: whether the parsers go on (not once
    /// the readers stop).
    fn parse_chunk(
        &self,
        parser: &mut Parser<'_, S, impl Fn(PartStart) -> S>,
        buffer: &mut Vec<u8>,
        (seq, chunk): (u64, Chunk),
        path: &Path,
        progress: &Progress,
    ) -> bool {
        let Chunk {
            file,
            bytes,
            bytes_before,
            last,
            next_at_tag,
            failed,
        } = chunk;
        let mut failed = match bytes.read_into(buffer, path, progress, &self.spare) {
            Ok(()) => failed,
            Err(error) => {
                buffer.clear();
                Some(Failed::Input(error))
            }
        };
        let start = PartStart {
            file,
            games_before: 0,
            bytes_before,
            last,
        };
        if let Some(Failed::Unopened(_)) = failed {
            let mut sink = (parser.new)(start);
            let read = sink.end().map(|()| 0).map_err(ReadError::Sink);
            return self.parts.put(
                seq,
                Read::Part {
                    start,
                    sink,
                    read,
                    failed,
                },
            );
        }
        // The part must end with this chunk: its file does (or stops being read) here.
        let ends = last || failed.is_some();
        // What the chunk before says; while it has not, this one is read as if a game began
        // at its start, so that the parsers work at once.
        let mut guess = None;
        let before = match bytes_before {
            0 => Before::Games(0),
            _ => match self.before.try_take_at(seq - 1) {
                Some(before) => before,
                None => {
                    guess = Some(parser.guess(buffer, start, seq));
                    match self.before.take_at(seq - 1) {
                        Some(before) => before,
                        None => return false,
                    }
                }
            },
        };
        let (from, games_before) = match before {
            Before::Games(games) => (0, games),
            Before::Reading(mut part) => {
                guess = None;
                let stop = part.feed(buffer, &mut parser.fens, true);
                if stop.is_none() && !ends && !part.failed() {
                    return self.before.put(seq, Before::Reading(part));
                }
                // The part ends where a game begins in this chunk, or with the chunk.
                let (through, failed) = match stop {
                    Some(_) => (seq - 1, None),
                    None => {
                        part.start.last = last;
                        (seq, failed.take())
                    }
                };
                let Some(games) = self.give(*part, failed, through, progress) else {
                    return false;
                };
                match stop {
                    Some(at) => (at, games),
                    None => return last || self.before.put(seq, Before::Games(games)),
                }
            }
        };
        // A part from `from`, where a game begins (or the file does).
        let start = PartStart {
            games_before,
            bytes_before: bytes_before + from as u64,
            ..start
        };
        let rest = buffer.get(from..).unwrap_or_default();
        // A sink made knowing the games before it waits for its count, told first.
        let counted = match guess.take_if(|guess| matches!(guess, Guess::Counted(..))) {
            Some(Guess::Counted(games, at_game)) => Some((games, at_game)),
            _ if S::NEEDS_GAMES_BEFORE => Some(count_slice(rest)),
            _ => None,
        };
        let told = match counted {
            Some((games, true)) if next_at_tag && !ends => {
                if !self.before.put(seq, Before::Games(games_before + games)) {
                    return false;
                }
                true
            }
            _ => false,
        };
        let part = match guess {
            Some(Guess::Read(mut part)) => {
                part.start = start;
                part
            }
            _ => {
                let mut part = parser.reader(start, seq);
                part.feed(rest, &mut parser.fens, false);
                part
            }
        };
        let may_end = ends || (next_at_tag && part.at_game());
        if !may_end {
            return self.before.put(seq, Before::Reading(part));
        }
        match self.give(*part, failed, seq, progress) {
            None => false,
            Some(games) => told || last || self.before.put(seq, Before::Games(games)),
        }
    }

    /// Ends `part` where what it was fed ends, and gives it, with why its file ended there
    /// if it did not end well; the chunks after its first to `through` were read into it.
    /// The file's games up to its end (`None` once the readers stop).
    fn give(
        &self,
        part: PartReader<S>,
        failed: Option<Failed>,
        through: u64,
        progress: &Progress,
    ) -> Option<u64> {
        let first = part.seq;
        let (start, sink, read) = part.finish();
        let games = match &read {
            Ok(games) | Err(ReadError::Input { games, .. }) => *games,
            Err(_) => 0,
        };
        progress.games.fetch_add(games, Ordering::Relaxed);
        let part = Read::Part {
            start,
            sink,
            read,
            failed,
        };
        let given = self.parts.put(first, part)
            && (first + 1..=through).all(|seq| self.parts.put(seq, Read::Joined));
        given.then_some(start.games_before + games)
    }

    /// Stops the reader and the parsers, waking those that wait.
    pub(crate) fn stop(&self) {
        self.chunks.close();
        self.parts.close();
        self.before.close();
    }
}

/// A parser's thread: how it makes sinks, and the FENs it has read.
struct Parser<'a, S, N: Fn(PartStart) -> S> {
    new: &'a N,
    options: &'a Options,
    fens: FenCache,
}

impl<S: Sink, N: Fn(PartStart) -> S> Parser<'_, S, N> {
    /// A part beginning at `start`, in chunk `seq`, its sink told the games before it if it
    /// needs them, 0 otherwise.
    fn reader(&self, start: PartStart, seq: u64) -> Box<PartReader<S>> {
        let told = PartStart {
            games_before: if S::NEEDS_GAMES_BEFORE {
                start.games_before
            } else {
                0
            },
            ..start
        };
        Box::new(PartReader::new((self.new)(told), start, seq, self.options))
    }

    /// Chunk `seq`'s `bytes` read (or for a sink that needs the games before it, counted)
    /// as if a game began at their start.
    fn guess(&mut self, bytes: &[u8], start: PartStart, seq: u64) -> Guess<S> {
        if S::NEEDS_GAMES_BEFORE {
            let (games, at_game) = count_slice(bytes);
            return Guess::Counted(games, at_game);
        }
        let mut part = self.reader(start, seq);
        part.feed(bytes, &mut self.fens, false);
        Guess::Read(part)
    }
}

/// Stops the readers if the thread that holds it panics.
pub(crate) struct StopsOnPanic<'a, S: Sink>(pub &'a Shared<S>);

impl<S: Sink> Drop for StopsOnPanic<'_, S> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.stop();
        }
    }
}
