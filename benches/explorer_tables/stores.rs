//! The three tables measured, behind one face: each built from the same entries, opened,
//! looked up in and read whole.
//!
//! - `ours`: the explorer's table (`chess960_explorer::fuzzing`, the crate's own
//!   `TableWriter` and `Table`): 16 KiB blocks, zstd level 3, a CRC32 per block;
//! - `tantivy`: tantivy-sstable 0.27 (`Dictionary`, its `Writer`), values as bytes
//!   ([`BytesSSTable`]), zstd level 3, its block length set so that a block holds about
//!   16 KiB of keys and values (it counts the keys' bytes alone); read through its `WrapFile`
//!   (a read at a position for each block, as ours);
//! - `lsm`: lsm-tree 3 (fjall's), a tree of one run written by its bulk `ingestion`, 16 KiB
//!   blocks, LZ4 (its only compression), its default bloom filter, an XXH3 checksum per block.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chess960_explorer::fuzzing::{Table, write_table};
use lsm_tree::config::{BlockSizePolicy, CompressionPolicy};
use lsm_tree::{
    AbstractTree, AnyTree, Cache, CompressionType, Config, SeqNo, SequenceNumberCounter,
};
use tantivy_common::file_slice::{FileSlice, WrapFile};
use tantivy_sstable::Dictionary;

use crate::Error;
use crate::bytes_sstable::BytesSSTable;
use crate::data::Data;

pub const BLOCK: usize = 16 << 10;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Ours,
    Tantivy,
    Lsm,
}

pub const KINDS: [Kind; 3] = [Kind::Ours, Kind::Tantivy, Kind::Lsm];

pub enum Opened {
    Ours(Table),
    Tantivy(Dictionary<BytesSSTable>),
    Lsm(AnyTree),
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Ours => "explorer table",
            Kind::Tantivy => "tantivy-sstable",
            Kind::Lsm => "lsm-tree",
        }
    }

    pub fn arg(self) -> &'static str {
        match self {
            Kind::Ours => "ours",
            Kind::Tantivy => "tantivy",
            Kind::Lsm => "lsm",
        }
    }

    pub fn parse(arg: &str) -> Option<Kind> {
        KINDS.into_iter().find(|kind| kind.arg() == arg)
    }

    /// Its file (a folder for lsm-tree) in `work`.
    pub fn path(self, work: &Path) -> PathBuf {
        work.join(match self {
            Kind::Ours => "ours.tbl",
            Kind::Tantivy => "tantivy.sst",
            Kind::Lsm => "lsm",
        })
    }

    /// Writes `data` at `path` (replacing what was there) and syncs it.
    pub fn build(self, path: &Path, data: &Data) -> Result<(), Error> {
        let _ = fs::remove_file(path);
        let _ = fs::remove_dir_all(path);
        match self {
            Kind::Ours => {
                write_table(path, *b"ROWS", 14, true, BLOCK, data.iter())?;
            }
            Kind::Tantivy => {
                let file = fs::File::create(path)?;
                let mut writer = Dictionary::<BytesSSTable>::builder(file)?;
                writer.set_block_len(tantivy_block_len(data));
                let mut value = Vec::new();
                for (key, bytes) in data.iter() {
                    value.clear();
                    value.extend_from_slice(bytes);
                    writer.insert(key, &value)?;
                }
                writer.finish()?.sync_all()?;
            }
            Kind::Lsm => {
                let tree = lsm_config(path, 16 << 20).open()?;
                let mut ingestion = tree.ingestion()?;
                for (key, value) in data.iter() {
                    ingestion.write(key, value)?;
                }
                ingestion.finish()?;
            }
        }
        Ok(())
    }

    /// Its files: the table's, or lsm-tree's tables (not its version files).
    pub fn files(self, path: &Path) -> Vec<PathBuf> {
        match self {
            Kind::Lsm => {
                let mut files: Vec<PathBuf> = fs::read_dir(path.join("tables"))
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|entry| entry.path())
                    .collect();
                files.sort();
                files
            }
            _ => vec![path.to_path_buf()],
        }
    }

    /// Bytes on disk: every file it wrote.
    pub fn bytes(self, path: &Path) -> u64 {
        fn walk(path: &Path) -> u64 {
            match fs::metadata(path) {
                Ok(meta) if meta.is_dir() => fs::read_dir(path)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|entry| walk(&entry.path()))
                    .sum(),
                Ok(meta) => meta.len(),
                Err(_) => 0,
            }
        }
        walk(path)
    }

    /// Opens it, keeping up to `cache` bytes of blocks (tantivy-sstable keeps none).
    pub fn open(self, path: &Path, cache: usize) -> Result<Opened, Error> {
        Ok(match self {
            Kind::Ours => Opened::Ours(Table::open(path, *b"ROWS", 14, cache, true)?),
            Kind::Tantivy => {
                let file = WrapFile::new(fs::File::open(path)?)?;
                Opened::Tantivy(Dictionary::open(FileSlice::new(Arc::new(file)))?)
            }
            Kind::Lsm => Opened::Lsm(lsm_config(path, cache as u64).open()?),
        })
    }
}

fn lsm_config(path: &Path, cache: u64) -> Config {
    Config::new(
        path,
        SequenceNumberCounter::default(),
        SequenceNumberCounter::default(),
    )
    .use_cache(Arc::new(Cache::with_capacity_bytes(cache)))
    .data_block_size_policy(BlockSizePolicy::all(BLOCK as u32))
    .data_block_compression_policy(CompressionPolicy::all(CompressionType::Lz4))
}

/// tantivy-sstable's block length counts the keys' bytes alone (a byte of lengths and the
/// key's suffix each): the share of a 16 KiB block they take in `data`.
pub fn tantivy_block_len(data: &Data) -> usize {
    let (mut keys, mut values) = (0usize, 0usize);
    let mut previous: &[u8] = &[];
    for (key, value) in data.iter() {
        let shared = key.iter().zip(previous).take_while(|(a, b)| a == b).count();
        keys += 1 + key.len() - shared;
        values += value.len() + 1 + usize::from(value.len() >= 128);
        previous = key;
    }
    (BLOCK as u128 * keys as u128 / (keys + values).max(1) as u128) as usize
}

impl Opened {
    /// Looks `key` up: its value to `found` when there.
    pub fn get(&self, key: &[u8], found: &mut impl FnMut(&[u8])) -> Result<bool, Error> {
        let value = match self {
            Opened::Ours(table) => table.get(key)?,
            Opened::Tantivy(dict) => dict.get(key)?,
            Opened::Lsm(tree) => {
                return Ok(match tree.get(key, SeqNo::MAX)? {
                    Some(value) => {
                        found(&value);
                        true
                    }
                    None => false,
                });
            }
        };
        Ok(value.map(|value| found(&value)).is_some())
    }

    /// Every entry in key order to `eat`, until an error.
    pub fn scan(&self, eat: &mut impl FnMut(&[u8], &[u8])) -> Result<(), Error> {
        match self {
            Opened::Ours(table) => {
                for entry in table.iter() {
                    let (key, value) = entry?;
                    eat(&key, &value);
                }
            }
            Opened::Tantivy(dict) => {
                let mut stream = dict.stream()?;
                while stream.advance() {
                    eat(stream.key(), stream.value());
                }
            }
            Opened::Lsm(tree) => {
                for entry in tree.iter(SeqNo::MAX, None) {
                    let (key, value) = lsm_tree::Guard::into_inner(entry)?;
                    eat(&key, &value);
                }
            }
        }
        Ok(())
    }
}
