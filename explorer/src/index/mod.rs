//! [`Index`]: an index opened to read (its answers, its files, its positions in
//! `positions.rs`, its files checked whole in `verify.rs`), linking none of what writes one
//! ([`IndexWriter`](crate::IndexWriter)).

pub(crate) mod positions;
pub(crate) mod summary;
pub(crate) mod verified;
mod verify;
mod verify_games;
mod verify_players;
mod verify_positions;
mod verify_walk;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

use redb::{ReadOnlyDatabase, ReadableDatabase};

use crate::answer::explorer::Explorer;
use crate::answer::player::{PlayerQuery, player_answer};
use crate::answer::query::Query;
use crate::answer::whole_game::{WholeGame, whole_game};
use crate::answer::{self, Answer};
use crate::error::{Fault, IndexError, QueryError};
use crate::store::evals::{self, CloudEval};
use crate::store::files::{FileAdded, FileRef};
use crate::store::key::position;
use crate::store::manifest::Manifest;
use crate::store::open_evals_to_read;
use crate::store::state::State;
use crate::store::table::BlockCache;

/// The memory an index opened by [`Index::open`] keeps of its tables' blocks, all together.
pub const DEFAULT_CACHE: usize = 64 << 20;

/// The memory redb may use for its cache while reading the evaluations.
const EVALS_CACHE: usize = 16 << 20;

/// An index opened to read: the answers of lichess's explorer API from the games added.
/// Another process may add to it meanwhile: each query answers from the state committed
/// last when it began, whole.
pub struct Index {
    dir: PathBuf,
    /// The blocks its segments keep, every segment of every state.
    cache: Arc<BlockCache>,
    state: RwLock<Arc<State>>,
    evals: Mutex<Option<Arc<ReadOnlyDatabase>>>,
}

impl std::fmt::Debug for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Index")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

impl Index {
    /// The index in `dir`, to read.
    ///
    /// # Errors
    ///
    /// No index there, one of another format ([`IndexError::Format`]), or one that cannot
    /// be read.
    pub fn open(dir: impl AsRef<Path>) -> Result<Index, IndexError> {
        Index::open_with_cache(dir, DEFAULT_CACHE)
    }

    /// [`Index::open`], its segments keeping at most `cache` bytes of decompressed blocks,
    /// all of them together, whatever the segments and the commits read since (0: none
    /// kept; [`DEFAULT_CACHE`] by default).
    ///
    /// ```
    /// # use chess960_explorer::{Index, IndexWriter};
    /// # let dir = tempfile::tempdir()?;
    /// # let pgn = dir.path().join("a.pgn");
    /// # std::fs::write(&pgn, "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n")?;
    /// IndexWriter::new(dir.path().join("index")).add(&[pgn], &Default::default())?;
    /// let index = Index::open_with_cache(dir.path().join("index"), 256 << 20)?;
    /// assert_eq!(index.segments()?, [1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Index::open`]'s.
    pub fn open_with_cache(dir: impl AsRef<Path>, cache: usize) -> Result<Index, IndexError> {
        let dir = dir.as_ref();
        let cache = BlockCache::new(cache);
        let state = State::open(dir, &cache, None)?.ok_or_else(|| IndexError::NotAnIndex {
            dir: dir.to_owned(),
        })?;
        Ok(Index {
            dir: dir.to_owned(),
            cache,
            state: RwLock::new(Arc::new(state)),
            evals: Mutex::new(None),
        })
    }

    /// Its directory.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The state committed last: the one held, unless a writer has committed another since.
    pub(crate) fn state(&self) -> Result<Arc<State>, IndexError> {
        let held = self.state.read().map_or_else(
            |poisoned| poisoned.into_inner().clone(),
            |held| held.clone(),
        );
        let stamp = Manifest::stamp(&self.dir).ok();
        if stamp.is_some() && stamp == held.stamp {
            return Ok(held);
        }
        let state = State::open(&self.dir, &self.cache, Some(&held))?.ok_or_else(|| {
            IndexError::NotAnIndex {
                dir: self.dir.clone(),
            }
        })?;
        let state = Arc::new(state);
        if let Ok(mut held) = self.state.write() {
            *held = state.clone();
        }
        Ok(state)
    }

    /// The evaluations' file, once it exists.
    fn evals_db(&self) -> Result<Option<Arc<ReadOnlyDatabase>>, IndexError> {
        let mut held = self
            .evals
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if held.is_none() {
            *held = open_evals_to_read(&self.dir, EVALS_CACHE)?.map(Arc::new);
        }
        Ok(held.clone())
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
        Ok(self.answer_in(query, with_evals)?.0)
    }

    /// [`Index::answer`], and the state it was answered from (its generation, its files).
    pub(crate) fn answer_in(
        &self,
        query: &Query,
        with_evals: bool,
    ) -> Result<(Answer, Arc<State>), QueryError> {
        let state = self.state()?;
        let (mut answer, keys) = answer::answer(&state, query, with_evals)?;
        if !with_evals {
            return Ok((answer, state));
        }
        let Some(db) = self.evals_db()? else {
            return Ok((answer, state));
        };
        let path = crate::store::evals_file(&self.dir);
        let read = || -> Result<Option<Vec<Option<CloudEval>>>, Fault> {
            let txn = db.begin_read()?;
            match evals::open(&txn)? {
                Some(table) => Ok(Some(evals::read(&table, &keys)?)),
                None => Ok(None),
            }
        };
        if let Some(found) = read().map_err(|fault| QueryError::Index(fault.at(&path)))? {
            let mut found = found.into_iter();
            answer.eval = found.next().flatten();
            answer.move_evals = found.collect();
        }
        Ok((answer, state))
    }

    /// lichess's player explorer (`/player`): the games `asked.player` played with
    /// `asked.color` that reached the position asked, filtered, and the moves played there;
    /// each move's `counts.rating_sum` and `rated` are the opponents' Elos (lichess's
    /// `averageOpponentRating`; [`crate::performance`]). Ready for every player at once.
    ///
    /// # Errors
    ///
    /// The position cannot be reached (its FEN or moves), or the index cannot be read.
    pub fn player(&self, asked: &PlayerQuery) -> Result<Answer, QueryError> {
        player_answer(&*self.state()?, asked)
    }

    /// The game its answers show by `id` (a game's `id` in a top or recent game, or a move's
    /// game), whole: its tags and every move, to write its PGN ([`crate::api::pgn`]); `None`
    /// when it holds no such game (or `id` is no game's id).
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn game(&self, id: &str) -> Result<Option<WholeGame>, QueryError> {
        whole_game(&*self.state()?, id)
    }

    /// The generation of the state it answers from now: 1 after the first commit, one more
    /// each commit since (an add, a merge, a removal). Whatever is made from its answers may
    /// be kept until it changes.
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn generation(&self) -> Result<u64, IndexError> {
        Ok(self.state()?.manifest.generation)
    }

    /// The files added, in the order they were.
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn files(&self) -> Result<Vec<FileAdded>, IndexError> {
        Ok(self.state()?.manifest.files.clone())
    }

    /// The file `file` names among those it lists ([`FileRef`]'s rules), to remove or
    /// replace.
    ///
    /// ```
    /// use chess960_explorer::{Index, IndexWriter};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let pgn = dir.path().join("club.pgn");
    /// std::fs::write(&pgn, "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. Ng3 Ng6 1-0\n")?;
    /// IndexWriter::new(dir.path().join("index")).add(&[pgn], &Default::default())?;
    /// let index = Index::open(dir.path().join("index"))?;
    /// assert_eq!(index.find_file(&"club.pgn".parse()?)?.number, 1);
    /// assert!(index.find_file(&"2".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// No file or several files named so ([`IndexError::NoSuchFile`],
    /// [`IndexError::AmbiguousFile`]), or the index cannot be read.
    pub fn find_file(&self, file: &FileRef) -> Result<FileAdded, IndexError> {
        let state = self.state()?;
        file.find(&self.dir, &state.manifest.files).cloned()
    }

    /// The bytes of its segments' files, by file name, summed over its segments.
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn bytes(&self) -> Result<Vec<(&'static str, u64)>, IndexError> {
        let state = self.state()?;
        let mut bytes: Vec<(&'static str, u64)> = Vec::new();
        for segment in &state.segments {
            for (name, size) in segment.bytes() {
                match bytes.iter_mut().find(|(known, _)| *known == name) {
                    Some((_, sum)) => *sum += size,
                    None => bytes.push((name, size)),
                }
            }
        }
        Ok(bytes)
    }

    /// The games of each of its segments, oldest first.
    ///
    /// ```
    /// # use chess960_explorer::{Index, IndexWriter};
    /// # let dir = tempfile::tempdir()?;
    /// # let pgn = dir.path().join("a.pgn");
    /// # std::fs::write(&pgn, "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n")?;
    /// IndexWriter::new(dir.path().join("index")).add(&[pgn], &Default::default())?;
    /// let index = Index::open(dir.path().join("index"))?;
    /// assert_eq!(index.segments()?, [1]);
    /// let bytes: u64 = index.bytes()?.iter().map(|(_, bytes)| bytes).sum();
    /// assert!(bytes > 0); // games.tbl, ids.tbl, rows.tbl, postings.tbl, facts.tbl
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn segments(&self) -> Result<Vec<u64>, IndexError> {
        let state = self.state()?;
        Ok(state
            .segments
            .iter()
            .map(|segment| segment.entry.games)
            .collect())
    }

    /// The names of its files by their number (0, which no file has, and numbers of no file
    /// are empty): a game of another site than lichess's is shown with an id made from its
    /// file's name and its number there ([`stable_id`](crate::stable_id)).
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn file_names(&self) -> Result<Vec<PathBuf>, IndexError> {
        Ok(names_of(&self.state()?.manifest.files))
    }

    /// The evaluation of the position of `fen` (a FEN or an EPD), if the index has one.
    ///
    /// # Errors
    ///
    /// The FEN is not a position ([`QueryError::parameter`] names `fen`), or the index cannot
    /// be read.
    pub fn eval(&self, fen: &str) -> Result<Option<CloudEval>, QueryError> {
        let key = position(&Query::at(fen, &[]).board()?);
        let Some(db) = self.evals_db()? else {
            return Ok(None);
        };
        let read = || -> Result<Option<CloudEval>, Fault> {
            let txn = db.begin_read()?;
            match evals::open(&txn)? {
                Some(table) => Ok(evals::read(&table, &[key])?.pop().flatten()),
                None => Ok(None),
            }
        };
        let path = crate::store::evals_file(&self.dir);
        read().map_err(|fault| QueryError::Index(fault.at(&path)))
    }
}

/// The names of `files` by their number (0, which no file has, and numbers of no file empty).
pub(crate) fn names_of(files: &[FileAdded]) -> Vec<PathBuf> {
    let mut names = vec![PathBuf::new()];
    for file in files {
        let number = file.number as usize;
        names.resize(names.len().max(number + 1), PathBuf::new());
        if let Some(name) = names.get_mut(number) {
            *name = PathBuf::from(&file.name);
        }
    }
    names
}

impl Explorer for Index {
    fn explore(&self, query: &Query) -> Result<Answer, QueryError> {
        Index::explore(self, query)
    }
}
