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

use crate::answer::player::PlayerQuery;
use crate::answer::query::Query;
use crate::api::cloud_eval::cloud_eval_json;
use crate::api::json::to_json;
use crate::api::{CloudEvalQuery, Games, ParamError, PlayerAnswer, pgn};
use crate::error::{IndexError, QueryError};
use crate::index::{Index, names_of};
use crate::server::Backend;
use crate::server::error::BackendError;
use crate::server::starts::starts_json;

/// An index as the server asks it: [`Backend::answer`] gives lichess's JSON.
#[derive(Debug)]
pub struct IndexBackend {
    index: Index,
    /// Its files' names by their number (the first unused), and the generation of the index
    /// they were read at: read again once a commit has changed it.
    names: RwLock<(u64, Vec<PathBuf>)>,
    /// `/starts`'s body, and the generation of the index it was made at: made again once a
    /// commit has changed it.
    starts: Mutex<Option<(u64, String)>>,
    /// `/summary`'s body, kept as `/starts`'s is.
    summary: Mutex<Option<(u64, String)>>,
}

impl IndexBackend {
    /// The index in `dir`.
    ///
    /// # Errors
    ///
    /// No index there, or one that cannot be read.
    pub fn open(dir: &Path) -> Result<IndexBackend, IndexError> {
        IndexBackend::new(Index::open(dir)?)
    }

    /// `index`, opened as its reader chose (its cache's size: [`Index::open_with_cache`]).
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn new(index: Index) -> Result<IndexBackend, IndexError> {
        let names = RwLock::new((index.generation()?, index.file_names()?));
        Ok(IndexBackend {
            index,
            names,
            starts: Mutex::new(None),
            summary: Mutex::new(None),
        })
    }
}

impl Backend for IndexBackend {
    fn answer(&self, query: &Query) -> Result<String, BackendError> {
        let (answer, state) = self.index.answer_in(query, true).map_err(refused)?;
        // The names of the files of the state answered from (or of a later one: a file's
        // number is never another file's), made again once a commit has changed the index.
        let generation = state.manifest.generation;
        let known = self.names.read().map_or(0, |names| names.0);
        if generation != known {
            let made = names_of(&state.manifest.files);
            if let Ok(mut names) = self.names.write() {
                *names = (generation, made);
            }
        }
        let names = self
            .names
            .read()
            .map_err(|_| BackendError::Unavailable("its files' names: a lock poisoned".into()))?;
        Ok(to_json(&answer, &names.1))
    }

    fn cloud_eval(&self, query: &CloudEvalQuery) -> Result<Option<String>, BackendError> {
        let eval = self.index.eval(&query.fen).map_err(refused)?;
        Ok(eval.map(|eval| cloud_eval_json(&query.fen, &eval, query.multi_pv)))
    }

    fn player(&self, asked: &PlayerQuery) -> Result<Option<String>, BackendError> {
        let answer = self.index.player(asked).map_err(refused)?;
        // Its games are the index's: each has an id of its own, no file's name is needed.
        let games = Games {
            files: &[],
            locations: false,
        };
        let row = PlayerAnswer::new(&answer, asked.color, &games);
        let mut line = serde_json::to_string(&row)
            .map_err(|err| BackendError::Unavailable(err.to_string()))?;
        line.push('\n');
        Ok(Some(line))
    }

    fn pgn(&self, id: &str) -> Result<Option<String>, BackendError> {
        let game = self.index.game(id).map_err(refused)?;
        Ok(game.as_ref().map(pgn))
    }

    fn summary(&self) -> Result<Option<String>, BackendError> {
        let generation = self.index.generation().map_err(unreadable)?;
        let mut held = (self.summary.lock()).unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((made_at, body)) = held.as_ref()
            && *made_at == generation
        {
            return Ok(Some(body.clone()));
        }
        let summary = self.index.summary().map_err(unreadable)?;
        let body = serde_json::json!({
            "games": summary.games,
            "newestMonth": summary.newest_month.map(|month| month.to_string()),
            "files": summary.files,
            "lastAdded": summary.last_added,
            "generation": summary.generation,
        })
        .to_string();
        *held = Some((summary.generation, body.clone()));
        Ok(Some(body))
    }

    fn starts(&self) -> Result<String, BackendError> {
        let generation = self.index.generation().map_err(unreadable)?;
        // Held while the list is made: the requests meanwhile wait for it, not make it again.
        let mut held = self
            .starts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((made_at, body)) = held.as_ref()
            && *made_at == generation
        {
            return Ok(body.clone());
        }
        let body = starts_json(|query| {
            let answer = self.index.answer(query, false).map_err(refused)?;
            Ok(answer.white + answer.draws + answer.black)
        })?;
        *held = Some((generation, body.clone()));
        Ok(body)
    }
}

/// Why the index gave no answer: a FEN or a move it refuses (a 400 naming `fen` or `play`),
/// else an index that cannot be read.
fn refused(err: QueryError) -> BackendError {
    match err.parameter() {
        Some(parameter) => ParamError::new(parameter, err.to_string()).into(),
        None => match err {
            QueryError::Index(err) => unreadable(err),
            err => BackendError::Unavailable(err.to_string()),
        },
    }
}

/// The index could not be read: damaged (a 500), or for now (a 503).
fn unreadable(err: IndexError) -> BackendError {
    match err.is_corrupt() {
        true => BackendError::Damaged(err.to_string()),
        false => BackendError::Unavailable(err.to_string()),
    }
}
