//! Files read on every core, in input order ([`read_files`]): one thread cuts each file in
//! turn into chunks where a game may begin (`chunks.rs`); as many parsers as there are
//! threads each take the next chunk, read its games into a sink of its own (for a sink that
//! numbers its games when made, after counting them with the scanner alone and learning from
//! the chunk before how many games come before it), and hand the sink on; the calling thread
//! takes the sinks in input order (`in_order.rs`).
//!
//! A cut that the scanner of the chunk before does not confirm (a blank line and a `[` inside
//! a comment) joins the two chunks: the games, their numbers and offsets are those of one
//! thread reading the whole input, whatever the number of threads.

use std::io;
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::thread;

use crate::chunks::{Chunk, Chunks, Failed};
use crate::fen_cache::FenCache;
use crate::file_read::{FileError, PartStart};
use crate::in_order::InOrder;
use crate::options::Options;
use crate::progress::Progress;
use crate::read::{count_slice, read_slice};
use crate::sink::{ReadError, Sink};

/// Reads the files at `paths` (`-`: stdin) on [`Options::threads`] threads (default: one per
/// core), counting into `progress`: each file in parts, each part's games into a sink made by
/// `new` (told where its part begins: a sink sees its part's games numbered, and their
/// offsets counted, from the part's start), and each part's sink given to `each`, on this
/// thread, in input order, as soon as it and those before it are read. The files that could
/// not be read to their end, in order (the games before the error are in the sinks).
///
/// # Errors
///
/// A sink's (a write error) or `each`'s, at once: the readers stop.
///
/// ```
/// use chess960_pgn::{Progress, Stats, read_files};
///
/// let dir = std::env::temp_dir().join(format!("read-files-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let (a, b) = (dir.join("a.pgn"), dir.join("b.pgn"));
/// std::fs::write(&a, "[Variant \"Chess960\"]\n\n1-0\n")?;
/// std::fs::write(&b, "[Variant \"Chess960\"]\n\n0-1\n\n[Variant \"Chess960\"]\n\n*\n")?;
/// let mut games = [0; 3];
/// let paths = [&a, &b, &dir.join("missing.pgn")];
/// let errors = read_files(&paths, &Default::default(), &Progress::default(), |_| Stats::default(), |part, stats| {
///     games[part.file] += stats.games();
///     Ok(())
/// })?;
/// assert_eq!(games, [1, 2, 0]);
/// assert!(errors[0].to_string().starts_with(&format!("{}: ", dir.join("missing.pgn").display())));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_files<S: Sink + Send>(
    paths: &[impl AsRef<Path> + Sync],
    options: &Options,
    progress: &Progress,
    new: impl Fn(PartStart) -> S + Sync,
    each: impl FnMut(PartStart, S) -> io::Result<()>,
) -> io::Result<Vec<FileError>> {
    read_in_chunks(Chunks::default(), paths, None, options, progress, new, each)
}

/// [`read_files`], the files cut into parts of about `part_bytes` bytes (not 4 MiB): for
/// cargo-fuzz, which cuts small inputs in many parts (not an API).
#[cfg(feature = "recorder")]
#[doc(hidden)]
pub fn read_files_in_parts<S: Sink + Send>(
    part_bytes: usize,
    paths: &[impl AsRef<Path> + Sync],
    options: &Options,
    progress: &Progress,
    new: impl Fn(PartStart) -> S + Sync,
    each: impl FnMut(PartStart, S) -> io::Result<()>,
) -> io::Result<Vec<FileError>> {
    let chunks = Chunks { size: part_bytes };
    read_in_chunks(chunks, paths, None, options, progress, new, each)
}

/// [`read_files`], the files cut into `chunks`, `-` read from `stdin` where one is given.
pub(crate) fn read_in_chunks<S: Sink + Send>(
    chunks: Chunks,
    paths: &[impl AsRef<Path> + Sync],
    stdin: Option<Box<dyn io::Read + Send>>,
    options: &Options,
    progress: &Progress,
    new: impl Fn(PartStart) -> S + Sync,
    mut each: impl FnMut(PartStart, S) -> io::Result<()>,
) -> io::Result<Vec<FileError>> {
    let threads = options.threads.map_or_else(cores, NonZeroUsize::get);
    let shared = Shared {
        chunks: InOrder::new(threads as u64),
        before: InOrder::new(u64::MAX),
        // A part waits, read, while those before it are: a few more than the parsers.
        parts: InOrder::new(threads as u64 + 2),
    };
    thread::scope(|scope| {
        let shared = &shared;
        scope.spawn(move || {
            let mut seq = 0;
            chunks.cut(paths, stdin, progress, |chunk| {
                seq += 1;
                shared.chunks.put(seq - 1, chunk)
            });
            shared.chunks.end(seq);
            shared.parts.put(seq, Read::End);
        });
        for _ in 0..threads {
            scope.spawn(|| shared.parse(paths, &new, options, progress));
        }
        let taken = take_in_order(shared, paths, &mut each);
        shared.stop();
        taken
    })
}

/// The threads of the machine, or 1 if they cannot be told.
pub(crate) fn cores() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// What the reader and the parsers share.
struct Shared<S> {
    /// The chunks, numbered in input order, a few ahead of the parsers.
    chunks: InOrder<Chunk>,
    /// Chunk by chunk, what the next chunk's parser needs from it.
    before: InOrder<Before>,
    /// Chunk by chunk, what it gave.
    parts: InOrder<Read<S>>,
}

/// What a chunk tells the parser of the next chunk of its file.
enum Before {
    /// Its file's games up to its end, where a game begins.
    Games(u64),
    /// It does not end where a game begins: its bytes (with those of chunks it was joined to
    /// before), to be read with the next chunk's, and where they begin.
    Joined {
        bytes: Vec<u8>,
        bytes_before: u64,
        games_before: u64,
    },
}

/// What a chunk gave.
enum Read<S> {
    /// A part read into its sink: how many games, and why its file ends there if it did not
    /// end well.
    Part {
        start: PartStart,
        sink: S,
        read: Result<u64, ReadError>,
        failed: Option<Failed>,
    },
    /// Its bytes are read with the next chunk's.
    Joined,
    /// The inputs' end: no chunk after this one.
    End,
}

impl<S: Sink> Shared<S> {
    /// Parses chunks until there are none, or the readers stop.
    fn parse(
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
            let Chunk {
                file,
                bytes,
                bytes_before,
                last,
                failed,
            } = chunk;
            let path = paths.get(file).map_or(Path::new("-"), AsRef::as_ref);
            let failed = match bytes.read_into(&mut buffer, path, progress) {
                Ok(()) => failed,
                Err(error) => {
                    buffer.clear();
                    Some(Failed::Input(error))
                }
            };
            let unopened = matches!(failed, Some(Failed::Unopened(_)));
            let mut start = PartStart {
                file,
                games_before: 0,
                bytes_before,
                last,
            };
            // Read before the chunk before is heard from: so the parsers work at once.
            let mut tried = parser.attempt(&buffer, start, unopened);
            if bytes_before > 0 {
                match self.before.take_at(seq.saturating_sub(1)) {
                    None => return,
                    Some(Before::Games(games_before)) => start.games_before = games_before,
                    Some(Before::Joined {
                        bytes: mut held,
                        bytes_before,
                        games_before,
                    }) => {
                        held.extend_from_slice(&buffer);
                        buffer = held;
                        start.games_before = games_before;
                        start.bytes_before = bytes_before;
                        tried = parser.attempt(&buffer, start, unopened);
                    }
                }
            }
            if !last && !tried.at_game {
                let joined = Before::Joined {
                    bytes: std::mem::take(&mut buffer),
                    bytes_before: start.bytes_before,
                    games_before: start.games_before,
                };
                if self.before.put(seq, joined) && self.parts.put(seq, Read::Joined) {
                    continue;
                }
                return;
            }
            let games_after = start.games_before + tried.games;
            if !last && !self.before.put(seq, Before::Games(games_after)) {
                return;
            }
            let (sink, read) = match tried.read {
                Some(read) => read,
                None => parser.read(&buffer, start, unopened),
            };
            progress.games.fetch_add(tried.games, Ordering::Relaxed);
            let part = Read::Part {
                start,
                sink,
                read,
                failed,
            };
            if !self.parts.put(seq, part) {
                return;
            }
        }
    }

    /// Stops the reader and the parsers, waking those that wait.
    fn stop(&self) {
        self.chunks.close();
        self.parts.close();
        self.before.close();
    }
}

/// A parser's thread: how it makes sinks and reads games, and the FENs it has read.
struct Parser<'a, S, N: Fn(PartStart) -> S> {
    new: &'a N,
    options: &'a Options,
    fens: FenCache,
}

/// A chunk read before the chunk before it was heard from.
struct Tried<S> {
    /// Its games.
    games: u64,
    /// Whether a game would begin right after it.
    at_game: bool,
    /// Its sink, and how its reading ended, for a sink that needs not know the games before
    /// it ([`Sink::NEEDS_GAMES_BEFORE`]); the others are only counted.
    read: Option<(S, Result<u64, ReadError>)>,
}

impl<S: Sink, N: Fn(PartStart) -> S> Parser<'_, S, N> {
    /// `bytes` counted, or read into a sink when it needs not know the games before it.
    fn attempt(&mut self, bytes: &[u8], start: PartStart, unopened: bool) -> Tried<S> {
        if S::NEEDS_GAMES_BEFORE || unopened {
            let (games, at_game) = count_slice(bytes);
            return Tried {
                games,
                at_game,
                read: None,
            };
        }
        let mut sink = (self.new)(PartStart {
            games_before: 0,
            ..start
        });
        let read = read_slice(bytes, &mut sink, self.options, &mut self.fens);
        let (games, at_game) = match &read {
            Ok((games, at_game)) => (*games, *at_game),
            // A sink that failed stops the reading: where it stopped matters no more.
            Err(_) => (0, true),
        };
        Tried {
            games,
            at_game,
            read: Some((sink, read.map(|(games, _)| games))),
        }
    }

    /// `bytes` read into a sink made knowing `start` (for a file that could not be opened,
    /// a sink told its input has ended).
    fn read(
        &mut self,
        bytes: &[u8],
        start: PartStart,
        unopened: bool,
    ) -> (S, Result<u64, ReadError>) {
        let mut sink = (self.new)(start);
        let read = match unopened {
            true => sink.end().map(|()| 0).map_err(ReadError::Sink),
            false => {
                read_slice(bytes, &mut sink, self.options, &mut self.fens).map(|(games, _)| games)
            }
        };
        (sink, read)
    }
}

/// Stops the readers if the thread that holds it panics.
struct StopsOnPanic<'a, S: Sink>(&'a Shared<S>);

impl<S: Sink> Drop for StopsOnPanic<'_, S> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.stop();
        }
    }
}

/// Gives each part to `each`, in order, until the inputs' end: the files that failed.
fn take_in_order<S: Sink>(
    shared: &Shared<S>,
    paths: &[impl AsRef<Path>],
    each: &mut impl FnMut(PartStart, S) -> io::Result<()>,
) -> io::Result<Vec<FileError>> {
    let mut errors = Vec::new();
    // A file whose reading failed part way: its later parts are not given.
    let mut failed_file = None;
    loop {
        let (start, sink, read, failed) = match shared.parts.take() {
            None => return Err(io::Error::other("a reader failed")),
            Some(Read::End) => return Ok(errors),
            Some(Read::Joined) => continue,
            Some(Read::Part {
                start,
                sink,
                read,
                failed,
            }) => (start, sink, read, failed),
        };
        let games = match read {
            Ok(games) => games,
            Err(ReadError::Sink(err)) => return Err(err),
            Err(ReadError::Input { games, .. }) => games,
        };
        if failed_file == Some(start.file) {
            continue;
        }
        each(start, sink)?;
        if failed.is_some() {
            failed_file = Some(start.file);
        }
        let path = paths.get(start.file).map_or(Path::new("-"), AsRef::as_ref);
        errors.extend(failed.map(|failed| match failed {
            Failed::Unopened(error) => FileError::unopened(path, error),
            Failed::Input(error) => {
                let games = start.games_before + games;
                FileError::of(path, ReadError::Input { games, error })
            }
        }));
    }
}

#[cfg(test)]
mod tests;
