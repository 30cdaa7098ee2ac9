//! The statistics of a file, or of several read on every core by [`read_files`], with what
//! went wrong with each file that could not be read to its end.

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

    /// The statistics of the files at `paths` (`-`: stdin), read on [`Options::threads`]
    /// threads, adding to `progress`; and each file that could not be read to its end (the
    /// games read before are counted).
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
        let read = read_files(
            paths,
            options,
            progress,
            |_| Stats::default(),
            |_, part| {
                total.merge(part);
                Ok(())
            },
        );
        // Neither the sinks nor the merge can fail: an error is a reader that panicked.
        let errors = read.unwrap_or_else(|error| {
            let first = paths.first().map_or(Path::new("-"), AsRef::as_ref);
            vec![FileError::unopened(first, error)]
        });
        (total, errors)
    }
}
