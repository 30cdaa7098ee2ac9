//! The statistics of several files, read in parallel (one large plain file in two halves),
//! and what went wrong with each file that could not be read to its end.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::Stats;
use crate::halves::read_halves;
use crate::open::Input;
use crate::parallel::in_parallel;
use crate::progress::Progress;
use crate::read::{Options, ReadError, read};

/// A file that could not be read to its end: the games before the error are counted.
#[derive(Debug)]
#[non_exhaustive]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// The games read before the error; `None` if the file could not be opened.
    pub games: Option<u64>,
    /// What failed.
    pub error: io::Error,
}

impl fmt::Display for FileError {
    /// `db.pgn: No such file or directory (os error 2)`, or `db.pgn.zst: reading stopped
    /// after 1200 games: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path.display())?;
        if let Some(games) = self.games {
            write!(f, "reading stopped after {games} games: ")?;
        }
        write!(f, "{}", self.error)
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl FileError {
    /// Why reading `path` stopped.
    ///
    /// ```
    /// use chess960_pgn::{FileError, ReadError};
    ///
    /// let cut = ReadError::Input { games: 7, error: std::io::ErrorKind::UnexpectedEof.into() };
    /// let error = FileError::of("db.pgn.zst".as_ref(), cut);
    /// assert_eq!(error.to_string(), "db.pgn.zst: reading stopped after 7 games: unexpected end of file");
    /// ```
    pub fn of(path: &Path, error: ReadError) -> FileError {
        let (games, error) = match error {
            ReadError::Input { games, error } => (Some(games), error),
            ReadError::Sink(error) => (None, error),
        };
        FileError {
            path: path.to_owned(),
            games,
            error,
        }
    }

    /// The file at `path` could not be opened.
    ///
    /// ```
    /// let error = chess960_pgn::FileError::unopened("db.pgn".as_ref(), std::io::ErrorKind::NotFound.into());
    /// assert_eq!(error.to_string(), "db.pgn: entity not found");
    /// ```
    pub fn unopened(path: &Path, error: io::Error) -> FileError {
        FileError {
            path: path.to_owned(),
            games: None,
            error,
        }
    }
}

/// One file's statistics, and its error if it was not read to its end.
type Read = (Stats, Option<FileError>);

impl Stats {
    /// The statistics of the file at `path` (`-`: stdin).
    ///
    /// # Errors
    ///
    /// The file's, if it could not be opened or read to its end.
    ///
    /// ```no_run
    /// let stats = chess960_pgn::Stats::read_path("ccrl-960.pgn.bz2", &Default::default())?;
    /// # Ok::<(), chess960_pgn::FileError>(())
    /// ```
    pub fn read_path(path: impl AsRef<Path>, options: &Options) -> Result<Stats, FileError> {
        let (stats, mut errors) =
            Stats::read_files(&[path.as_ref()], options, &Progress::default());
        match errors.pop() {
            Some(error) => Err(error),
            None => Ok(stats),
        }
    }

    /// The statistics of the files at `paths` (`-`: stdin), read in parallel, one thread per
    /// core (one large plain file in two halves), adding to `progress`; and each file that
    /// could not be read to its end (the games read before are counted).
    ///
    /// ```
    /// use chess960_pgn::{Progress, Stats};
    ///
    /// let (stats, errors) = Stats::read_files(&["no such file.pgn"], &Default::default(), &Progress::default());
    /// assert_eq!((stats.games(), errors.len()), (0, 1));
    /// assert!(errors[0].to_string().starts_with("no such file.pgn: "));
    /// ```
    pub fn read_files(
        paths: &[impl AsRef<Path> + Sync],
        options: &Options,
        progress: &Progress,
    ) -> (Stats, Vec<FileError>) {
        if let [path] = paths {
            let path = path.as_ref();
            // Counting gives no error: `Err` is a file that could not be opened, read below.
            if let Ok(Some(halves)) = read_halves(path, Stats::default, options, progress) {
                let mut stats = halves.first;
                stats.merge(halves.second);
                let error = halves.ended.err().map(|err| FileError::of(path, err));
                return (stats, error.into_iter().collect());
            }
        }
        let done: Vec<Mutex<Option<Read>>> = paths.iter().map(|_| Mutex::new(None)).collect();
        let each = |i: usize| -> io::Result<bool> {
            let (Some(path), Some(slot)) = (paths.get(i), done.get(i)) else {
                return Ok(true);
            };
            let path = path.as_ref();
            let mut stats = Stats::default();
            let error = match Input::open_with(path, progress) {
                Ok(mut input) => read(&mut input, &mut stats, options)
                    .err()
                    .map(|err| FileError::of(path, err)),
                Err(error) => Some(FileError::unopened(path, error)),
            };
            if let Ok(mut slot) = slot.lock() {
                *slot = Some((stats, error));
            }
            Ok(true)
        };
        // Counting writes nothing: a job fails only by panicking, and its file is named below.
        let _ = in_parallel(paths.len(), each, || Ok(()));
        let mut total = Stats::default();
        let mut errors = Vec::new();
        for (slot, path) in done.into_iter().zip(paths) {
            match slot.into_inner() {
                Ok(Some((stats, error))) => {
                    total.merge(stats);
                    errors.extend(error);
                }
                _ => errors.push(FileError::unopened(
                    path.as_ref(),
                    io::Error::other("its reader failed"),
                )),
            }
        }
        (total, errors)
    }
}
