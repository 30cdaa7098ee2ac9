//! The child: an index's data loaded into a fresh redb file or fjall keyspace; what a
//! store holds when reopened.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use fjall::{KeyspaceCreateOptions, PersistMode};
use redb::{Builder, ConcurrencyMode, ReadableDatabase, ReadableTableMetadata};

use crate::Error;
use crate::data::{
    CONTENTS, FILES, GAMES, LICHESS_IDS, NAMES, NODES, array, batches, dir_bytes, read_source,
};

/// The cache of a store while loading (an add's) and while reading (a reader's).
pub const LOAD_CACHE: usize = 256 << 20;
pub const READ_CACHE: usize = 64 << 20;

pub fn redb_writer(path: &Path, cache: usize) -> Result<redb::Database, Error> {
    Ok(Builder::new()
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .set_cache_size(cache)
        .create(path)?)
}

pub fn fjall_open(
    path: &Path,
    cache: usize,
) -> Result<(fjall::Database, Vec<fjall::Keyspace>), Error> {
    let db = fjall::Database::builder(path)
        .cache_size(cache as u64)
        .open()?;
    let keyspaces = NAMES
        .iter()
        .map(|name| db.keyspace(name, KeyspaceCreateOptions::default))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((db, keyspaces))
}

/// The child: loads `source`'s data into a fresh `store` at `out`, saying on stdout when it
/// starts, each commit (keys committed so far), when it is done and the bytes on disk.
pub fn load(store: &str, mode: &str, source: &Path, out: &Path) -> Result<(), Error> {
    let data = read_source(source)?;
    let batches = batches(&data, mode);
    let mut stdout = std::io::stdout();
    let mut ends = Vec::new();
    for batch in &batches {
        ends.push(ends.last().copied().unwrap_or(0) + batch.len());
    }
    let ends: Vec<String> = ends.iter().map(ToString::to_string).collect();
    writeln!(stdout, "start {} {}", batches.len(), ends.join(","))?;
    stdout.flush()?;
    let start = Instant::now();
    let mut committed = 0usize;
    let t = &data.tables;
    match store {
        "redb" => {
            let db = redb_writer(out, LOAD_CACHE)?;
            for batch in &batches {
                let txn = db.begin_write()?;
                {
                    let mut nodes = txn.open_table(NODES)?;
                    let mut games = txn.open_table(GAMES)?;
                    let mut ids = txn.open_table(LICHESS_IDS)?;
                    let mut files = txn.open_table(FILES)?;
                    let mut contents = txn.open_table(CONTENTS)?;
                    for &(table, row) in batch {
                        let (k, v) = &t[table][row];
                        match table {
                            0 => drop(nodes.insert(array::<14>(k), v.as_slice())?),
                            1 => drop(games.insert(u64::from_be_bytes(array(k)), v.as_slice())?),
                            2 => drop(ids.insert(array::<8>(k), ())?),
                            3 => drop(files.insert(u32::from_be_bytes(array(k)), v.as_slice())?),
                            _ => drop(
                                contents.insert(array::<32>(k), u32::from_be_bytes(array(v)))?,
                            ),
                        }
                    }
                }
                txn.commit()?;
                committed += batch.len();
                writeln!(stdout, "committed {committed}")?;
                stdout.flush()?;
            }
            writeln!(stdout, "loaded {:.3}", start.elapsed().as_secs_f64())?;
            drop(db);
            writeln!(stdout, "size {}", dir_bytes(out))?;
        }
        _ => {
            let (db, keyspaces) = fjall_open(out, LOAD_CACHE)?;
            for batch in &batches {
                let mut b = db.batch().durability(Some(PersistMode::SyncAll));
                for &(table, row) in batch {
                    let (k, v) = &t[table][row];
                    b.insert(&keyspaces[table], k.as_slice(), v.as_slice());
                }
                b.commit()?;
                committed += batch.len();
                writeln!(stdout, "committed {committed}")?;
                stdout.flush()?;
            }
            writeln!(stdout, "loaded {:.3}", start.elapsed().as_secs_f64())?;
            writeln!(stdout, "size {}", dir_bytes(out))?;
            stdout.flush()?;
            // Settled: every memtable flushed, then no flush or compaction for 2 s.
            for keyspace in &keyspaces {
                keyspace.rotate_memtable_and_wait()?;
            }
            let mut quiet = 0;
            while quiet < 4 {
                std::thread::sleep(Duration::from_millis(500));
                let busy = db.active_compactions() + db.outstanding_flushes();
                quiet = if busy == 0 { quiet + 1 } else { 0 };
            }
            let tables: usize = keyspaces.iter().map(|k| k.table_count()).sum();
            writeln!(
                stdout,
                "settled {:.3} {} {tables}",
                start.elapsed().as_secs_f64(),
                dir_bytes(out)
            )?;
            drop(keyspaces);
            drop(db);
        }
    }
    writeln!(stdout, "done")?;
    Ok(())
}

/// Keys in every table of the store at `path`, opened as a writer would after a crash.
pub fn count(store: &str, path: &Path) -> Result<usize, Error> {
    match store {
        "redb" => {
            let db = redb_writer(path, READ_CACHE)?;
            let txn = db.begin_read()?;
            let mut n = 0;
            macro_rules! len {
                ($table:expr) => {
                    match txn.open_table($table) {
                        Ok(table) => n += table.len()? as usize,
                        Err(redb::TableError::TableDoesNotExist(_)) => {}
                        Err(err) => return Err(err.into()),
                    }
                };
            }
            len!(NODES);
            len!(GAMES);
            len!(LICHESS_IDS);
            len!(FILES);
            len!(CONTENTS);
            Ok(n)
        }
        _ => {
            let (_db, keyspaces) = fjall_open(path, READ_CACHE)?;
            let mut n = 0;
            for k in &keyspaces {
                n += k.len()?;
            }
            Ok(n)
        }
    }
}
