//! PGN files → an index ([`Index::add`](super::Index::add)): each file's content checked
//! against those added before, then every game read, walked and counted in one transaction,
//! so that an add killed at any moment leaves the index as it was.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;

use redb::ReadableTable;

use crate::answer::query::MAX_GAMES;
use crate::build::walker::{Message, NotCounted, Walker};
use crate::build::writer::Writer;
use crate::error::IndexError;
use crate::store::files::{FileAdded, sha256_of};
use crate::store::{CONTENTS, FILES, GAMES, file, open_to_add};
use chess960_pgn::Options;
use chess960_pgn::PartStart;
use chess960_pgn::Progress;
use chess960_pgn::read_files_while;
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

/// Adds `paths` to the index in `dir` (made if there is none); `-` is standard input, copied
/// into the index's directory first (its bytes must be hashed before they are read).
pub(crate) fn add(dir: &Path, given: &[PathBuf], progress: &Progress) -> Result<Added, IndexError> {
    let mut db = open_to_add(dir, CACHE)?;
    let stdin = Spool(dir.join(format!(".stdin-{}.pgn", std::process::id())));
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
    let paths = &paths[..];
    let path = file(dir);
    let error = |err: redb::Error| IndexError::store(&path, err);
    let txn = db.begin_write().map_err(|e| error(e.into()))?;
    let mut hashes = Vec::new();
    let mut files = Vec::new();
    {
        let contents = txn.open_table(CONTENTS).map_err(|e| error(e.into()))?;
        let listed = txn.open_table(FILES).map_err(|e| error(e.into()))?;
        let first = listed
            .last()
            .map_err(|e| error(e.into()))?
            .map_or(1, |(n, _)| n.value() + 1);
        for ((next, path), given) in (first..).zip(paths).zip(given) {
            let sha256 = sha256_of(path).map_err(|err| IndexError::Io {
                path: given.clone(),
                error: err,
            })?;
            if let Some(number) = contents.get(sha256).map_err(|e| error(e.into()))? {
                let added_as = listed
                    .get(number.value())
                    .map_err(|e| error(e.into()))?
                    .and_then(|bytes| FileAdded::read(number.value(), bytes.value()))
                    .map_or_else(|| format!("file {}", number.value()), |file| file.name);
                return Err(IndexError::AlreadyAdded {
                    file: given.clone(),
                    added_as,
                });
            }
            if let Some((first, _)) = hashes.iter().find(|(_, hash)| *hash == sha256) {
                return Err(IndexError::GivenTwice {
                    file: given.clone(),
                    first: PathBuf::clone(first),
                });
            }
            hashes.push((given.clone(), sha256));
            files.push((next, given.clone()));
        }
    }
    let options = Options::default()
        .moves(true)
        .max_plies(PLIES)
        .details(true);
    let (send, receive) = sync_channel::<Message>(4096);
    let mut writer = Writer::new(&txn, &files, MAX_GAMES).map_err(|fault| fault.at(&path))?;
    let mut failed = None;
    // The parts begun, and the files whose last part has begun: once every file's has, and
    // as many parts have ended, the writer has every game.
    let (parts, lasts) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let new = |part: PartStart| {
        parts.fetch_add(1, Ordering::SeqCst);
        if part.last {
            lasts.fetch_add(1, Ordering::SeqCst);
        }
        Walker::new(part, send.clone())
    };
    let read = read_files_while(paths, &options, progress, new, || {
        let mut ended = 0;
        for message in &receive {
            match message {
                Message::Game(game) => {
                    if let Err(err) = writer.game(*game) {
                        failed = Some(err.at(&path));
                        progress.stop();
                        break;
                    }
                }
                Message::Done => {
                    ended += 1;
                    let all = lasts.load(Ordering::SeqCst) == paths.len();
                    if all && ended == parts.load(Ordering::SeqCst) {
                        break;
                    }
                }
            }
        }
        // The readers stop at their next game if the writer has.
        drop(receive);
        Ok(())
    })
    .map_err(|err| IndexError::Io {
        path: path.clone(),
        error: err,
    })?;
    if let Some(err) = failed {
        return Err(err);
    }
    let mut added = Added::default();
    for (file, (given, _)) in read.iter().zip(&hashes) {
        if let Some(err) = &file.error {
            return Err(IndexError::Io {
                path: given.clone(),
                error: std::io::Error::other(err.to_string()),
            });
        }
        for part in &file.parts {
            added.read += part.sink.read;
            let n = part.sink.not_counted;
            added.not_counted.no_start += n.no_start;
            added.not_counted.unfinished += n.unfinished;
            added.not_counted.illegal += n.illegal;
        }
    }
    writer.settle().map_err(|fault| fault.at(&path))?;
    added.counted = writer.written.counted;
    added.already_indexed = writer.written.already_indexed;
    let per_file = writer.per_file.clone();
    drop(writer);
    {
        let mut contents = txn.open_table(CONTENTS).map_err(|e| error(e.into()))?;
        let mut listed = txn.open_table(FILES).map_err(|e| error(e.into()))?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        for (((number, given), (_, sha256)), games) in files.iter().zip(&hashes).zip(per_file) {
            let file = FileAdded {
                number: *number,
                name: given.to_string_lossy().into_owned(),
                sha256: *sha256,
                added: now,
                games,
            };
            let mut bytes = Vec::new();
            file.write(&mut bytes);
            listed
                .insert(number, bytes.as_slice())
                .map_err(|e| error(e.into()))?;
            contents
                .insert(sha256, number)
                .map_err(|e| error(e.into()))?;
            added.files.push(file);
        }
    }
    // An add of a quarter of the index's games or more (the first, and those of an index still
    // small) rewrites its tables in key order; a month added to a large index leaves them.
    let games = {
        use redb::ReadableTableMetadata;
        let games = txn.open_table(GAMES).map_err(|e| error(e.into()))?;
        games.len().map_err(|e| error(e.into()))?
    };
    added.repacked = added.counted.saturating_mul(4) >= games;
    if added.repacked {
        crate::build::repack::repack(&txn).map_err(error)?;
    }
    txn.commit().map_err(|e| error(e.into()))?;
    if !added.repacked {
        return Ok(added);
    }
    // A reader (a server) blocks the compaction for as long as its read lasts, and its next
    // read waits for the compaction (about a second a 300 MB file).
    added.compacted = loop {
        match db.compact() {
            Ok(true) => {}
            Ok(false) => break true,
            Err(redb::CompactionError::TransactionInProgress) => break false,
            Err(err) => return Err(error(err.into())),
        }
    };
    Ok(added)
}
