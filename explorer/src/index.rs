//! [`Index`]: an index opened to read, and the adds that write one.

use std::path::{Path, PathBuf};

use redb::{ReadOnlyDatabase, ReadableDatabase, ReadableTable};

use chess960_pgn::Progress;

use crate::answer::query::Query;
use crate::answer::{self, Answer, AnswerError};
use crate::build::add::{self, AddOptions, Added};
use crate::error::{Fault, IndexError, QueryError};
use crate::store::evals::{self, CloudEval};
use crate::store::files::FileAdded;
use crate::store::key::position;
use crate::store::{FILES, GAMES, NODES, file, open_to_read};

/// The memory redb may use for its cache while reading.
const READ_CACHE: usize = 64 << 20;

/// An index opened to read: the answers of lichess's explorer API from the games added.
/// Another process may add to it meanwhile: each query sees the last add committed.
pub struct Index {
    pub(crate) db: ReadOnlyDatabase,
    pub(crate) path: PathBuf,
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
        add::add(dir, paths, progress, AddOptions::default())
    }

    /// [`Index::add`], run as `options` say (the threads that read the games).
    ///
    /// # Errors
    ///
    /// As [`Index::add`]'s.
    pub fn add_with(
        dir: &Path,
        paths: &[PathBuf],
        progress: &Progress,
        options: AddOptions,
    ) -> Result<Added, IndexError> {
        add::add(dir, paths, progress, options)
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
    pub(crate) fn answer(&self, query: &Query, with_evals: bool) -> Result<Answer, QueryError> {
        let failed = |fault: Fault| QueryError::Index(fault.at(&self.path));
        let txn = self.db.begin_read().map_err(|err| failed(err.into()))?;
        let nodes = match txn.open_table(NODES) {
            Ok(table) => table,
            // Nothing added yet: every position has no games.
            Err(redb::TableError::TableDoesNotExist(_)) => {
                return query.board().map(|board| Answer::empty(&board));
            }
            Err(err) => return Err(failed(err.into())),
        };
        let games = txn.open_table(GAMES).map_err(|err| failed(err.into()))?;
        // The evaluations, read in the same transaction by the keys the answer computed.
        let evals = match with_evals {
            true => evals::open(&txn).map_err(failed)?,
            false => None,
        };
        let answered = answer::answer(&nodes, &games, query, evals.is_some());
        let (mut answer, keys) = answered.map_err(|err| match err {
            AnswerError::Query(err) => err,
            AnswerError::Store(err) => failed(Fault::Store(err)),
            AnswerError::Corrupt(what) => failed(Fault::Corrupt(what)),
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
        self.read_files().map_err(|fault| fault.at(&self.path))
    }

    /// The names of its files by their number (0, which no file has, and numbers of no file
    /// are empty): a game of another site than lichess's is shown with an id made from its
    /// file's name and its number there ([`stable_id`](crate::stable_id)).
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn file_names(&self) -> Result<Vec<PathBuf>, IndexError> {
        let mut names = vec![PathBuf::new()];
        for file in self.files()? {
            let number = file.number as usize;
            names.resize(names.len().max(number + 1), PathBuf::new());
            if let Some(name) = names.get_mut(number) {
                *name = PathBuf::from(file.name);
            }
        }
        Ok(names)
    }

    /// [`Index::files`], its errors not yet told the index's path.
    fn read_files(&self) -> Result<Vec<FileAdded>, Fault> {
        let txn = self.db.begin_read()?;
        let listed = match txn.open_table(FILES) {
            Ok(table) => table,
            Err(redb::TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
            Err(err) => return Err(err.into()),
        };
        let mut files = Vec::new();
        for row in listed.iter()? {
            let (number, bytes) = row?;
            let file = FileAdded::read(number.value(), bytes.value())
                .ok_or(Fault::Corrupt("a file's record"))?;
            files.push(file);
        }
        Ok(files)
    }

    /// The evaluation of the position of `fen` (a FEN or an EPD), if the index has one.
    ///
    /// # Errors
    ///
    /// The FEN is not a position ([`QueryError::parameter`] names `fen`), or the index cannot
    /// be read.
    pub fn eval(&self, fen: &str) -> Result<Option<CloudEval>, QueryError> {
        let key = position(&Query::at(fen, &[]).board()?);
        let read = || -> Result<Option<CloudEval>, Fault> {
            let txn = self.db.begin_read()?;
            match evals::open(&txn)? {
                Some(table) => Ok(evals::read(&table, &[key])?.pop().flatten()),
                None => Ok(None),
            }
        };
        read().map_err(|fault| QueryError::Index(fault.at(&self.path)))
    }
}
