//! The one thread that writes an add ([`Writer`]): each game walked is counted once (a
//! lichess id already in the index is not counted again), its record stored, its positions'
//! entries gathered in memory and merged into the store's when they fill their budget, all
//! in the add's one transaction.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use redb::{ReadableTable, Table, WriteTransaction};

use super::bucket::Bucket;
use super::entry::{Entry, Played};
use super::error::IndexError;
use super::games::number;
use super::key::{NodeKey, month_number, node};
use super::store::{GAMES, LICHESS_IDS, NODES, store_error};
use super::walker::Walked;

/// How many visits are gathered before they are merged into the store: about 150 MiB of
/// entries at most.
const VISITS_PER_MERGE: usize = 600_000;

/// What an add's writer did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Written {
    /// Games counted.
    pub(crate) counted: u64,
    /// Games not counted: their lichess id was in the index already, or earlier in the add.
    pub(crate) already_indexed: u64,
    /// Times the entries gathered were merged into the store's.
    pub(crate) merges: u64,
}

/// Counts the games of one add into its transaction.
pub(crate) struct Writer<'t> {
    nodes: Table<'t, NodeKey, &'static [u8]>,
    games: Table<'t, u64, &'static [u8]>,
    ids: Table<'t, &'static str, u64>,
    path: &'t Path,
    /// Each file's number in the index and its path, by its place in the add.
    files: &'t [(u32, PathBuf)],
    /// Top and recent games kept a bucket.
    kept: usize,
    gathered: HashMap<NodeKey, Entry>,
    visits: usize,
    seen: HashSet<String>,
    pub(crate) written: Written,
    /// Games counted, by the file's place in the add.
    pub(crate) per_file: Vec<u64>,
}

impl<'t> Writer<'t> {
    pub(crate) fn new(
        txn: &'t WriteTransaction,
        path: &'t Path,
        files: &'t [(u32, PathBuf)],
        kept: usize,
    ) -> Result<Writer<'t>, IndexError> {
        let error = |err: redb::TableError| store_error(path, err);
        Ok(Writer {
            nodes: txn.open_table(NODES).map_err(error)?,
            games: txn.open_table(GAMES).map_err(error)?,
            ids: txn.open_table(LICHESS_IDS).map_err(error)?,
            path,
            files,
            kept,
            gathered: HashMap::new(),
            visits: 0,
            seen: HashSet::new(),
            written: Written::default(),
            per_file: vec![0; files.len()],
        })
    }

    /// Counts `game`, unless its lichess id is counted already.
    pub(crate) fn game(&mut self, game: Walked) -> Result<(), IndexError> {
        let path = self.path;
        let error = |err: redb::StorageError| store_error(path, err);
        let Some((file_number, _)) = self.files.get(game.file) else {
            return Ok(());
        };
        let number = number(*file_number, game.number);
        if game.record.lichess {
            let id = game.record.id.as_str();
            let known = self.ids.get(id).map_err(error)?.is_some();
            if known || !self.seen.insert(game.record.id.clone()) {
                self.written.already_indexed += 1;
                return Ok(());
            }
            self.ids.insert(id, number).map_err(error)?;
        }
        self.written.counted += 1;
        if let Some(count) = self.per_file.get_mut(game.file) {
            *count += 1;
        }
        let mut bytes = Vec::with_capacity(64);
        game.record.write(&mut bytes);
        self.games.insert(number, bytes.as_slice()).map_err(error)?;
        let record = &game.record;
        let bucket = Bucket::of(record.speed, record.elo);
        let month = month_number(record.month);
        let rating = match record.elo {
            [Some(white), Some(black)] => {
                u32::try_from((u64::from(white) + u64::from(black)) / 2).ok()
            }
            _ => None,
        };
        for (position, mv, white) in game.visits {
            let played = Played {
                mv,
                bucket,
                outcome: record.outcome,
                mover_elo: if white { record.elo[0] } else { record.elo[1] },
                rating,
                game: number,
            };
            self.gathered
                .entry(node(&position, month))
                .or_default()
                .add(played, self.kept);
            self.visits += 1;
        }
        if self.visits >= VISITS_PER_MERGE {
            self.merge()?;
        }
        Ok(())
    }

    /// Merges what is gathered into the store's entries.
    pub(crate) fn merge(&mut self) -> Result<(), IndexError> {
        let path = self.path;
        let error = |err: redb::StorageError| store_error(path, err);
        let mut gathered: Vec<(NodeKey, Entry)> = self.gathered.drain().collect();
        gathered.sort_unstable_by_key(|&(key, _)| key);
        let mut bytes = Vec::new();
        for (key, mut entry) in gathered {
            if let Some(stored) = self.nodes.get(key).map_err(error)? {
                let stored = Entry::read(stored.value()).ok_or(IndexError::Corrupt {
                    path: self.path.to_owned(),
                    what: "a node's entry",
                })?;
                let mut merged = stored;
                merged.merge(entry, self.kept);
                entry = merged;
            }
            bytes.clear();
            entry.write(&mut bytes);
            self.nodes.insert(key, bytes.as_slice()).map_err(error)?;
        }
        self.visits = 0;
        self.written.merges += 1;
        Ok(())
    }
}
