//! Why an index could not be opened, added to or read ([`IndexError`]); the store's part
//! ([`StoreError`]); an error not yet told its file ([`Fault`]).

use std::fmt;
use std::path::{Path, PathBuf};

use super::not_counted::NotCounted;

/// Why an index could not be opened, added to or read.
///
/// ```
/// use chess960_explorer::{Index, IndexError};
///
/// let err = Index::open("/no/such/index").unwrap_err();
/// assert!(matches!(err, IndexError::NotAnIndex { .. }));
/// assert_eq!(err.to_string(), "/no/such/index: not an index (no MANIFEST there; `chess960 index add` makes one)");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum IndexError {
    /// The directory holds no index.
    NotAnIndex {
        /// The directory.
        dir: PathBuf,
    },
    /// The index was made in another format than this version reads and writes (1: the
    /// single-file index of chess960 0.1's first explorer): it is to be made again from its
    /// files.
    Format {
        /// The directory.
        dir: PathBuf,
        /// The index's format.
        found: u32,
        /// The format this version reads and writes.
        reads: u32,
    },
    /// An add or a merge was asked to stop (Ctrl-C, [`chess960_pgn::Progress::stop`]): the
    /// index is as it was, its temporary files removed.
    Interrupted {
        /// The index's directory.
        dir: PathBuf,
    },
    /// Another process is writing to the index (an add, of games or evaluations): one writer
    /// at a time.
    Busy {
        /// The index's directory.
        dir: PathBuf,
    },
    /// A file was added to the index before, with the same content (by SHA-256).
    AlreadyAdded {
        /// The file given now.
        file: PathBuf,
        /// Its name when it was added.
        added_as: String,
    },
    /// The same content is given twice in one add.
    GivenTwice {
        /// The second name it was given under.
        file: PathBuf,
        /// The first.
        first: PathBuf,
    },
    /// Two streams (standard input, a pipe: [read once](chess960_pgn::Input::read_once)) in
    /// one add: each is hashed as its games are read, one at a time.
    TwoStreams {
        /// The second.
        file: PathBuf,
        /// The first.
        first: PathBuf,
    },
    /// A file holds no game (empty, not PGN, a web page saved under a PGN's name): nothing
    /// was added.
    NoGames {
        /// The file.
        file: PathBuf,
    },
    /// No file the index lists is the one named (to remove or replace): nothing was changed.
    NoSuchFile {
        /// The index's directory.
        dir: PathBuf,
        /// The file as named.
        file: String,
    },
    /// Several files the index lists were added under the name given (to remove or
    /// replace): nothing was changed.
    AmbiguousFile {
        /// The index's directory.
        dir: PathBuf,
        /// The name.
        file: String,
        /// The numbers of the files added under it.
        numbers: Vec<u32>,
    },
    /// A file's games were read but none was counted, and the add was not asked to record
    /// such a file ([`AddOptions::allow_empty`](crate::AddOptions::allow_empty)): nothing was
    /// added.
    NoneCounted {
        /// The file.
        file: PathBuf,
        /// Its games read.
        read: u64,
        /// Its games already in the index (or earlier in the add), by their keys (lichess's
        /// id, or what identifies a game).
        already_indexed: u64,
        /// Its other games and why they were not counted.
        not_counted: NotCounted,
    },
    /// A file given to an add could not be read to its end (missing, unreadable, a
    /// compressed file cut short): nothing was added.
    Unreadable {
        /// The file.
        file: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// Reading a file or writing the index failed.
    Io {
        /// What was being read or written.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The store (redb) refused: another add holds the index, or the disk failed.
    Store {
        /// The index's file.
        path: PathBuf,
        /// Why.
        error: StoreError,
    },
    /// A value in the index is not what the index writes: the file was changed by another
    /// program, or was written by another version.
    Corrupt {
        /// The damaged file itself (a segment's table, the manifest), not the index's folder.
        path: PathBuf,
        /// What could not be read.
        what: &'static str,
        /// The rule it breaks, where a reader below the index told it (a table's block and
        /// its checksum, the manifest's part): [`std::error::Error::source`] gives it too.
        cause: Option<Box<dyn std::error::Error + Send + Sync>>,
    },
    /// An evaluation cannot be added: its position is no position, or it was made by another
    /// engine, limit or thread count than those the index holds.
    Eval {
        /// The position's FEN, as given.
        fen: String,
        /// Why.
        why: String,
    },
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::NotAnIndex { dir } => write!(
                f,
                "{}: not an index (no MANIFEST there; `chess960 index add` makes one)",
                dir.display()
            ),
            IndexError::Format { dir, found, reads } => write!(
                f,
                "{}: an index of format {found}, and this version reads format {reads}; nothing was read or changed: make it again with `chess960 index add --index NEW FILE…` from the files it was made of (`chess960 index files` of the version that made it lists them)",
                dir.display(),
            ),
            IndexError::Interrupted { dir } => {
                write!(f, "{}: interrupted; the index is as it was", dir.display())
            }
            IndexError::Busy { dir } => write!(
                f,
                "{}: another process is writing to this index (one writer at a time); nothing was changed: try again once it has finished",
                dir.display()
            ),
            IndexError::AlreadyAdded { file, added_as } => write!(
                f,
                "{}: already in the index (the same bytes were added as {added_as}); nothing was added",
                file.display()
            ),
            IndexError::GivenTwice { file, first } => write!(
                f,
                "{}: the same bytes as {}, given in the same add; nothing was added",
                file.display(),
                first.display()
            ),
            IndexError::TwoStreams { file, first } => write!(
                f,
                "{}: a second stream (standard input or a pipe) after {}: one per add, as each is read once; nothing was added",
                file.display(),
                first.display()
            ),
            IndexError::NoGames { file } => write!(
                f,
                "{}: no game in it (empty, or not PGN); nothing was added",
                file.display()
            ),
            IndexError::NoSuchFile { dir, file } => write!(
                f,
                "{}: no file `{file}` in the index (by number or by the name it was added as; `chess960 index files --index {}` lists them); nothing was changed",
                dir.display(),
                dir.display()
            ),
            IndexError::AmbiguousFile { dir, file, numbers } => {
                let numbers: Vec<String> = numbers.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "{}: {} files were added as `{file}` (numbers {}): name one by its number; nothing was changed",
                    dir.display(),
                    numbers.len(),
                    numbers.join(", ")
                )
            }
            IndexError::NoneCounted {
                file,
                read,
                already_indexed,
                not_counted,
            } => {
                let games = if *read == 1 { "game" } else { "games" };
                write!(f, "{}: {read} {games} read, none counted (", file.display())?;
                if *already_indexed > 0 {
                    write!(f, "{already_indexed} already in the index")?;
                    if *not_counted != NotCounted::default() {
                        f.write_str("; ")?;
                    }
                }
                write!(
                    f,
                    "{not_counted}); nothing was added (`index add --allow-empty` records the file all the same)"
                )
            }
            IndexError::Unreadable { file, error } => {
                write!(f, "{}: {error}; nothing was added", file.display())
            }
            IndexError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            IndexError::Store { path, error } => write!(f, "{}: {error}", path.display()),
            IndexError::Corrupt { path, what, cause } => {
                write!(
                    f,
                    "{}: {what} is not as the index writes it",
                    path.display()
                )?;
                if let Some(cause) = cause {
                    write!(f, " ({cause})")?;
                }
                f.write_str(": changed by another program, or damaged on disk (`chess960 index verify` checks every file)")
            }
            IndexError::Eval { fen, why } => write!(f, "the evaluation of `{fen}`: {why}"),
        }
    }
}

impl std::error::Error for IndexError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            IndexError::Io { error, .. } | IndexError::Unreadable { error, .. } => Some(error),
            IndexError::Store { error, .. } => Some(error),
            IndexError::Corrupt {
                cause: Some(cause), ..
            } => Some(&**cause),
            _ => None,
        }
    }
}

impl IndexError {
    /// Whether the index itself is damaged (a file not as the index writes it): a server
    /// answers 500, not a 503 to retry.
    pub fn is_corrupt(&self) -> bool {
        matches!(self, IndexError::Corrupt { .. } | IndexError::Format { .. })
    }

    /// The error of a failed I/O at `path`, to map an `io::Error` with.
    pub(crate) fn io_at(path: &Path) -> impl Fn(std::io::Error) -> IndexError + use<> {
        let path = path.to_owned();
        move |error| IndexError::Io {
            path: path.clone(),
            error,
        }
    }

    /// The store's `error` about the index's file at `path`.
    pub(crate) fn store(path: &Path, error: impl Into<StoreError>) -> IndexError {
        IndexError::Store {
            path: path.to_owned(),
            error: error.into(),
        }
    }
}

/// What the store (redb) refused, in its words: another add holds the index, the disk
/// failed, or the file is not redb's.
#[derive(Debug)]
pub struct StoreError(redb::Error);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// An error of the index not yet told the index's path: the store's, a value not as the
/// index writes it, or one that is whole already.
#[derive(Debug)]
pub(crate) enum Fault {
    Store(StoreError),
    /// What could not be read.
    Corrupt(&'static str),
    /// What could not be read, and the rule it breaks.
    Damaged(&'static str, Box<dyn std::error::Error + Send + Sync>),
    /// Reading or writing the index's file failed.
    Io(std::io::Error),
    Index(IndexError),
}

impl Fault {
    /// The error of the index whose file is at `path`.
    pub(crate) fn at(self, path: &Path) -> IndexError {
        match self {
            Fault::Store(error) => IndexError::Store {
                path: path.to_owned(),
                error,
            },
            Fault::Corrupt(what) => IndexError::Corrupt {
                path: path.to_owned(),
                what,
                cause: None,
            },
            Fault::Damaged(what, cause) => IndexError::Corrupt {
                path: path.to_owned(),
                what,
                cause: Some(cause),
            },
            Fault::Io(error) => IndexError::Io {
                path: path.to_owned(),
                error,
            },
            Fault::Index(err) => err,
        }
    }
}

impl From<StoreError> for Fault {
    fn from(err: StoreError) -> Fault {
        Fault::Store(err)
    }
}

impl From<IndexError> for Fault {
    fn from(err: IndexError) -> Fault {
        Fault::Index(err)
    }
}

/// `From` each of redb's errors into a [`StoreError`] and a [`Fault`], so that `?` takes them.
macro_rules! from_redb {
    ($($error:ty),*) => {$(
        impl From<$error> for StoreError {
            fn from(err: $error) -> StoreError {
                StoreError(err.into())
            }
        }

        impl From<$error> for Fault {
            fn from(err: $error) -> Fault {
                Fault::Store(err.into())
            }
        }
    )*};
}

from_redb!(
    redb::Error,
    redb::DatabaseError,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError,
    redb::CompactionError
);
