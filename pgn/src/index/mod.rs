//! An opening explorer on disk, as lichess's: every position of the first 50 plies of every
//! game added, each move played there with its results and ratings, pre-aggregated by speed,
//! rating group and month so that every filter of lichess's API is answered without reading
//! PGN again; top and recent games; PGN files added month after month, each once.
//!
//! The store is [redb](https://docs.rs/redb) (one file, `index.redb`, in the index's
//! directory): an add is one transaction, so that an add killed at any moment leaves the
//! index as it was, and readers in other processes (a server) keep answering while an add
//! runs, seeing it once it commits.
//!
//! ```
//! use chess960_pgn::{Progress, index::{Index, Query}};
//!
//! let dir = tempfile::tempdir()?;
//! let pgn = dir.path().join("games.pgn");
//! std::fs::write(&pgn, "[Site \"https://lichess.org/abcdefgh\"]\n[Variant \"Chess960\"]\n\
//!     [FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\
//!     [WhiteElo \"2100\"]\n[BlackElo \"1900\"]\n\n1. Ng3 Ng6 2. O-O 1-0\n")?;
//! let added = Index::add(&dir.path().join("index"), &[pgn], &Progress::default())?;
//! assert_eq!(added.counted, 1);
//!
//! let index = Index::open(dir.path().join("index"))?;
//! let start = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
//! let root = index.explore(&Query::at(start, &[]))?;
//! assert_eq!((root.white, root.moves[0].san.as_str()), (1, "Ng3"));
//! let castles = index.explore(&Query::at(start, &["f1g3", "f8g6"]))?;
//! assert_eq!(castles.moves[0].uci.to_string(), "g1h1"); // the king takes its rook
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod add;
mod answer;
mod bucket;
mod bytes;
mod code;
mod entry;
mod entry_bytes;
mod entry_derived;
mod error;
mod evals;
mod files;
mod follow;
mod games;
mod history;
mod id;
mod key;
mod line;
mod positions;
mod query;
mod repack;
mod settle;
mod store;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_evals;
mod walker;
mod writer;

use std::path::{Path, PathBuf};

use redb::{ReadOnlyDatabase, ReadableDatabase, ReadableTable};

pub use add::Added;
pub use answer::Answer;
pub use error::{IndexError, QueryError};
pub use evals::{CloudEval, EvalSource, Pv, PvScore};
pub use files::FileAdded;
pub use history::MonthGames;
pub use id::stable_id;
pub use positions::Reached;
pub use query::{MAX_GAMES, MAX_PLAY, Query};
pub use walker::NotCounted;

use crate::progress::Progress;
use answer::AnswerError;
use store::{FILES, GAMES, NODES, file, open_to_read, store_error};

/// The memory redb may use for its cache while reading.
const READ_CACHE: usize = 64 << 20;

/// An index opened to read: the answers of lichess's explorer API from the games added.
/// Another process may add to it meanwhile: each query sees the last add committed.
pub struct Index {
    db: ReadOnlyDatabase,
    path: PathBuf,
}

impl std::fmt::Debug for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Index")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl Index {
    /// Adds the PGN files at `paths` (plain, gzip, zstd, bzip2; `-` is standard input) to the
    /// index in `dir`, made if there is none, in one transaction: all or, on an error,
    /// nothing. Games of lichess (by their `Site`) already in the index are not counted
    /// again.
    ///
    /// # Errors
    ///
    /// A file added before (the same bytes, whatever its name) or given twice, one that
    /// cannot be read to its end, or an index that cannot be written. Nothing is added.
    pub fn add(dir: &Path, paths: &[PathBuf], progress: &Progress) -> Result<Added, IndexError> {
        add::add(dir, paths, progress)
    }

    /// The index in `dir`, to read.
    ///
    /// # Errors
    ///
    /// No index there, or one that cannot be read.
    pub fn open(dir: impl AsRef<Path>) -> Result<Index, IndexError> {
        let dir = dir.as_ref();
        Ok(Index {
            db: open_to_read(dir, READ_CACHE)?,
            path: file(dir),
        })
    }

    /// The answer to `query`.
    ///
    /// # Errors
    ///
    /// The query's FEN or moves cannot be played ([`QueryError::parameter`] names which), or
    /// the index cannot be read.
    pub fn explore(&self, query: &Query) -> Result<Answer, QueryError> {
        self.answer(query, true)
    }

    /// [`Index::explore`]'s answer, its evaluations read only `with_evals`.
    fn answer(&self, query: &Query, with_evals: bool) -> Result<Answer, QueryError> {
        let store = |err: &dyn std::fmt::Display| QueryError::Index(store_error(&self.path, err));
        let txn = self.db.begin_read().map_err(|e| store(&e))?;
        let empty = |err: redb::TableError| match err {
            redb::TableError::TableDoesNotExist(_) => None,
            err => Some(err),
        };
        let nodes = match txn.open_table(NODES) {
            Ok(table) => table,
            Err(err) => match empty(err) {
                // Nothing added yet: every position has no games.
                None => return query.board().map(|board| Answer::empty(&board)),
                Some(err) => return Err(store(&err)),
            },
        };
        let games = txn.open_table(GAMES).map_err(|e| store(&e))?;
        let failed = |err: evals::ReadError| QueryError::Index(err.at(&self.path));
        // The evaluations, read in the same transaction by the keys the answer computed.
        let evals = match with_evals {
            true => evals::open(&txn).map_err(failed)?,
            false => None,
        };
        let answered = answer::answer(&nodes, &games, query, evals.is_some());
        let (mut answer, keys) = answered.map_err(|err| match err {
            AnswerError::Query(err) => err,
            AnswerError::Store(err) => store(&err),
            AnswerError::Corrupt(what) => QueryError::Index(IndexError::Corrupt {
                path: self.path.clone(),
                what,
            }),
        })?;
        if let Some(table) = &evals {
            let mut found = evals::read(table, &keys).map_err(failed)?.into_iter();
            answer.eval = found.next().flatten();
            answer.move_evals = found.collect();
        }
        Ok(answer)
    }

    /// The files added, in the order they were.
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn files(&self) -> Result<Vec<FileAdded>, IndexError> {
        let store = |err: &dyn std::fmt::Display| store_error(&self.path, err);
        let txn = self.db.begin_read().map_err(|e| store(&e))?;
        let listed = match txn.open_table(FILES) {
            Ok(table) => table,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
            Err(err) => return Err(store(&err)),
        };
        let mut files = Vec::new();
        for row in listed.iter().map_err(|e| store(&e))? {
            let (number, bytes) = row.map_err(|e| store(&e))?;
            let file =
                FileAdded::read(number.value(), bytes.value()).ok_or(IndexError::Corrupt {
                    path: self.path.clone(),
                    what: "a file's record",
                })?;
            files.push(file);
        }
        Ok(files)
    }
}
