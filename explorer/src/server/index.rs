//! An index answering the server ([`IndexBackend`]): its answers as lichess's JSON
//! (`api/json.rs`), its evaluations as lichess's cloud evaluation (`api/cloud_eval.rs`).
//!
//! ```
//! use chess960_explorer::server::IndexBackend;
//!
//! let err = IndexBackend::open("/no/such/index".as_ref()).err().unwrap();
//! assert!(err.to_string().contains("not an index"));
//! ```

use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

use crate::answer::query::Query;
use crate::api::cloud_eval::cloud_eval_json;
use crate::api::json::to_json;
use crate::api::{CloudEvalQuery, ParamError};
use crate::error::{IndexError, QueryError};
use crate::index::Index;
use crate::server::Backend;
use crate::server::error::BackendError;
use crate::server::starts::starts_json;

/// An index as the server asks it: [`Backend::answer`] gives lichess's JSON.
#[derive(Debug)]
pub struct IndexBackend {
    index: Index,
    /// Its files' names by their number (the first unused), read again when a game of a file
    /// added since shows up.
    names: RwLock<Vec<PathBuf>>,
    /// `/starts`'s body, and the state of the index it was made from (its files added and
    /// its segments' games): made again once the index has changed.
    starts: Mutex<Option<(IndexState, String)>>,
}

/// What tells one state of an index from another for `/starts`: its files, its segments' games.
type IndexState = (usize, Vec<u64>);

impl IndexBackend {
    /// The index in `dir`.
    ///
    /// # Errors
    ///
    /// No index there, or one that cannot be read.
    pub fn open(dir: &Path) -> Result<IndexBackend, IndexError> {
        let index = Index::open(dir)?;
        let names = RwLock::new(index.file_names()?);
        Ok(IndexBackend {
            index,
            names,
            starts: Mutex::new(None),
        })
    }
}

impl Backend for IndexBackend {
    fn answer(&self, query: &Query) -> Result<String, BackendError> {
        let answer = self.index.explore(query).map_err(refused)?;
        // Every game the JSON names, a move's one game too: its file may be newer than the
        // names read so far (an add since), whatever the top and recent games are.
        let newest = answer
            .listed_games()
            .map(|game| game.file)
            .max()
            .unwrap_or(0);
        let known = self.names.read().map_or(0, |names| names.len());
        if newest >= known {
            let read = (self.index.file_names())
                .map_err(|err| BackendError::Unavailable(err.to_string()))?;
            if let Ok(mut names) = self.names.write() {
                *names = read;
            }
        }
        let names = self
            .names
            .read()
            .map_err(|_| BackendError::Unavailable("its files' names: a lock poisoned".into()))?;
        Ok(to_json(&answer, &names))
    }

    fn cloud_eval(&self, query: &CloudEvalQuery) -> Result<Option<String>, BackendError> {
        let eval = self.index.eval(&query.fen).map_err(refused)?;
        Ok(eval.map(|eval| cloud_eval_json(&query.fen, &eval, query.multi_pv)))
    }

    fn starts(&self) -> Result<String, BackendError> {
        let unreadable = |err: crate::error::IndexError| BackendError::Unavailable(err.to_string());
        let state = (
            self.index.files().map_err(unreadable)?.len(),
            self.index.segments().map_err(unreadable)?,
        );
        // Held while the list is made: the requests meanwhile wait for it, not make it again.
        let mut held = self
            .starts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((made_at, body)) = held.as_ref()
            && *made_at == state
        {
            return Ok(body.clone());
        }
        let body = starts_json(|query| {
            let answer = self.index.answer(query, false).map_err(refused)?;
            Ok(answer.white + answer.draws + answer.black)
        })?;
        *held = Some((state, body.clone()));
        Ok(body)
    }
}

/// Why the index gave no answer: a FEN or a move it refuses (a 400 naming `fen` or `play`),
/// else an index that cannot be read.
fn refused(err: QueryError) -> BackendError {
    match err.parameter() {
        Some(parameter) => ParamError::new(parameter, err.to_string()).into(),
        None => BackendError::Unavailable(err.to_string()),
    }
}
