//! Files read on every core as [`crate::read_files`] reads them, standard input (or a pipe)
//! given by the caller ([`read_files_with_stdin`]): a reader of its own, to hash the bytes
//! as they pass.

use std::io;
use std::path::Path;

use crate::file_read::{FileError, PartStart};
use crate::files::read_in_chunks;
use crate::options::Options;
use crate::progress::Progress;
use crate::sink::Sink;

/// [`read_files`](crate::read_files), the first of `paths` [read once](crate::Input::read_once)
/// (`-`, or a pipe given as a file: `<(zstd -dc …)`) read from `stdin`, not from the process's
/// standard input or the path: a reader that looks at the bytes as they pass, to hash them,
/// say, without holding them. An error reading it names its path.
///
/// ```
/// use chess960_pgn::{Progress, Stats, read_files_with_stdin};
///
/// let stdin = &b"[Variant \"Chess960\"]\n\n1-0\n"[..];
/// let mut games = 0;
/// read_files_with_stdin(&["-"], stdin, &Default::default(), &Progress::default(), |_| Stats::default(), |_, stats| {
///     games += stats.games();
///     Ok(())
/// })?;
/// assert_eq!(games, 1);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// As [`read_files`](crate::read_files).
pub fn read_files_with_stdin<S: Sink + Send>(
    paths: &[impl AsRef<Path> + Sync],
    stdin: impl io::Read + Send + 'static,
    options: &Options,
    progress: &Progress,
    new: impl Fn(PartStart) -> S + Sync,
    each: impl FnMut(PartStart, S) -> io::Result<()>,
) -> io::Result<Vec<FileError>> {
    let stdin: Box<dyn io::Read + Send> = Box::new(stdin);
    read_in_chunks(None, paths, Some(stdin), options, progress, new, each)
}
