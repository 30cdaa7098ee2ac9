//! What a writer at work on an index heeds and shows: Ctrl-C or SIGTERM stops it, and cron's
//! progress lines tell the bytes of segments it has written so far.

use std::path::Path;

use crate::progress::ByteProgress;

/// Stops `progress` on Ctrl-C (SIGINT) or SIGTERM, so that the work ends as a failure does,
/// its temporary files removed.
pub(super) fn stop_on_interrupt(progress: &chess960_pgn::Progress) {
    let progress = progress.clone();
    // Only one handler a process: a second call keeps the first (the same work).
    let _ = ctrlc::set_handler(move || progress.stop());
}

/// Progress lines from cron while a writer `doing` writes segments in the index in `dir`:
/// their bytes written so far, against the segments'.
pub(super) fn written_lines(dir: &Path, doing: &'static str) -> ByteProgress {
    let before = bytes_under(dir, "seg-");
    let index = dir.to_owned();
    ByteProgress::lines(move || {
        let written = bytes_under(&index, "tmp-");
        (written, move |rate: f64| {
            format!(
                "{doing}: {} MiB written of about {} MiB, {:.1} MiB a second",
                written >> 20,
                before >> 20,
                rate / f64::from(1 << 20)
            )
        })
    })
}

/// The bytes of the files in the folders of `dir` whose names begin with `prefix`, and in
/// theirs (0 for what cannot be read).
fn bytes_under(dir: &Path, prefix: &str) -> u64 {
    fn size(path: &Path) -> u64 {
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => std::fs::read_dir(path).map_or(0, |entries| {
                entries.flatten().map(|entry| size(&entry.path())).sum()
            }),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        }
    }
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .filter(|entry| entry.file_name().to_string_lossy().starts_with(prefix))
            .map(|entry| size(&entry.path()))
            .sum()
    })
}
