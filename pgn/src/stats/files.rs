//! The statistics of a file, or of several read in parallel by [`read_files`] (one large
//! plain file in two halves), with what went wrong with each file that could not be read to
//! its end.

use std::path::Path;

use super::Stats;
use crate::file_read::FileError;
use crate::files::read_files;
use crate::options::Options;
use crate::progress::Progress;

impl Stats {
    /// The statistics of the file at `path` (`-`: stdin).
    ///
    /// # Errors
    ///
    /// The file's, if it could not be opened or read to its end.
    ///
    /// ```no_run
    /// let stats = chess960_pgn::Stats::read_path("ccrl-960.pgn.bz2", &Default::default())?;
    /// # Ok::<(), chess960_pgn::FileError>(())
    /// ```
    pub fn read_path(path: impl AsRef<Path>, options: &Options) -> Result<Stats, FileError> {
        let (stats, mut errors) =
            Stats::read_files(&[path.as_ref()], options, &Progress::default());
        match errors.pop() {
            Some(error) => Err(error),
            None => Ok(stats),
        }
    }

    /// The statistics of the files at `paths` (`-`: stdin), read in parallel, one thread per
    /// core (one large plain file in two halves), adding to `progress`; and each file that
    /// could not be read to its end (the games read before are counted).
    ///
    /// ```
    /// use chess960_pgn::{Progress, Stats};
    ///
    /// let (stats, errors) = Stats::read_files(&["no such file.pgn"], &Default::default(), &Progress::default());
    /// assert_eq!((stats.games(), errors.len()), (0, 1));
    /// assert!(errors[0].to_string().starts_with("no such file.pgn: "));
    /// ```
    pub fn read_files(
        paths: &[impl AsRef<Path> + Sync],
        options: &Options,
        progress: &Progress,
    ) -> (Stats, Vec<FileError>) {
        let mut total = Stats::default();
        let mut errors = Vec::new();
        for file in read_files(paths, options, progress, |_| Stats::default()) {
            for part in file.parts {
                total.merge(part.sink);
            }
            errors.extend(file.error);
        }
        (total, errors)
    }
}
