//! [`IndexWriter`]: what writes an index (its adds of games and of evaluations, its merges
//! and removals), apart from [`Index`](crate::Index), which reads one and links none of it.

use std::path::{Path, PathBuf};

use chess960_pgn::Progress;

use crate::build::add::{self, AddOptions, Added};
use crate::build::compact::{self, Compacted};
use crate::build::evals;
use crate::build::remove::{self, Removed};
use crate::build::segment::Thresholds;
use crate::error::IndexError;
use crate::store::evals::CloudEval;
use crate::store::files::FileRef;

/// The writer of the index in a directory: each of its calls takes the index's lock (one
/// writer at a time, any number of readers meanwhile) and commits all it does, or nothing.
///
/// ```
/// use chess960_explorer::{Index, IndexWriter};
///
/// let dir = tempfile::tempdir()?;
/// let pgn = dir.path().join("club.pgn");
/// std::fs::write(&pgn, "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. Ng3 Ng6 1-0\n")?;
/// let writer = IndexWriter::new(dir.path().join("index"));
/// assert_eq!(writer.add(&[pgn], &Default::default())?.counted, 1);
/// assert_eq!(Index::open(writer.dir())?.segments()?, [1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct IndexWriter {
    dir: PathBuf,
    /// How positions are stored by their games ([`Thresholds::PRODUCTION`] but in tests).
    thresholds: Thresholds,
}

impl IndexWriter {
    /// The writer of the index in `dir` (made by its first add); nothing is read or locked
    /// until a call.
    pub fn new(dir: impl Into<PathBuf>) -> IndexWriter {
        IndexWriter {
            dir: dir.into(),
            thresholds: Thresholds::PRODUCTION,
        }
    }

    /// This writer, storing positions by `thresholds`: the crate's tests' (and the fuzzers'
    /// seed segment's), whose few games want lower ones to make rows of every form.
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn with_thresholds(self, thresholds: Thresholds) -> IndexWriter {
        IndexWriter { thresholds, ..self }
    }

    /// The index's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Adds the PGN files at `paths` (plain, gzip, zstd, bzip2; `-` is standard input) to the
    /// index in `dir`, made if there is none, as a new segment: all or, on an error,
    /// nothing. Games of lichess (by their `Site`) already in the index are not counted
    /// again.
    ///
    /// # Errors
    ///
    /// A file added before (the same bytes, whatever its name) or given twice, one that
    /// cannot be read to its end, another process writing to the index, or an index that
    /// cannot be written. Nothing is added.
    pub fn add(&self, paths: &[PathBuf], progress: &Progress) -> Result<Added, IndexError> {
        add::add(
            &self.dir,
            paths,
            progress,
            AddOptions::default(),
            self.thresholds,
        )
    }

    /// [`IndexWriter::add`], run as `options` say (the threads that read the games, the memory
    /// that sorts them).
    ///
    /// # Errors
    ///
    /// As [`IndexWriter::add`]'s.
    pub fn add_with(
        &self,
        paths: &[PathBuf],
        progress: &Progress,
        options: AddOptions,
    ) -> Result<Added, IndexError> {
        add::add(&self.dir, paths, progress, options, self.thresholds)
    }

    /// Merges the segments of the index into one, as crash-safe as an add: its
    /// answers do not change, and a reader answers throughout.
    ///
    /// ```
    /// # use chess960_explorer::IndexWriter;
    /// # let dir = tempfile::tempdir()?;
    /// # let pgn = dir.path().join("a.pgn");
    /// # std::fs::write(&pgn, "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. Ng3 Ng6 1-0\n")?;
    /// let index = dir.path().join("index");
    /// IndexWriter::new(&index).add(&[pgn], &Default::default())?;
    /// let compacted = IndexWriter::new(&index).compact(&Default::default())?;
    /// assert_eq!(compacted.segments, 1); // one add: nothing to merge
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// No index there, another process writing to it, or one that cannot be read or
    /// written. Nothing is changed.
    pub fn compact(&self, progress: &Progress) -> Result<Compacted, IndexError> {
        compact::compact(&self.dir, progress, self.thresholds)
    }

    /// Takes the games of the file `file` names out of the index, all of them or,
    /// on an error, none: each segment that holds some is written again without them, and
    /// one commit names the new segments and no longer the file. A server reading the index
    /// answers from the state before until that commit, then from the new one; an index
    /// whose removal was killed is as it was. The same file added again counts its games
    /// again (the index then answers as before the removal).
    ///
    /// ```
    /// use chess960_explorer::{Index, IndexWriter};
    ///
    /// let dir = tempfile::tempdir()?;
    /// let index = dir.path().join("index");
    /// for (name, moves) in [("a.pgn", "1. Ng3 Ng6"), ("b.pgn", "1. g3 g6")] {
    ///     let pgn = dir.path().join(name);
    ///     std::fs::write(&pgn, format!("[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n{moves} 1-0\n"))?;
    ///     IndexWriter::new(&index).add(&[pgn], &Default::default())?;
    /// }
    /// let removed = IndexWriter::new(&index).remove(&"a.pgn".parse()?, &Default::default())?;
    /// assert_eq!((removed.file.number, removed.games), (1, 1));
    /// let files = Index::open(&index)?.files()?;
    /// assert_eq!(files.iter().map(|file| file.number).collect::<Vec<_>>(), [2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// No index there, no file or several files named so ([`IndexError::NoSuchFile`],
    /// [`IndexError::AmbiguousFile`]), another process writing to it, or one that cannot be
    /// read or written. Nothing is changed.
    pub fn remove(&self, file: &FileRef, progress: &Progress) -> Result<Removed, IndexError> {
        remove::remove(&self.dir, file, progress, self.thresholds)
    }

    /// Adds `evals` (each a position's FEN or EPD and its evaluation) to the index,
    /// in one transaction; how many were added. A position evaluated before keeps the one
    /// added last.
    ///
    /// # Errors
    ///
    /// No index there; a FEN that is not a position; without `mix`, an evaluation of an
    /// engine, limit or thread count that the index holds none of while it holds others (or
    /// that this add brought others of); an index that cannot be written. Nothing is added
    /// then.
    pub fn add_evals(
        &self,
        evals: impl IntoIterator<Item = (String, CloudEval)>,
        mix: bool,
    ) -> Result<usize, IndexError> {
        evals::add_evals(&self.dir, evals, mix)
    }
}
