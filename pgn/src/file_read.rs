//! What reading one file gave ([`FileRead`], one [`Part`] per half, numbered from the file's
//! start), and why a file could not be read to its end ([`FileError`]).

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

/// What reading one file gave: a [`Part`] per piece read (two for a large plain file read in
/// halves), and the error that stopped it, if one did (the games before it are in the parts).
#[derive(Debug)]
#[non_exhaustive]
pub struct FileRead<S> {
    /// The file's parts, in order.
    pub parts: Vec<Part<S>>,
    /// Why the file was not read to its end.
    pub error: Option<FileError>,
}

/// A piece of a file and the sink its games went to. A sink sees each piece's games
/// numbered, and their offsets counted, from the piece's start: the file's numbers are these
/// plus [`Part::games_before`] and [`Part::bytes_before`].
#[derive(Debug)]
#[non_exhaustive]
pub struct Part<S> {
    /// The sink of the piece's games.
    pub sink: S,
    /// The games of the file before this piece.
    pub games_before: u64,
    /// The bytes of the (decompressed) file before this piece.
    pub bytes_before: u64,
}
