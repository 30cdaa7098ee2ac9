//! PGN files → a new segment of an index (`IndexWriter::add`): under the writer's lock, each
//! file's content checked against those added before, every game read on every core and
//! sorted in bounded memory in a temporary folder, the segment written there, moved into
//! the index and committed by a new manifest. An add killed at any moment leaves the index
//! as it was; what it left is removed by the next writer.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::build::assemble::assemble;
use crate::build::gather::gather;
use crate::build::given::{contents, new_files, none_counted};
use crate::build::merge::merge_if_cheap;
use crate::build::remove::take_out;
use crate::build::segment::Thresholds;
use crate::build::segment::sync_dir;
use crate::build::tmp::{CACHE, TmpDir};
use crate::error::IndexError;
use crate::error::NotCounted;
use crate::store::files::{FileAdded, FileRef, Sha256Reader};
use crate::store::lock::WriterLock;
use crate::store::manifest::{SegmentEntry, segment_dir};
use crate::store::state::{State, read_manifest};
use crate::store::table::BlockCache;
use chess960_pgn::{Input, Progress};

/// Standard input (`-`), or the pipe at `path`, opened.
fn open_stream(path: &Path) -> Result<Box<dyn Read + Send>, IndexError> {
    match path.as_os_str() == "-" {
        true => Ok(Box::new(std::io::stdin())),
        false => match std::fs::File::open(path) {
            Ok(file) => Ok(Box::new(file)),
            Err(error) => Err(IndexError::Unreadable {
                file: path.to_owned(),
                error,
            }),
        },
    }
}

/// What an add did.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct Added {
    /// The files added, as the index now lists them.
    pub files: Vec<FileAdded>,
    /// Games read.
    pub read: u64,
    /// Games counted.
    pub counted: u64,
    /// Games not counted because they were in the index already (or earlier in the same
    /// add): the same lichess id, or for another site's game the same tags that identify a
    /// game, result, start and moves (docs/explorer.md, "The same game").
    pub already_indexed: u64,
    /// The file replaced ([`AddOptions::replace`]) and its games taken out.
    pub replaced: Option<(FileAdded, u64)>,
    /// Games not counted for another reason.
    pub not_counted: NotCounted,
    /// The segments merged after the add (see [`IndexWriter::compact`](crate::IndexWriter::compact)):
    /// none unless merging them cost little beside the add.
    pub merged: usize,
    /// Why that merge did not happen, when it failed (interrupted, a full disk): the add is
    /// committed all the same, its segments left as they were.
    pub not_merged: Option<String>,
    /// The runs the sort of the add's positions wrote to its temporary folder (0: it held
    /// them all in memory).
    pub runs: usize,
}

/// How an add runs ([`IndexWriter::add_with`](crate::IndexWriter::add_with)); `IndexWriter::add` runs with the
/// default.
///
/// ```
/// let options = chess960_explorer::AddOptions::default().threads(2).memory(256 << 20);
/// assert_eq!((options.threads, options.memory), (2, 256 << 20));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct AddOptions {
    /// The threads that read the games (0: one per core).
    pub threads: usize,
    /// The bytes of positions sorted in memory before a sorted run is written to the
    /// add's temporary folder (the add's other memory is about 12 bytes a game of the add,
    /// and a few parts of PGN a thread).
    pub memory: usize,
    /// Whether a file whose games were read but none counted (none of a Chess960 start,
    /// none finished, all already in the index) is recorded all the same, so that its bytes
    /// are refused after; without it such a file fails the add
    /// ([`IndexError::NoneCounted`]). A file that holds no game fails it either way
    /// ([`IndexError::NoGames`]).
    pub allow_empty: bool,
    /// The number of a file of the index ([`FileAdded::number`]) the add replaces: its games
    /// are taken out, and the add's counted against the rest, in the add's one commit.
    pub replace: Option<u32>,
}

impl Default for AddOptions {
    fn default() -> AddOptions {
        AddOptions {
            threads: 0,
            memory: 512 << 20,
            allow_empty: false,
            replace: None,
        }
    }
}

impl AddOptions {
    /// The games read on `threads` threads (0: one per core). The index is the same whatever
    /// the number.
    pub const fn threads(self, threads: usize) -> AddOptions {
        AddOptions { threads, ..self }
    }

    /// Positions sorted in `bytes` of memory before they are written to disk. The index is
    /// the same whatever the number.
    pub const fn memory(self, bytes: usize) -> AddOptions {
        AddOptions {
            memory: bytes,
            ..self
        }
    }

    /// Files of games none of which is counted recorded all the same
    /// ([`AddOptions::allow_empty`]).
    ///
    /// ```
    /// let options = chess960_explorer::AddOptions::default().allow_empty(true);
    /// assert!(options.allow_empty);
    /// ```
    pub const fn allow_empty(self, allow: bool) -> AddOptions {
        AddOptions {
            allow_empty: allow,
            ..self
        }
    }

    /// The add replaces file `number` of the index ([`AddOptions::replace`]).
    ///
    /// ```
    /// let options = chess960_explorer::AddOptions::default().replace(3);
    /// assert_eq!(options.replace, Some(3));
    /// ```
    pub const fn replace(self, number: u32) -> AddOptions {
        AddOptions {
            replace: Some(number),
            ..self
        }
    }
}

/// Adds `given` to the index in `dir` (made if there is none); `-` is standard input, read
/// as it streams (hashed as it is read: the same bytes given as a file are refused after).
pub(crate) fn add(
    dir: &Path,
    given: &[PathBuf],
    progress: &Progress,
    options: AddOptions,
    thresholds: Thresholds,
) -> Result<Added, IndexError> {
    // An index of another format is refused before anything is made there.
    read_manifest(dir)?;
    let made = !dir.exists();
    std::fs::create_dir_all(dir).map_err(IndexError::io_at(dir))?;
    let added = add_to(dir, given, progress, options, thresholds).map_err(|err| match err {
        // A file given that could not be read, told as such.
        IndexError::Io { path, error } if given.contains(&path) => {
            IndexError::Unreadable { file: path, error }
        }
        err => err,
    });
    // A failed first add leaves no folder behind.
    if made && added.is_err() {
        let _ = std::fs::remove_dir_all(dir);
    }
    added
}

/// [`add`], into the folder `dir` (made).
fn add_to(
    dir: &Path,
    given: &[PathBuf],
    progress: &Progress,
    options: AddOptions,
    thresholds: Thresholds,
) -> Result<Added, IndexError> {
    let lock = WriterLock::take(dir)?;
    let manifest = read_manifest(dir)?;
    lock.remove_unused(manifest.as_ref());
    let manifest = manifest.unwrap_or_default();
    // Standard input or a pipe is read once, hashed as its games are: a second is refused
    // before anything is read.
    let mut streams = given
        .iter()
        .enumerate()
        .filter(|(_, path)| Input::read_once(path));
    let stream = streams.next().map(|(at, path)| (at, path.clone()));
    if let Some((_, second)) = streams.next() {
        let (file, first) = (
            second.clone(),
            stream.map(|(_, path)| path).unwrap_or_default(),
        );
        return Err(match file == first {
            true => IndexError::GivenTwice { file, first },
            false => IndexError::TwoStreams { file, first },
        });
    }
    let tmp = TmpDir::create(dir)?;
    let state = State::of(dir, manifest.clone(), &BlockCache::new(CACHE))?;
    // The file replaced taken out first: the add checks its files and games against the
    // rest, and one commit makes both.
    let (base, live, replaced) = match options.replace {
        Some(number) => {
            let file = FileRef::Number(number).find(dir, &manifest.files)?.clone();
            let taken = take_out(state, number, &tmp.0.join("replaced"), progress, thresholds)?;
            (taken.manifest, taken.segments, Some((file, taken.games)))
        }
        None => (manifest, state.segments, None),
    };
    // The stream hashed as it goes to the parsers; the files on a thread of their own.
    let (stream, stream_hashed) = match stream {
        Some((at, path)) => {
            let reader = Sha256Reader::new(open_stream(&path)?);
            let hashed = reader.hashed();
            (Some(reader), Some((at, path, hashed)))
        }
        None => (None, None),
    };
    let first = base.next_file.max(1);
    let numbers: Vec<u32> = (first..).take(given.len()).collect();
    // A file added before is refused once every hash is known; one told apart before its
    // games are read (not standard input's) stops the reading at once.
    let (contents, gathered) = std::thread::scope(|scope| {
        let contents = scope.spawn(|| {
            let contents = contents(given);
            let refused = contents.as_ref().map_or(true, |contents| {
                new_files(&base.files, &numbers, contents, given).is_err()
            });
            if refused {
                progress.stop();
            }
            contents
        });
        let gathered = gather(
            given,
            stream,
            &numbers,
            progress,
            options.threads,
            options.memory,
            &tmp.0,
        );
        let contents = contents.join().unwrap_or_else(|_| {
            Err(IndexError::Io {
                path: dir.to_owned(),
                error: std::io::Error::other("the thread hashing the files stopped"),
            })
        });
        (contents, gathered)
    });
    let mut contents = contents?;
    new_files(&base.files, &numbers, &contents, given)?;
    let gathered = gathered?;
    // The stream's, read to its end as its games were.
    if let Some((at, path, slot)) = stream_hashed {
        let hashed = slot.lock().ok().and_then(|slot| *slot);
        let error = std::io::Error::other("not read to its end");
        let hashed = hashed.ok_or(IndexError::Io { path, error })?;
        if let Some(content) = contents.get_mut(at) {
            *content = Some(hashed);
        }
    }
    let files = new_files(&base.files, &numbers, &contents, given)?;
    // A file of no game fails the add before its segment is written.
    if let Some(at) = gathered.files.iter().position(|file| file.ended == 0) {
        let file = given.get(at).cloned().unwrap_or_default();
        return Err(IndexError::NoGames { file });
    }
    let read_by_file = gathered.files.clone();
    let mut added = Added {
        read: gathered.read,
        not_counted: gathered.not_counted,
        runs: gathered.visits.runs(),
        replaced,
        ..Added::default()
    };
    let built = tmp.0.join("segment");
    let assembled = assemble(
        gathered,
        &live,
        base.next_game,
        &built,
        progress,
        thresholds,
    )?;
    drop(live);
    if !options.allow_empty {
        none_counted(given, &numbers, &read_by_file, &assembled.per_file)?;
    }
    added.counted = assembled.counted;
    added.already_indexed = assembled.already_indexed;
    let mut next = base.clone();
    next.generation += 1;
    next.next_file = first + given.len() as u32;
    if assembled.counted > 0 {
        let id = next.next_segment;
        let to = segment_dir(dir, id);
        std::fs::rename(&built, &to).map_err(IndexError::io_at(&to))?;
        next.segments.push(SegmentEntry {
            id,
            first_game: base.next_game,
            games: assembled.counted,
            removed: 0,
            bytes: assembled.wrote.bytes,
            files: [first, next.next_file - 1],
        });
        next.next_segment += 1;
        next.next_game += assembled.counted;
    }
    sync_dir(dir).map_err(IndexError::io_at(dir))?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    for (mut file, read) in files.into_iter().zip(&read_by_file) {
        file.added = now;
        file.games = assembled.per_file.get(&file.number).copied().unwrap_or(0);
        file.read = read.read;
        let skipped = read.not_counted.no_start + read.not_counted.unfinished;
        file.already = (read.read - file.games).saturating_sub(skipped);
        added.files.push(file.clone());
        next.files.push(file);
    }
    next.commit(dir)
        .map_err(IndexError::io_at(&dir.join("MANIFEST")))?;
    drop(tmp);
    match merge_if_cheap(dir, &lock, next, progress, thresholds) {
        Ok(merged) => added.merged = merged,
        Err(err) => added.not_merged = Some(err.to_string()),
    }
    Ok(added)
}
