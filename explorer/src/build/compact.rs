//! An index's segments merged into one (`IndexWriter::compact`), under the writer's lock, as
//! crash-safe as an add: the merged segment is committed by a new manifest, and the old ones
//! removed once no state names them.

use std::path::Path;

use crate::build::merge::merge;
use crate::build::segment::Thresholds;
use crate::error::IndexError;
use crate::store::lock::WriterLock;
use chess960_pgn::Progress;

/// What a compaction did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct Compacted {
    /// The segments before.
    pub segments: usize,
    /// The bytes of the segments before.
    pub bytes_before: u64,
    /// The bytes of the segment after.
    pub bytes_after: u64,
}

/// Merges the segments of the index in `dir` into one (nothing when it has one or none).
pub(crate) fn compact(
    dir: &Path,
    progress: &Progress,
    thresholds: Thresholds,
) -> Result<Compacted, IndexError> {
    let (lock, manifest) = WriterLock::take_index(dir)?;
    let bytes = |segments: &[crate::store::manifest::SegmentEntry]| {
        segments.iter().map(|segment| segment.bytes).sum()
    };
    let mut compacted = Compacted {
        segments: manifest.segments.len(),
        bytes_before: bytes(&manifest.segments),
        bytes_after: bytes(&manifest.segments),
    };
    if manifest.segments.len() > 1 {
        let run = 0..manifest.segments.len();
        let merged = merge(dir, &lock, manifest, run, progress, thresholds)?;
        compacted.bytes_after = bytes(&merged.segments);
    }
    Ok(compacted)
}
