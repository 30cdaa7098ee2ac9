//! PGN files → an index (`Index::add`): each file's content checked
//! against those added before, then every game read, walked and counted in one transaction,
//! so that an add killed at any moment leaves the index as it was.

use std::path::{Path, PathBuf};

use redb::{Database, ReadableTable, ReadableTableMetadata, WriteTransaction};

use crate::answer::query::MAX_GAMES;
use crate::build::repack::repack;
use crate::build::walker::{NotCounted, Walker};
use crate::build::writer::{VISITS_PER_BATCH, Writer};
use crate::error::{Fault, IndexError, StoreError};
use crate::store::files::{FileAdded, sha256_of};
use crate::store::{CONTENTS, FILES, GAMES, file, open_to_add};
use chess960_pgn::Options;
use chess960_pgn::PartStart;
use chess960_pgn::Progress;
use chess960_pgn::read_files;
use chess960_pgn::tree::PLIES;

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
    /// Games not counted because their lichess id was in the index already (or earlier in
    /// the same add).
    pub already_indexed: u64,
    /// Games not counted for another reason.
    pub not_counted: NotCounted,
    /// Whether the add rewrote the index's tables in key order (it held a quarter of the
    /// index's games or more: the first add, and those of an index still small).
    pub repacked: bool,
    /// Whether the file was then compacted, the old tables' pages given back: not when the
    /// add did not rewrite them (the pages an add frees are reused by the next), nor when
    /// another process was reading the index at that moment.
    pub compacted: bool,
    /// The batches its games were settled in.
    pub(crate) batches: u64,
}

/// How an add runs ([`Index::add_with`](crate::Index::add_with)); `Index::add` runs with the
/// default.
///
/// ```
/// let options = chess960_explorer::AddOptions::default().threads(2);
/// assert_eq!(options.threads, 2);
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct AddOptions {
    /// The threads that read the games (0: one per core).
    pub threads: usize,
    /// The visits a batch holds before it is settled.
    pub(crate) visits_per_batch: usize,
}

impl Default for AddOptions {
    fn default() -> AddOptions {
        AddOptions {
            threads: 0,
            visits_per_batch: VISITS_PER_BATCH,
        }
    }
}

impl AddOptions {
    /// The games read on `threads` threads (0: one per core). The index is the same whatever
    /// the number.
    pub const fn threads(self, threads: usize) -> AddOptions {
        AddOptions { threads, ..self }
    }
}

/// Standard input's copy, removed when the add ends.
struct Spool(PathBuf);

impl Drop for Spool {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The memory redb may use for its cache while adding.
const CACHE: usize = 256 << 20;

/// A file of the add, new to the index.
struct NewFile {
    /// Its number in the index.
    number: u32,
    /// Its path as given.
    given: PathBuf,
    sha256: [u8; 32],
}

/// Adds `given` to the index in `dir` (made if there is none); `-` is standard input, copied
/// into the index's directory first (its bytes must be hashed before they are read).
pub(crate) fn add(
    dir: &Path,
    given: &[PathBuf],
    progress: &Progress,
    options: AddOptions,
) -> Result<Added, IndexError> {
    let mut db = open_to_add(dir, CACHE)?;
    remove_stale_spools(dir);
    let stdin = Spool(dir.join(format!(".stdin-{}.pgn", std::process::id())));
    let paths = spool_stdin(&stdin, given)?;
    let path = file(dir);
    let mut added = write(&db, &paths, given, progress, options).map_err(|f| f.at(&path))?;
    if added.repacked {
        added.compacted = compact(&mut db).map_err(|err| IndexError::store(&path, err))?;
    }
    Ok(added)
}

/// Removes the copies of standard input that adds killed before they ended left in `dir`:
/// this add holds the index, so no other is reading one.
fn remove_stale_spools(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(".stdin-") && name.ends_with(".pgn") {
            // One that cannot be removed is left for the next add: nothing reads it.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// `given`, standard input (`-`) copied to `stdin`'s file and read from there.
fn spool_stdin(stdin: &Spool, given: &[PathBuf]) -> Result<Vec<PathBuf>, IndexError> {
    let mut paths = given.to_vec();
    for path in &mut paths {
        if path.as_os_str() == "-" {
            let io = |error| IndexError::Io {
                path: PathBuf::from("-"),
                error,
            };
            let mut file = std::fs::File::create(&stdin.0).map_err(io)?;
            std::io::copy(&mut std::io::stdin().lock(), &mut file).map_err(io)?;
            path.clone_from(&stdin.0);
        }
    }
    Ok(paths)
}

/// The add's one transaction: the files checked, their games read and settled, the files
/// recorded, the tables repacked when the add is large, then the commit.
fn write(
    db: &Database,
    paths: &[PathBuf],
    given: &[PathBuf],
    progress: &Progress,
    options: AddOptions,
) -> Result<Added, Fault> {
    let txn = db.begin_write()?;
    let files = new_files(&txn, paths, given)?;
    let (mut added, per_file) = read_games(&txn, paths, &files, progress, options)?;
    added.files = record_files(&txn, &files, per_file)?;
    added.repacked = repack_if_large(&txn, added.counted)?;
    txn.commit()?;
    Ok(added)
}

/// The files of `paths` (as `given`), numbered after those the index lists: each refused if
/// its content was added before or is given twice.
fn new_files(
    txn: &WriteTransaction,
    paths: &[PathBuf],
    given: &[PathBuf],
) -> Result<Vec<NewFile>, Fault> {
    let contents = txn.open_table(CONTENTS)?;
    let listed = txn.open_table(FILES)?;
    let first = listed.last()?.map_or(1, |(n, _)| n.value() + 1);
    let mut files: Vec<NewFile> = Vec::new();
    for ((number, path), given) in (first..).zip(paths).zip(given) {
        let sha256 = sha256_of(path).map_err(|error| IndexError::Io {
            path: given.clone(),
            error,
        })?;
        if let Some(added) = contents.get(sha256)? {
            let added = added.value();
            let added_as = listed
                .get(added)?
                .and_then(|bytes| FileAdded::read(added, bytes.value()))
                .map_or_else(|| format!("file {added}"), |file| file.name);
            let file = given.clone();
            return Err(IndexError::AlreadyAdded { file, added_as }.into());
        }
        if let Some(first) = files.iter().find(|file| file.sha256 == sha256) {
            let first = first.given.clone();
            return Err(IndexError::GivenTwice {
                file: given.clone(),
                first,
            }
            .into());
        }
        let given = given.clone();
        files.push(NewFile {
            number,
            given,
            sha256,
        });
    }
    Ok(files)
}

/// Reads every game of `paths` (the add's `files`), walks and counts it into `txn`, its
/// last batch settled: what the add read and counted, and the games counted of each file.
fn read_games(
    txn: &WriteTransaction,
    paths: &[PathBuf],
    files: &[NewFile],
    progress: &Progress,
    options: AddOptions,
) -> Result<(Added, Vec<u64>), Fault> {
    let numbers: Vec<u32> = files.iter().map(|file| file.number).collect();
    let mut writer = Writer::new(txn, &numbers, MAX_GAMES, options.visits_per_batch)?;
    let read_options = Options::default()
        .moves(true)
        .max_plies(PLIES)
        .details(true)
        .threads(options.threads);
    let mut added = Added::default();
    let mut failed = None;
    // Each part's games are counted in input order, on this thread, as its part is read.
    let count = |_: PartStart, walker: Walker| {
        added.read += walker.read;
        let n = walker.not_counted;
        added.not_counted.no_start += n.no_start;
        added.not_counted.unfinished += n.unfinished;
        added.not_counted.illegal += n.illegal;
        for walked in walker.walked {
            if let Err(fault) = writer.game(walked) {
                failed = Some(fault);
                return Err(std::io::Error::other("the index's writer stopped"));
            }
        }
        Ok(())
    };
    let read = read_files(paths, &read_options, progress, Walker::new, count);
    if let Some(fault) = failed {
        return Err(fault);
    }
    if let Some(err) = read.map_err(Fault::Io)?.into_iter().next() {
        let file = paths.iter().position(|path| *path == err.path);
        let path = file
            .and_then(|i| files.get(i))
            .map_or(err.path.clone(), |new| new.given.clone());
        return Err(IndexError::Io {
            path,
            error: std::io::Error::other(err.to_string()),
        }
        .into());
    }
    writer.settle()?;
    added.counted = writer.written.counted;
    added.already_indexed = writer.written.already_indexed;
    added.batches = writer.written.batches;
    Ok((added, writer.per_file))
}

/// Lists `files` in the index, each with the games counted of it (`per_file`, in order), and
/// keeps their contents' hashes: what the index now lists of them.
fn record_files(
    txn: &WriteTransaction,
    files: &[NewFile],
    per_file: Vec<u64>,
) -> Result<Vec<FileAdded>, Fault> {
    let mut contents = txn.open_table(CONTENTS)?;
    let mut listed = txn.open_table(FILES)?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let mut recorded = Vec::new();
    for (new, games) in files.iter().zip(per_file) {
        let file = FileAdded {
            number: new.number,
            name: new.given.to_string_lossy().into_owned(),
            sha256: new.sha256,
            added: now,
            games,
        };
        let mut bytes = Vec::new();
        file.write(&mut bytes);
        listed.insert(new.number, bytes.as_slice())?;
        contents.insert(new.sha256, new.number)?;
        recorded.push(file);
    }
    Ok(recorded)
}

/// Whether an add that counted `counted` games rewrote the tables in key order: one of a
/// quarter of the index's games or more (the first, and those of an index still small) does;
/// a month added to a large index leaves them.
fn repack_if_large(txn: &WriteTransaction, counted: u64) -> Result<bool, Fault> {
    let games = txn.open_table(GAMES)?.len()?;
    let large = counted.saturating_mul(4) >= games;
    if large {
        repack(txn)?;
    }
    Ok(large)
}

/// Compacts `db` after an add that repacked it: whether it was, or another process was
/// reading it. A reader (a server) blocks the compaction for as long as its read lasts, and
/// its next read waits for the compaction (about a second a 300 MB file).
fn compact(db: &mut Database) -> Result<bool, StoreError> {
    loop {
        match db.compact() {
            Ok(true) => {}
            Ok(false) => return Ok(true),
            Err(redb::CompactionError::TransactionInProgress) => return Ok(false),
            Err(err) => return Err(err.into()),
        }
    }
}
