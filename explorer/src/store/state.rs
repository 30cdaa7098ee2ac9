//! A whole state of an index ([`State`]): the manifest committed last and the segments it
//! names, opened together, so that a reader answers from one state while a writer commits
//! the next.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::IndexError;
use crate::store::manifest::{FORMAT, Manifest, ManifestError, SegmentEntry, Stamp, segment_dir};
use crate::store::segment::Segment;
use crate::store::table::BlockCache;

/// The manifest and its segments, opened.
#[derive(Debug)]
pub(crate) struct State {
    /// The index's directory.
    pub(crate) dir: PathBuf,
    pub(crate) manifest: Manifest,
    /// Its segments, oldest first: shared with the states before and after it that name
    /// them too (a segment is immutable), so that a commit opens only its new segments.
    pub(crate) segments: Vec<Arc<Segment>>,
    /// Where its tables keep their blocks.
    pub(crate) cache: Arc<BlockCache>,
    /// The manifest's stamp when it was read: a reader reopens when it changes.
    pub(crate) stamp: Option<Stamp>,
}

/// How often a reader tries again when a merge removed a segment between its reading the
/// manifest and opening the segment.
const TRIES: usize = 8;

impl State {
    /// The state of the index in `dir`, its tables' blocks kept in `cache`, the segments of
    /// `held` (a state read before) that it still names reused as they are; `None` when it
    /// holds no manifest.
    pub(crate) fn open(
        dir: &Path,
        cache: &Arc<BlockCache>,
        held: Option<&State>,
    ) -> Result<Option<State>, IndexError> {
        let mut tries = 0;
        loop {
            let stamp = Manifest::stamp(dir).ok();
            let Some(manifest) = read_manifest(dir)? else {
                return Ok(None);
            };
            match State::reusing(dir, manifest, cache, held) {
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
    pub(crate) fn of(
        dir: &Path,
        manifest: Manifest,
        cache: &Arc<BlockCache>,
    ) -> Result<State, IndexError> {
        State::reusing(dir, manifest, cache, None)
    }

    /// The segments `manifest` names: those `held` has (the same entry) shared, the others
    /// opened.
    fn reusing(
        dir: &Path,
        manifest: Manifest,
        cache: &Arc<BlockCache>,
        held: Option<&State>,
    ) -> Result<State, IndexError> {
        let kept = |entry: &SegmentEntry| {
            held?
                .segments
                .iter()
                .find(|segment| segment.entry == *entry)
                .cloned()
        };
        let segments = manifest
            .segments
            .iter()
            .map(|&entry| match kept(&entry) {
                Some(segment) => Ok(segment),
                None => Segment::open(&segment_dir(dir, entry.id), entry, cache).map(Arc::new),
            })
            .collect::<Result<_, _>>()?;
        Ok(State {
            dir: dir.to_owned(),
            manifest,
            segments,
            cache: Arc::clone(cache),
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
            .map(|segment| &**segment)
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
        err => IndexError::Corrupt {
            path: dir.join("MANIFEST"),
            what: "the manifest",
            cause: Some(Box::new(err)),
        },
    })
}
