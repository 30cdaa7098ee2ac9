//! A writer's temporary folder in the index ([`TmpDir`]), and the memory its tables keep.

use std::path::{Path, PathBuf};

use crate::error::IndexError;
use crate::store::manifest::tmp_dir;

/// A writer's temporary folder, removed when its work ends (a killed writer's is removed by
/// the next writer).
pub(crate) struct TmpDir(pub(crate) PathBuf);

impl TmpDir {
    pub(crate) fn create(dir: &Path) -> Result<TmpDir, IndexError> {
        let path = tmp_dir(dir);
        std::fs::create_dir_all(&path).map_err(IndexError::io_at(&path))?;
        Ok(TmpDir(path))
    }
}

impl Drop for TmpDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The memory the tables of an add, a merge or a removal keep of their blocks, all together
/// (one [`BlockCache`](crate::store::table::BlockCache)). A writer reads its tables in
/// order, never through the cache, but for the games' facts that a merge counts listed rows
/// from, at random: enough for every fact of the segments of 10 million games, read again
/// and again at a merge otherwise.
pub(crate) const CACHE: usize = 128 << 20;
