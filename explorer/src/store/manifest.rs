//! The index's state ([`Manifest`]): which segments are live, the games and files counted,
//! committed by writing `MANIFEST.tmp` and renaming it over `MANIFEST`, so that a reader sees
//! the last state whole, never half of one.
//!
//! `MANIFEST` is text: a header line naming the format, the state as JSON, a CRC-32 line
//! ([`text`] tells it whole).

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::store::files::FileAdded;

#[cfg(test)]
mod tests;
mod text;

/// The index format this code writes and reads.
pub(crate) const FORMAT: u32 = 5;

/// The manifest's file in the index's directory.
const MANIFEST: &str = "MANIFEST";

/// Where a commit writes the manifest before renaming it to [`MANIFEST`].
pub(crate) const MANIFEST_TMP: &str = "MANIFEST.tmp";

/// The index's state, as the last commit left it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Manifest {
    /// 1 for the first commit, one more each commit.
    pub(crate) generation: u64,
    /// The number the next game counted gets (games are numbered densely 0, 1, 2, … across
    /// adds).
    pub(crate) next_game: u64,
    /// The id the next segment gets.
    pub(crate) next_segment: u64,
    /// The number the next file added gets (a file removed keeps its number unused).
    pub(crate) next_file: u32,
    /// The live segments, oldest first.
    pub(crate) segments: Vec<SegmentEntry>,
    /// The files added, in order.
    pub(crate) files: Vec<FileAdded>,
}

/// A live segment: its folder ([`segment_dir`]) and the games it holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SegmentEntry {
    /// Its id, the number in its folder's name.
    pub(crate) id: u64,
    /// The number of its first game.
    pub(crate) first_game: u64,
    /// How many numbers its games have (`first_game..first_game + games`).
    pub(crate) games: u64,
    /// Of them, those no game has (its games taken out, [`crate::IndexWriter::remove`]).
    pub(crate) removed: u64,
    /// The bytes of its files.
    pub(crate) bytes: u64,
    /// The numbers of the first and the last file whose games it may hold.
    pub(crate) files: [u32; 2],
}

/// A token of the committed manifest ([`Manifest::stamp`]): equal stamps, same manifest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Stamp(Option<FileStamp>);

/// What [`Stamp`] holds of a `MANIFEST` file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct FileStamp {
    /// The file's identity: device and inode on unix, creation time on Windows (a rename
    /// brings the new file's).
    id: (u64, u64),
    /// Its modification time.
    modified: Option<SystemTime>,
    /// Its length.
    len: u64,
    /// Its last 16 bytes (the checksum line's), zeros after a shorter file's.
    tail: [u8; 16],
}

/// Why the manifest could not be read.
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum ManifestError {
    /// Reading the directory or the file failed.
    Io(io::Error),
    /// The file is not as this code writes it: damaged or changed by another program.
    Corrupt {
        /// The part at fault: `header`, `checksum line`, `checksum`, `JSON body` or `state`.
        what: &'static str,
        /// How.
        why: String,
    },
    /// The index is of another format (1: the old redb index, `index.redb` with no manifest).
    Format {
        /// Its format's number.
        found: u32,
    },
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManifestError::Io(error) => write!(f, "the index's {MANIFEST}: {error}"),
            ManifestError::Corrupt { what, why } => write!(
                f,
                "the index's {MANIFEST}: its {what} is not as this program writes it ({why}): damaged, or changed by another program"
            ),
            ManifestError::Format { found: 1 } => write!(
                f,
                "an index of format 1 (index.redb, the old redb index): this version reads format {FORMAT} only; add the files again to a new index"
            ),
            ManifestError::Format { found } if *found > FORMAT => write!(
                f,
                "an index of format {found}, written by a newer version: this version reads format {FORMAT} only"
            ),
            ManifestError::Format { found } => write!(
                f,
                "an index of format {found}, written by an older version: this version reads format {FORMAT} only; add the files again to a new index"
            ),
        }
    }
}

impl std::error::Error for ManifestError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ManifestError::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl Manifest {
    /// The manifest of the index in `dir`: `None` when the directory (or `dir` itself) holds
    /// none; [`ManifestError::Format`] `{ found: 1 }` when it holds the old index
    /// (`index.redb`) and no manifest.
    pub(crate) fn read(dir: &Path) -> Result<Option<Manifest>, ManifestError> {
        match fs::read(dir.join(MANIFEST)) {
            Ok(bytes) => Manifest::decode(&bytes).map(Some),
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                match dir.join("index.redb").try_exists() {
                    Ok(true) => Err(ManifestError::Format { found: 1 }),
                    Ok(false) => Ok(None),
                    Err(err) => Err(ManifestError::Io(err)),
                }
            }
            Err(err) => Err(ManifestError::Io(err)),
        }
    }

    /// Commits `self` as the state of the index in `dir`: written to `MANIFEST.tmp`, synced,
    /// renamed to `MANIFEST`, the directory synced (on unix). A manifest that
    /// [`Manifest::read`] would refuse is not written (`InvalidInput`).
    pub(crate) fn commit(&self, dir: &Path) -> io::Result<()> {
        self.check()
            .map_err(|why| io::Error::new(io::ErrorKind::InvalidInput, why))?;
        let bytes = self.encode()?;
        let tmp = dir.join(MANIFEST_TMP);
        let mut file = File::create(&tmp)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, dir.join(MANIFEST))?;
        sync_dir(dir)
    }

    /// A cheap token of the manifest committed in `dir` (one open, one `fstat`, one 16-byte
    /// read), which changes with each commit: its file's identity, modification time, length
    /// and checksum line. Without a manifest, a stamp of its own.
    pub(crate) fn stamp(dir: &Path) -> io::Result<Stamp> {
        let mut file = match File::open(dir.join(MANIFEST)) {
            Ok(file) => file,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Stamp(None)),
            Err(err) => return Err(err),
        };
        let meta = file.metadata()?;
        let len = meta.len();
        let mut tail = [0; 16];
        if len >= 16 {
            file.seek(SeekFrom::End(-16))?;
        }
        let mut read = Vec::with_capacity(16);
        file.take(16).read_to_end(&mut read)?;
        for (byte, read) in tail.iter_mut().zip(read) {
            *byte = read;
        }
        Ok(Stamp(Some(FileStamp {
            id: file_id(&meta),
            modified: meta.modified().ok(),
            len,
            tail,
        })))
    }
}

/// The identity [`FileStamp::id`] of the file of `meta`.
#[cfg(unix)]
fn file_id(meta: &fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

/// The identity [`FileStamp::id`] of the file of `meta`.
#[cfg(windows)]
fn file_id(meta: &fs::Metadata) -> (u64, u64) {
    use std::os::windows::fs::MetadataExt;
    (meta.creation_time(), 0)
}

/// The identity [`FileStamp::id`] of the file of `meta`: none known here.
#[cfg(not(any(unix, windows)))]
fn file_id(_: &fs::Metadata) -> (u64, u64) {
    (0, 0)
}

/// Syncs the directory `dir`, so that a rename in it lasts a crash.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Syncs the directory `dir`: not done off unix (a directory cannot be opened as a file).
#[cfg(not(unix))]
fn sync_dir(_: &Path) -> io::Result<()> {
    Ok(())
}

/// The name of segment `id`'s folder: `seg-000042`.
pub(crate) fn segment_name(id: u64) -> String {
    format!("seg-{id:06}")
}

/// Segment `id`'s folder in the index's directory `dir`: `dir/seg-000042`.
pub(crate) fn segment_dir(dir: &Path, id: u64) -> PathBuf {
    dir.join(segment_name(id))
}

/// A fresh path `dir/tmp-<pid>-<nanos>` for an add's or merge's work (not created here):
/// `<nanos>` the time since 1970, made larger than any this process gave before.
pub(crate) fn tmp_dir(dir: &Path) -> PathBuf {
    /// The last `<nanos>` given.
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|since| u64::try_from(since.as_nanos()).unwrap_or(u64::MAX))
        .unwrap_or_default();
    let previous = LAST
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| {
            Some(now.max(last.saturating_add(1)))
        })
        .unwrap_or_else(|last| last);
    let nanos = now.max(previous.saturating_add(1));
    dir.join(format!("tmp-{}-{nanos}", std::process::id()))
}
