//! [`Index::verify`]: every file of the state committed last read and checked, as an operator
//! checks an index (`chess960 index verify`): the manifest, each segment's tables block by
//! block (`verify_walk.rs`), its games with their facts and keys (`verify_games.rs`), its rows
//! and postings (`verify_positions.rs`), and the evaluations.

use std::collections::HashMap;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use redb::ReadableDatabase;

use crate::error::IndexError;
use crate::index::Index;
use crate::index::verified::Verified;
use crate::index::verify_games::games;
use crate::index::verify_players::players;
use crate::index::verify_positions::{postings, rows};
use crate::index::verify_walk::{Pass, damaged, open};
use crate::store::evals;
use crate::store::state::State;
use crate::store::table::{BlockCache, Table};
use crate::store::tables::{FACTS, GAMES, IDS, PLAYERS, POSTINGS, ROWS};
use chess960_pgn::Progress;

/// How often the tables are opened again when a merge removed a segment between the
/// manifest's reading and the opening of its tables.
const TRIES: usize = 8;

impl Index {
    /// Reads every file of the state committed last and checks it is as the index writes
    /// it: the manifest (its checksum; each file's games against the records of that file
    /// the segments hold); every block of every table of every segment it names, from the
    /// disk (not the cache), its checksum checked, keys of the table's length strictly
    /// increasing, as many entries as the footer, the block index and the manifest say;
    /// every value decoded (each game's record, its line replayed; its facts, the same as
    /// its record's; its key, the same as `ids.tbl` holds; each row, each game it names one
    /// the segment holds; each chunk of postings); a sample of the postings (one in 97, or
    /// in twice, four times… as many, to keep to 1,000 a segment) confirmed by replaying
    /// their games, as an answer confirms them; and each evaluation of `evals.redb`, decoded. It reads as much as the
    /// index holds, once, a block at a time. Another process may add meanwhile: the state
    /// read first is verified.
    ///
    /// ```
    /// use chess960_explorer::{Index, IndexError, IndexWriter};
    /// use chess960_pgn::Progress;
    ///
    /// let dir = tempfile::tempdir()?;
    /// let pgn = dir.path().join("games.pgn");
    /// std::fs::write(&pgn, "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. Ng3 Ng6 2. O-O 1-0\n")?;
    /// IndexWriter::new(dir.path().join("index")).add(&[pgn], &Progress::default())?;
    /// let index = Index::open(dir.path().join("index"))?;
    /// let verified = index.verify(&Progress::default())?;
    /// assert_eq!((verified.segments, verified.tables, verified.games), (1, 6, 1));
    /// assert_eq!(verified.confirmed, verified.sampled);
    ///
    /// // One byte of a block changed: the file is named.
    /// let segment = std::fs::read_dir(dir.path().join("index"))?
    ///     .filter_map(Result::ok)
    ///     .find(|entry| entry.file_name().to_string_lossy().starts_with("seg-"))
    ///     .expect("a segment")
    ///     .path();
    /// let games = segment.join("games.tbl");
    /// let mut bytes = std::fs::read(&games)?;
    /// bytes[30] ^= 0x40; // in its first block, past the 22 bytes of its header
    /// std::fs::write(&games, bytes)?;
    /// match index.verify(&Progress::default()) {
    ///     Err(IndexError::Corrupt { path, .. }) => assert_eq!(path, games),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A file not as the index writes it: [`IndexError::Corrupt`], its `path` the file
    /// itself (a segment's table, `MANIFEST`, `evals.redb`) and its source what is wrong
    /// (which block, which entry, which game); a file that cannot be read
    /// ([`IndexError::Io`]); [`IndexError::Interrupted`] once `progress` is stopped.
    pub fn verify(&self, progress: &Progress) -> Result<Verified, IndexError> {
        self.verify_with(progress, |_| {})
    }

    /// [`Index::verify`], telling `seen` the counts so far after each block read (its
    /// [`Verified::bytes`] grow to the sum of [`Index::bytes`]), for a bar.
    ///
    /// # Errors
    ///
    /// As [`Index::verify`]'s.
    pub fn verify_with(
        &self,
        progress: &Progress,
        mut seen: impl FnMut(&Verified),
    ) -> Result<Verified, IndexError> {
        let dir = self.dir();
        let (state, tables) = opened(dir)?;
        let manifest = dir.join("MANIFEST");
        let mut pass = Pass::new(dir, progress, &mut seen);
        let mut files: HashMap<u32, u64> = HashMap::new();
        for (segment, tables) in state.segments.iter().zip(&tables) {
            pass.go_on()?;
            let on_disk: u64 = tables.iter().map(|(_, table)| table.bytes()).sum();
            if on_disk != segment.entry.bytes {
                let why = format!(
                    "segment {} is of {} bytes, its tables of {on_disk}",
                    segment.entry.id, segment.entry.bytes
                );
                return Err(damaged(&manifest, "a segment's bytes", why));
            }
            let [
                games_table,
                ids,
                rows_table,
                postings_table,
                facts,
                players_table,
            ] = tables;
            let (present, expected, starts) = games(
                &mut pass,
                &segment.entry,
                [games_table, facts, ids],
                &mut files,
            )?;
            let held = (&present, &starts[..], segment.entry.first_game);
            players(&mut pass, players_table, held, expected)?;
            rows(&mut pass, rows_table, segment, &present)?;
            postings(&mut pass, postings_table, segment, &present)?;
            pass.verified.segments += 1;
        }
        for file in &state.manifest.files {
            let held = files.remove(&file.number).unwrap_or(0);
            if held != file.games {
                let why = format!(
                    "file {} ({}) brought {} games, its segments hold {held}",
                    file.number, file.name, file.games
                );
                return Err(damaged(&manifest, "a file's games", why));
            }
        }
        if let Some((number, held)) = files.into_iter().min() {
            let why = format!("the segments hold {held} games of file {number}, not listed");
            return Err(damaged(&manifest, "the files", why));
        }
        pass.verified.evals = self.verify_evals()?;
        Ok(pass.verified)
    }

    /// Every evaluation read and decoded: how many (0 without `evals.redb`).
    fn verify_evals(&self) -> Result<u64, IndexError> {
        let Some(db) = self.evals_db()? else {
            return Ok(0);
        };
        let read = || -> Result<u64, crate::error::Fault> {
            let txn = db.begin_read()?;
            match evals::open(&txn)? {
                Some(table) => evals::count(&table),
                None => Ok(0),
            }
        };
        read().map_err(|fault| fault.at(&crate::store::evals_file(self.dir())))
    }
}

/// A segment's tables, in the order `games`, `ids`, `rows`, `postings`, `facts`, `players`.
type Tables = [(PathBuf, Table); 6];

/// The state committed last, and each of its segments' tables opened again to be read
/// from the disk: a table's blocks kept in no cache.
fn opened(dir: &Path) -> Result<(State, Vec<Tables>), IndexError> {
    let cache = BlockCache::new(0);
    let mut tries = 0;
    loop {
        let state = State::open(dir, &cache, None)?.ok_or_else(|| IndexError::NotAnIndex {
            dir: dir.to_owned(),
        })?;
        let tables: Result<Vec<Tables>, IndexError> = state
            .segments
            .iter()
            .map(|segment| {
                let table = |spec| open(&segment.dir, spec, &cache);
                Ok([
                    table(GAMES)?,
                    table(IDS)?,
                    table(ROWS)?,
                    table(POSTINGS)?,
                    table(FACTS)?,
                    table(PLAYERS)?,
                ])
            })
            .collect();
        match tables {
            Ok(tables) => return Ok((state, tables)),
            Err(IndexError::Io { error, .. })
                if error.kind() == ErrorKind::NotFound && tries < TRIES =>
            {
                tries += 1;
            }
            Err(err) => return Err(err),
        }
    }
}
