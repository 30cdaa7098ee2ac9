//! Files read on every core, in input order ([`read_files`]): one thread cuts each file in
//! turn into chunks where a game may begin (`chunks.rs`); as many parsers as there are
//! threads read the chunks' games into sinks of their own, a part a sink (`parsers.rs`); the
//! calling thread takes the sinks in input order (`in_order.rs`).
//!
//! Memory is bounded whatever the input: the chunks are sized to [`Chunks::MEMORY`] in all,
//! a tag section is read up to [`HEADER_CAP`](crate::scan::HEADER_CAP), and a game, a
//! comment or a line of any length is read on chunk after chunk, never held whole.

use std::io;
use std::num::NonZeroUsize;
use std::path::Path;
use std::thread;

use crate::chunks::{Chunks, Failed};
use crate::file_read::{FileError, PartStart};
use crate::options::Options;
use crate::parsers::{Read, Shared, StopsOnPanic};
use crate::progress::Progress;
use crate::sink::{ReadError, Sink};

/// Reads the files at `paths` (`-`: stdin) on [`Options::threads`] threads (default: one per
/// core), counting into `progress`: each file in parts, each part's games into a sink made by
/// `new` (told where its part begins: a sink sees its part's games numbered, and their
/// offsets counted, from the part's start), and each part's sink given to `each`, on this
/// thread, in input order, as soon as it and those before it are read. The files that could
/// not be read to their end, in order (the games before the error are in the sinks).
///
/// Memory is bounded whatever the input: the parts' bytes in memory take about 24 MiB
/// (parts of 4 MiB on few threads, smaller on more; past about 38 threads, 0.6 MiB or so a
/// thread); a game that runs past its part (a comment or a line of any length) is read on
/// from the next part's bytes, never held whole; a tag section is read up to
/// [`HEADER_CAP`](crate::scan::HEADER_CAP), a tag's value up to
/// [`TAG_VALUE_CAP`](crate::TAG_VALUE_CAP). What the sinks keep is theirs.
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
    read_in_chunks(None, paths, None, options, progress, new, each)
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
    // Cut anyway at twice the size, so that parts read on from the next chunk's bytes are
    // tried too.
    let chunks = Chunks {
        size: part_bytes,
        most: part_bytes.saturating_mul(2),
    };
    read_in_chunks(Some(chunks), paths, None, options, progress, new, each)
}

/// [`read_files`], the files cut into `chunks` (by default, as large as the threads allow
/// in [`Chunks::MEMORY`]), `-` read from `stdin` where one is given.
pub(crate) fn read_in_chunks<S: Sink + Send>(
    chunks: Option<Chunks>,
    paths: &[impl AsRef<Path> + Sync],
    stdin: Option<Box<dyn io::Read + Send>>,
    options: &Options,
    progress: &Progress,
    new: impl Fn(PartStart) -> S + Sync,
    mut each: impl FnMut(PartStart, S) -> io::Result<()>,
) -> io::Result<Vec<FileError>> {
    let threads = options.threads.map_or_else(cores, NonZeroUsize::get);
    let chunks = chunks.unwrap_or_else(|| Chunks::for_threads(threads));
    let shared = Shared::new(threads);
    thread::scope(|scope| {
        let shared = &shared;
        scope.spawn(move || {
            // A cutter that panics stops the parsers, which would wait for it.
            let _stops = StopsOnPanic(shared);
            let mut seq = 0;
            chunks.cut(paths, stdin, progress, &shared.spare, |chunk| {
                seq += 1;
                shared.chunks.put(seq - 1, chunk)
            });
            shared.chunks.end(seq);
            shared.parts.put(seq, Read::End);
        });
        for _ in 0..threads {
            scope.spawn(|| shared.parse(paths, &new, options, progress));
        }
        // `each` that panics stops the readers, which would wait for it.
        let stops = StopsOnPanic(shared);
        let taken = take_in_order(shared, paths, &mut each);
        drop(stops);
        shared.stop();
        taken
    })
}

/// The threads of the machine, or 1 if they cannot be told.
pub(crate) fn cores() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
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
mod bounded;
#[cfg(test)]
mod tests;
