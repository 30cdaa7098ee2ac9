//! What reading files in parts tells: where each part begins ([`PartStart`]), and why a file
//! could not be read to its end ([`FileError`]).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::sink::ReadError;

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

/// Where a part of a file begins, told to the sink made for it: the file (its index among
/// the paths read), and the games and bytes of the file before the part. The part's sink sees
/// its games numbered, and their offsets counted, from the part's start: add these for the
/// file's.
///
/// ```
/// let whole = chess960_pgn::PartStart::whole(3);
/// assert_eq!((whole.file, whole.games_before, whole.bytes_before, whole.last), (3, 0, 0, true));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct PartStart {
    /// The file's index among the paths.
    pub file: usize,
    /// The file's games before the part.
    pub games_before: u64,
    /// The file's (decompressed) bytes before the part.
    pub bytes_before: u64,
    /// Whether the part is the file's last (a whole file's only one). A sink is made before
    /// its part's end is known: told `true` only if its part begins in the last bytes of its
    /// file read at once; `read_files` gives it on told for sure.
    pub last: bool,
}

impl PartStart {
    /// The start of file `file` read whole.
    pub const fn whole(file: usize) -> PartStart {
        PartStart {
            file,
            games_before: 0,
            bytes_before: 0,
            last: true,
        }
    }
}
