//! Several files read at once, in input order ([`read_files`]): one thread per core, one large
//! plain file in two halves.

use std::io;
use std::path::Path;
use std::sync::Mutex;

use crate::file_read::{FileError, FileRead, Part};
use crate::halves::{PartStart, halves_of, read_halved, read_halves};
use crate::open::Input;
use crate::options::Options;
use crate::parallel::in_parallel;
use crate::progress::Progress;
use crate::read::read;
use crate::sink::Sink;

/// Reads the files at `paths` (`-`: stdin) at once, one thread per core, each file's games
/// into sinks made by `new(file)`, counting into `progress`; one large plain file is read in
/// two halves on two threads. What each file gave, in the order of `paths`.
///
/// ```
/// use chess960_pgn::{Progress, Stats, read_files};
///
/// let dir = std::env::temp_dir().join(format!("read-files-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let (a, b) = (dir.join("a.pgn"), dir.join("b.pgn"));
/// std::fs::write(&a, "[Variant \"Chess960\"]\n\n1-0\n")?;
/// std::fs::write(&b, "[Variant \"Chess960\"]\n\n0-1\n\n[Variant \"Chess960\"]\n\n*\n")?;
/// let read = read_files(&[&a, &b, &dir.join("missing.pgn")], &Default::default(), &Progress::default(), |_| Stats::default());
/// let games: Vec<u64> = read.iter().map(|file| file.parts.iter().map(|p| p.sink.games()).sum()).collect();
/// assert_eq!(games, [1, 2, 0]);
/// assert!(read[2].error.as_ref().unwrap().to_string().starts_with(&format!("{}: ", dir.join("missing.pgn").display())));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_files<S: Sink + Send>(
    paths: &[impl AsRef<Path> + Sync],
    options: &Options,
    progress: &Progress,
    new: impl Fn(usize) -> S + Sync,
) -> Vec<FileRead<S>> {
    if let [path] = paths {
        let path = path.as_ref();
        // `Err` is a file that could not be opened: read below, which says so.
        if let Ok(Some(halves)) = read_halves(path, || new(0), options, progress) {
            let first = Part {
                sink: halves.first,
                games_before: 0,
                bytes_before: 0,
            };
            let games_before = halves.first_games;
            let second = Part {
                sink: halves.second,
                games_before,
                bytes_before: halves.middle,
            };
            let error = halves.ended.err().map(|err| FileError::of(path, err));
            return vec![FileRead {
                parts: vec![first, second],
                error,
            }];
        }
    }
    each_whole(paths, options, progress, new, || ()).0
}

/// Reads the files at `paths` at once, as [`read_files`] does but each whole, while
/// `meanwhile` runs on this thread: a writer that takes what the sinks send it, in input
/// order, so that a listing streams in constant memory. Each sink is made by `new` knowing
/// where its part begins ([`PartStart`]): with [`Options::moves`], one large plain file is
/// read in two parts on two threads (its first half's games counted first, by the scanner
/// alone), the second part's sink told the games and bytes before it.
///
/// # Errors
///
/// `meanwhile`'s, after every reader has stopped.
///
/// ```
/// use chess960_pgn::{Progress, Stats, read_files_while};
///
/// let path = std::env::temp_dir().join(format!("read-files-while-{}.pgn", std::process::id()));
/// std::fs::write(&path, "[Variant \"Chess960\"]\n\n1-0\n")?;
/// let mut written = false;
/// let read = read_files_while(&[&path], &Default::default(), &Progress::default(), |_| Stats::default(), || {
///     written = true;
///     Ok(())
/// })?;
/// assert!(written && read[0].error.is_none());
/// assert_eq!(read[0].parts[0].sink.games(), 1);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_files_while<S: Sink + Send>(
    paths: &[impl AsRef<Path> + Sync],
    options: &Options,
    progress: &Progress,
    new: impl Fn(PartStart) -> S + Sync,
    meanwhile: impl FnOnce() -> io::Result<()>,
) -> io::Result<Vec<FileRead<S>>> {
    // A replay costs more than its scan: one large plain file is read in two halves, its
    // first half's games counted first so that each half's sink knows where it begins.
    if let ([path], true) = (paths, options.moves) {
        let path = path.as_ref();
        if let Some(starts) = halves_of(path, 0) {
            let (read, written) = std::thread::scope(|scope| {
                let read = scope.spawn(|| read_halved(path, starts, &new, options, progress));
                let written = meanwhile();
                (read.join(), written)
            });
            written?;
            return Ok(vec![
                read.map_err(|_| io::Error::other("its reader failed"))??,
            ]);
        }
    }
    let (read, written) = each_whole(
        paths,
        options,
        progress,
        |file| new(PartStart::whole(file)),
        meanwhile,
    );
    written.map(|()| read)
}

/// Reads each file whole, at once, while `meanwhile` runs: what each gave, and what
/// `meanwhile` returned.
fn each_whole<S: Sink + Send, R>(
    paths: &[impl AsRef<Path> + Sync],
    options: &Options,
    progress: &Progress,
    new: impl Fn(usize) -> S + Sync,
    meanwhile: impl FnOnce() -> R,
) -> (Vec<FileRead<S>>, R) {
    let done: Vec<Mutex<Option<FileRead<S>>>> = paths.iter().map(|_| Mutex::new(None)).collect();
    let each = |i: usize| {
        let (Some(path), Some(slot)) = (paths.get(i), done.get(i)) else {
            return;
        };
        let path = path.as_ref();
        let mut sink = new(i);
        let error = match Input::open_with(path, progress) {
            Ok(mut input) => read(&mut input, &mut sink, options)
                .err()
                .map(|err| FileError::of(path, err)),
            Err(error) => {
                // The sink's input has ended before it began; a write error says nothing more.
                let _ = sink.end();
                Some(FileError::unopened(path, error))
            }
        };
        let part = Part {
            sink,
            games_before: 0,
            bytes_before: 0,
        };
        if let Ok(mut slot) = slot.lock() {
            *slot = Some(FileRead {
                parts: vec![part],
                error,
            });
        }
    };
    // A job fails only by panicking: its slot stays empty, and its file is named below.
    let written = in_parallel(paths.len(), each, meanwhile);
    let read = done
        .into_iter()
        .zip(paths)
        .map(|(slot, path)| match slot.into_inner() {
            Ok(Some(read)) => read,
            _ => FileRead {
                parts: Vec::new(),
                error: Some(FileError::unopened(
                    path.as_ref(),
                    io::Error::other("its reader failed"),
                )),
            },
        })
        .collect();
    (read, written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::halves::WORTH_TWO;

    /// Each game's number and offset, as the sink was given them.
    #[derive(Default)]
    struct Numbers(Vec<(u64, u64)>);

    impl Sink for Numbers {
        const COPIES: bool = false;
        fn game(&mut self, game: &Game) -> io::Result<()> {
            self.0.push((game.number, game.offset));
            Ok(())
        }
    }

    /// A large plain file is read in two parts, whose numbers and offsets, with the part's
    /// `games_before` and `bytes_before` added, are the file's: 0, 1, 2, … and every game's
    /// first byte.
    #[test]
    fn one_large_file_in_halves_numbered_from_its_start() {
        let game = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 1-0\n\n";
        let count = WORTH_TWO / game.len() as u64 + 1;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("large.pgn");
        std::fs::write(&path, game.repeat(count as usize)).unwrap();
        let read = read_files(&[&path], &Options::default(), &Progress::default(), |_| {
            Numbers::default()
        });
        let [file] = &read[..] else {
            panic!("one file")
        };
        assert!(file.error.is_none());
        assert_eq!(file.parts.len(), 2, "read in two halves");
        let numbers: Vec<(u64, u64)> = file
            .parts
            .iter()
            .flat_map(|part| {
                let (games, bytes) = (part.games_before, part.bytes_before);
                part.sink
                    .0
                    .iter()
                    .map(move |(n, at)| (n + games, at + bytes))
            })
            .collect();
        let expected: Vec<(u64, u64)> = (0..count).map(|n| (n, n * game.len() as u64)).collect();
        assert_eq!(numbers, expected);
    }

    /// Several files: one part each, in input order; one that cannot be opened says so.
    #[test]
    fn several_files_in_input_order() {
        let dir = tempfile::tempdir().unwrap();
        let paths: Vec<_> = (0..5)
            .map(|i| dir.path().join(format!("{i}.pgn")))
            .collect();
        for (i, path) in paths.iter().enumerate().skip(1) {
            std::fs::write(path, "[Event \"x\"]\n\n*\n\n".repeat(i)).unwrap();
        }
        let read = read_files(&paths, &Options::default(), &Progress::default(), |_| {
            Numbers::default()
        });
        let games: Vec<usize> = read
            .iter()
            .map(|file| file.parts.iter().map(|p| p.sink.0.len()).sum())
            .collect();
        assert_eq!(games, [0, 1, 2, 3, 4]);
        assert!(read[0].error.as_ref().unwrap().games.is_none());
        assert!(read[1..].iter().all(|file| file.error.is_none()));
    }
}
