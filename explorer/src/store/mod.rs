//! The index's tables in redb, and opening its file: to add to it (one writer at a time)
//! or to read it while another process adds (redb's single-writer mode). The segments' index
//! to come (format 2): its [`manifest`] and its writer's [`lock`].

pub(crate) mod bucket;
pub(crate) mod bytes;
pub(crate) mod code;
pub(crate) mod counted;
pub(crate) mod entry;
mod entry_bytes;
mod entry_derived;
pub(crate) mod evals;
pub(crate) mod files;
pub(crate) mod games;
pub(crate) mod id;
pub(crate) mod key;
pub(crate) mod line;
pub(crate) mod lock;
pub(crate) mod manifest;
pub(crate) mod visit;

use std::path::{Path, PathBuf};

use redb::{Builder, ConcurrencyMode, Database, ReadOnlyDatabase, TableDefinition};

use crate::error::IndexError;

/// A node ([`crate::store::key::NodeKey`]) → its entry ([`crate::store::entry::Entry`]).
pub(crate) const NODES: TableDefinition<[u8; 14], &[u8]> = TableDefinition::new("nodes");
/// A game's number ([`crate::store::games::number`]) → its record ([`crate::store::games::Record`]).
pub(crate) const GAMES: TableDefinition<u64, &[u8]> = TableDefinition::new("games");
/// The lichess ids (eight letters and digits) of the games counted: each counted once.
pub(crate) const LICHESS_IDS: TableDefinition<[u8; 8], ()> = TableDefinition::new("lichess_ids");
/// A file's number → what it was ([`crate::store::files::FileAdded`]).
pub(crate) const FILES: TableDefinition<u32, &[u8]> = TableDefinition::new("files");
/// A file's SHA-256 → its number: each content added once.
pub(crate) const CONTENTS: TableDefinition<[u8; 32], u32> = TableDefinition::new("contents");

/// The index's file in its directory.
pub(crate) fn file(dir: &Path) -> PathBuf {
    dir.join("index.redb")
}

/// How every process opens the file: one may add while others read, each reader seeing the
/// last add committed.
fn builder(cache: usize) -> Builder {
    let mut builder = Builder::new();
    builder
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .set_cache_size(cache);
    builder
}

/// The index in `dir` opened to add to, made if there is none: redb repairs what an add
/// killed halfway left (the last commit stands).
pub(crate) fn open_to_add(dir: &Path, cache: usize) -> Result<Database, IndexError> {
    std::fs::create_dir_all(dir).map_err(|error| IndexError::Io {
        path: dir.to_owned(),
        error,
    })?;
    let path = file(dir);
    match builder(cache).create(&path) {
        Ok(db) => Ok(db),
        Err(redb::DatabaseError::DatabaseAlreadyOpen) => Err(IndexError::Busy {
            dir: dir.to_owned(),
        }),
        Err(err) => Err(IndexError::store(&path, err)),
    }
}

/// The index in `dir` opened to read.
pub(crate) fn open_to_read(dir: &Path, cache: usize) -> Result<ReadOnlyDatabase, IndexError> {
    let path = file(dir);
    if !path.is_file() {
        return Err(IndexError::NotAnIndex {
            dir: dir.to_owned(),
        });
    }
    match builder(cache).open_read_only(&path) {
        Ok(db) => Ok(db),
        // An add killed halfway leaves a file a reader may not repair: a writer's open
        // repairs it (back to the last commit), then it reads as any.
        Err(redb::DatabaseError::RepairAborted) => {
            drop(open_to_add(dir, cache)?);
            builder(cache)
                .open_read_only(&path)
                .map_err(|err| IndexError::store(&path, err))
        }
        Err(err) => Err(IndexError::store(&path, err)),
    }
}
