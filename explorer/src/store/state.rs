//! A whole state of an index ([`State`]): the manifest committed last and the segments it
//! names, opened together, so that a reader answers from one state while a writer commits
//! the next.

use std::path::{Path, PathBuf};

use crate::error::IndexError;
use crate::store::manifest::{FORMAT, Manifest, ManifestError, Stamp, segment_dir};
use crate::store::segment::Segment;

/// The manifest and its segments, opened.
#[derive(Debug)]
pub(crate) struct State {
    /// The index's directory.
    pub(crate) dir: PathBuf,
    pub(crate) manifest: Manifest,
    pub(crate) segments: Vec<Segment>,
    /// The manifest's stamp when it was read: a reader reopens when it changes.
    pub(crate) stamp: Option<Stamp>,
}

/// How often a reader tries again when a merge removed a segment between its reading the
/// manifest and opening the segment.
const TRIES: usize = 8;

impl State {
    /// The state of the index in `dir`, its tables keeping `cache` bytes of blocks each;
    /// `None` when it holds no manifest.
    pub(crate) fn open(dir: &Path, cache: usize) -> Result<Option<State>, IndexError> {
        let mut tries = 0;
        loop {
            let stamp = Manifest::stamp(dir).ok();
            let Some(manifest) = read_manifest(dir)? else {
                return Ok(None);
            };
            match State::of(dir, manifest, cache) {
                Ok(mut state) => {
                    state.stamp = stamp;
                    return Ok(Some(state));
                }
                Err(IndexError::Io { error, .. })
                    if error.kind() == std::io::ErrorKind::NotFound && tries < TRIES =>
                {
                    tries += 1;
                }
                Err(err) => return Err(err),
            }
        }
    }

    /// The segments `manifest` names, opened.
    pub(crate) fn of(dir: &Path, manifest: Manifest, cache: usize) -> Result<State, IndexError> {
        let segments = manifest
            .segments
            .iter()
            .map(|&entry| Segment::open(&segment_dir(dir, entry.id), entry, cache))
            .collect::<Result<_, _>>()?;
        Ok(State {
            dir: dir.to_owned(),
            manifest,
            segments,
            stamp: None,
        })
    }

    /// The segment that holds game `number`.
    pub(crate) fn segment_of(&self, number: u64) -> Option<&Segment> {
        let at = self
            .segments
            .partition_point(|segment| segment.entry.first_game + segment.entry.games <= number);
        self.segments
            .get(at)
            .filter(|segment| segment.holds(number))
    }
}

/// The manifest of the index in `dir`, its errors the index's.
pub(crate) fn read_manifest(dir: &Path) -> Result<Option<Manifest>, IndexError> {
    Manifest::read(dir).map_err(|err| match err {
        ManifestError::Format { found } => IndexError::Format {
            dir: dir.to_owned(),
            found,
            reads: FORMAT,
        },
        ManifestError::Io(error) => IndexError::Io {
            path: dir.join("MANIFEST"),
            error,
        },
        _ => IndexError::Corrupt {
            path: dir.join("MANIFEST"),
            what: "the manifest",
        },
    })
}
