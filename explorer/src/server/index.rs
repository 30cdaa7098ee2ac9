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
use std::sync::RwLock;

use crate::answer::query::Query;
use crate::api::cloud_eval::cloud_eval_json;
use crate::api::json::to_json;
use crate::error::{IndexError, QueryError};
use crate::index::Index;
use crate::server::Backend;
use crate::server::cloud_eval::CloudEvalQuery;
use crate::server::error::{BackendError, ParamError};

/// An index as the server asks it: [`Backend::answer`] gives lichess's JSON.
#[derive(Debug)]
pub struct IndexBackend {
    index: Index,
    /// Its files' names by their number (the first unused), read again when a game of a file
    /// added since shows up.
    names: RwLock<Vec<PathBuf>>,
}

impl IndexBackend {
    /// The index in `dir`.
    ///
    /// # Errors
    ///
    /// No index there, or one that cannot be read.
    pub fn open(dir: &Path) -> Result<IndexBackend, IndexError> {
        let index = Index::open(dir)?;
        let names = RwLock::new(index.file_names()?);
        Ok(IndexBackend { index, names })
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
}

/// Why the index gave no answer: a FEN or a move it refuses (a 400 naming `fen` or `play`),
/// else an index that cannot be read.
fn refused(err: QueryError) -> BackendError {
    match err.parameter() {
        Some(parameter) => ParamError::new(parameter, err.to_string()).into(),
        None => BackendError::Unavailable(err.to_string()),
    }
}
