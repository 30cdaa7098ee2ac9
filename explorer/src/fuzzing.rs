//! For cargo-fuzz only (feature `fuzzing`), not an API: the store's sorted block tables,
//! opened from a file and read in every way ([`Table`]), and written from entries
//! ([`write_table`]); chunks of postings encoded, decoded and looked up in; a position's
//! all-months row and a group of games' facts read and written again. Errors come as their
//! messages.

use std::io;
use std::path::Path;

use crate::store::facts;
use crate::store::postings;
use crate::store::row::Stored;
use crate::store::table;

/// An entry: its key, then its value.
pub type Entry = (Vec<u8>, Vec<u8>);

/// A sorted block table open to read.
#[derive(Debug)]
pub struct Table(table::Table);

impl Table {
    /// Opens the table at `path`, of kind `kind` and `key_len`-byte keys, keeping up to
    /// `cache` bytes of blocks; its CRCs checked when `checksums`, else its structure alone
    /// (so that a fuzzer reaches past them).
    pub fn open(
        path: &Path,
        kind: [u8; 4],
        key_len: usize,
        cache: usize,
        checksums: bool,
    ) -> Result<Table, String> {
        let table = match checksums {
            true => table::Table::open(path, kind, key_len, &table::BlockCache::new(cache)),
            false => {
                table::Table::open_unchecked(path, kind, key_len, &table::BlockCache::new(cache))
            }
        };
        table.map(Table).map_err(|err| err.to_string())
    }

    /// Its number of entries, as its footer says.
    pub fn entries(&self) -> u64 {
        self.0.entries()
    }

    /// Its file's size in bytes.
    pub fn bytes(&self) -> u64 {
        self.0.bytes()
    }

    /// Every entry in key order, until an error.
    pub fn iter(&self) -> impl Iterator<Item = Result<Entry, String>> + '_ {
        let entries: table::Entries<'_> = self.0.iter();
        entries.map(|entry| entry.map_err(|err| err.to_string()))
    }

    /// The value of `key`, if there.
    pub fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, String> {
        self.0.get(key).map_err(|err| err.to_string())
    }

    /// The last entry whose key is `key` or less, if any.
    pub fn floor(&self, key: &[u8]) -> Result<Option<Entry>, String> {
        self.0.floor(key).map_err(|err| err.to_string())
    }

    /// Every entry with `from <= key <= to`, in key order.
    pub fn range(&self, from: &[u8], to: &[u8]) -> Result<Vec<Entry>, String> {
        self.0.range(from, to).map_err(|err| err.to_string())
    }
}

/// Writes `entries` as a table at `path`, of kind `kind` and `key_len`-byte keys, blocks
/// compressed when `compress`, a new block begun past `block_size` bytes of entries: the
/// table's size in bytes, or the first error (a key out of order or of another length).
pub fn write_table<'e>(
    path: &Path,
    kind: [u8; 4],
    key_len: usize,
    compress: bool,
    block_size: usize,
    entries: impl IntoIterator<Item = (&'e [u8], &'e [u8])>,
) -> io::Result<u64> {
    let mut writer =
        table::TableWriter::create(path, kind, key_len, compress)?.with_block_size(block_size);
    for (key, value) in entries {
        writer.push(key, value)?;
    }
    Ok(writer.finish()?.bytes)
}

/// `postings` (sorted by (fingerprint, ordinal), no pair twice, every ordinal below
/// `ordinals`) as one chunk's bytes.
pub fn postings_encode(postings: &[(u32, u32)], ordinals: u32) -> Vec<u8> {
    let mut out = Vec::new();
    postings::encode(postings, ordinals, &mut out);
    out
}

/// Every posting of the chunk `bytes`; `None` if they are no chunk's.
pub fn postings_decode(bytes: &[u8], ordinals: u32) -> Option<Vec<(u32, u32)>> {
    postings::decode(bytes, ordinals)
}

/// The ordinals under `fingerprint` in the chunk `bytes`; `None` if the bytes read are no
/// chunk's.
pub fn postings_lookup(bytes: &[u8], ordinals: u32, fingerprint: u32) -> Option<Vec<u32>> {
    postings::lookup(bytes, ordinals, fingerprint)
}

/// The all-months row (counted, or its games listed) of `bytes` written again; `None` if they
/// are no row's.
pub fn row_rewritten(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    Stored::read(bytes)?.write(&mut out);
    Some(out)
}

/// The games' facts of the group `bytes` written again; `None` if they are no group's.
pub fn facts_rewritten(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    facts::write_group(&facts::read_group(bytes)?, &mut out);
    Some(out)
}
