//! The index's one writer ([`WriterLock`]): an exclusive lock on `LOCK` in its directory,
//! and the cleanup only a writer may do. Readers take no lock.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::error::IndexError;
use crate::store::manifest::{MANIFEST_TMP, Manifest, segment_name};
use crate::store::state::read_manifest;

#[cfg(test)]
mod tests;

/// The lock's file in the index's directory.
const LOCK: &str = "LOCK";

/// The index's one writer: an exclusive lock (`flock` on unix, `LockFileEx` on Windows) on
/// `dir/LOCK`, held until dropped, or until the process ends however it ends (a child process
/// started meanwhile holds it too, from its fork to its exec only).
#[derive(Debug)]
pub(crate) struct WriterLock {
    /// The index's directory.
    dir: PathBuf,
    /// `LOCK`, open and locked: closing it unlocks.
    _file: File,
}

impl WriterLock {
    /// Takes the lock of the index in `dir` (the directory and `LOCK` made if missing)
    /// without waiting: [`IndexError::Busy`] when another process, or another `WriterLock`
    /// of this one, holds it.
    pub(crate) fn take(dir: &Path) -> Result<WriterLock, IndexError> {
        let io = |path: &Path| {
            let path = path.to_owned();
            move |error| IndexError::Io { path, error }
        };
        fs::create_dir_all(dir).map_err(io(dir))?;
        let path = dir.join(LOCK);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io(&path))?;
        // Called as fs4's (std's `File::try_lock`, the same, needs Rust 1.89).
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => Ok(WriterLock {
                dir: dir.to_owned(),
                _file: file,
            }),
            Err(fs4::TryLockError::WouldBlock) => Err(IndexError::Busy {
                dir: dir.to_owned(),
            }),
            Err(fs4::TryLockError::Error(error)) => Err(IndexError::Io { path, error }),
        }
    }

    /// The lock of the index in `dir` and its manifest, what a killed writer left removed;
    /// [`IndexError::NotAnIndex`] when `dir` holds no index (refused before the lock's file
    /// is made there).
    pub(crate) fn take_index(dir: &Path) -> Result<(WriterLock, Manifest), IndexError> {
        let not_an_index = || IndexError::NotAnIndex {
            dir: dir.to_owned(),
        };
        read_manifest(dir)?.ok_or_else(not_an_index)?;
        let lock = WriterLock::take(dir)?;
        let manifest = read_manifest(dir)?.ok_or_else(not_an_index)?;
        lock.remove_unused(Some(&manifest));
        Ok((lock, manifest))
    }

    /// Removes from the index's directory what no state names, which only a writer may do
    /// (no other writer's work is under way): `tmp-*` entries, `MANIFEST.tmp`, `.stdin-*.pgn`
    /// spools, and `seg-<digits>` entries that are not the folder of a segment `manifest`
    /// lists (`None`: no index yet, none listed). The bytes freed: the lengths of the files
    /// removed, of entries removed whole. An entry that cannot be removed is left for the
    /// next writer; symbolic links are removed, never followed.
    pub(crate) fn remove_unused(&self, manifest: Option<&Manifest>) -> u64 {
        let live: HashSet<String> = manifest
            .map(|manifest| {
                manifest
                    .segments
                    .iter()
                    .map(|segment| segment_name(segment.id))
                    .collect()
            })
            .unwrap_or_default();
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return 0;
        };
        let mut freed = 0u64;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(name) = name.to_str() else {
                continue;
            };
            if unused(name, &live) {
                freed = freed.saturating_add(remove(&entry.path()));
            }
        }
        freed
    }
}

/// Whether the entry `name` of an index's directory is named by no state, segments `live`
/// being the folders the manifest lists.
fn unused(name: &str, live: &HashSet<String>) -> bool {
    let spool = name
        .strip_prefix(".stdin-")
        .and_then(|rest| rest.strip_suffix(".pgn"))
        .is_some();
    let segment = name
        .strip_prefix("seg-")
        .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()));
    name.starts_with("tmp-") || name == MANIFEST_TMP || spool || (segment && !live.contains(name))
}

/// Removes the entry at `path` (a folder with all it holds, a file, a link itself): the
/// lengths of its files, 0 when it could not be removed.
fn remove(path: &Path) -> u64 {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return 0;
    };
    if meta.is_dir() {
        let bytes = bytes_under(path);
        // `remove_dir_all` removes the links inside, never what they point to.
        fs::remove_dir_all(path).map_or(0, |()| bytes)
    } else {
        let bytes = if meta.is_file() { meta.len() } else { 0 };
        // A link to a folder is removed as a folder on Windows.
        match fs::remove_file(path).or_else(|_| fs::remove_dir(path)) {
            Ok(()) => bytes,
            Err(_) => 0,
        }
    }
}

/// The lengths of the files under the folder `dir`, links not followed.
fn bytes_under(dir: &Path) -> u64 {
    let mut bytes = 0u64;
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                folders.push(entry.path());
            } else if kind.is_file() {
                let len = entry.metadata().map_or(0, |meta| meta.len());
                bytes = bytes.saturating_add(len);
            }
        }
    }
    bytes
}
