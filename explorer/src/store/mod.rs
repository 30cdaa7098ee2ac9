//! The index on disk: a folder whose `MANIFEST` names the immutable segments that hold its
//! games (`segment.rs`, each a few tables of `table/`), written by one writer at a time
//! (`lock.rs`) and read as one whole state (`state.rs`); and its engine evaluations, in a
//! redb file of their own (`evals.redb`, `evals.rs`).

pub(crate) mod bucket;
pub(crate) mod bytes;
pub(crate) mod code;
pub(crate) mod counted;
pub(crate) mod entry;
mod entry_bytes;
mod entry_derived;
pub(crate) mod evals;
pub(crate) mod facts;
pub(crate) mod files;
pub(crate) mod games;
pub(crate) mod id;
pub(crate) mod key;
pub(crate) mod line;
pub(crate) mod listed;
pub(crate) mod lock;
pub(crate) mod manifest;
pub(crate) mod players;
pub(crate) mod postings;
pub(crate) mod row;
pub(crate) mod segment;
pub(crate) mod state;
pub(crate) mod table;
pub(crate) mod tables;
pub(crate) mod visit;

use std::path::{Path, PathBuf};

use redb::{Builder, ConcurrencyMode, Database, ReadOnlyDatabase};

use crate::error::IndexError;

/// The evaluations' file in an index's directory.
pub(crate) fn evals_file(dir: &Path) -> PathBuf {
    dir.join("evals.redb")
}

/// How every process opens the evaluations' file: one may add while others read, each
/// reader seeing the last add committed.
fn builder(cache: usize) -> Builder {
    let mut builder = Builder::new();
    builder
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .set_cache_size(cache);
    builder
}

/// The evaluations of the index in `dir` opened to add to, made if there are none: redb
/// repairs what an add killed halfway left (the last commit stands).
pub(crate) fn open_evals_to_add(dir: &Path, cache: usize) -> Result<Database, IndexError> {
    let path = evals_file(dir);
    match builder(cache).create(&path) {
        Ok(db) => Ok(db),
        Err(redb::DatabaseError::DatabaseAlreadyOpen) => Err(IndexError::Busy {
            dir: dir.to_owned(),
        }),
        Err(err) => Err(IndexError::store(&path, err)),
    }
}

/// The evaluations of the index in `dir` opened to read, if it has some.
pub(crate) fn open_evals_to_read(
    dir: &Path,
    cache: usize,
) -> Result<Option<ReadOnlyDatabase>, IndexError> {
    let path = evals_file(dir);
    if !path.is_file() {
        return Ok(None);
    }
    match builder(cache).open_read_only(&path) {
        Ok(db) => Ok(Some(db)),
        // An add killed halfway leaves a file a reader may not repair: a writer's open
        // repairs it (back to the last commit), then it reads as any.
        Err(redb::DatabaseError::RepairAborted) => {
            drop(open_evals_to_add(dir, cache)?);
            builder(cache)
                .open_read_only(&path)
                .map(Some)
                .map_err(|err| IndexError::store(&path, err))
        }
        Err(err) => Err(IndexError::store(&path, err)),
    }
}
