//! For cargo-fuzz only (feature `fuzzing`), not an API: the store's sorted block tables,
//! opened from a file and read in every way ([`Table`]), and written from entries
//! ([`write_table`]); chunks of postings encoded, decoded and looked up in; a position's
//! all-months row and a group of games' facts read and written again; the manifest
//! ([`Manifest`]), a game's record ([`Record`]), a game's line ([`Line`]) and a month's row
//! ([`MonthEntry`]) read and written again; a whole segment built once ([`SegmentFiles`]),
//! written again with a file of it changed, opened and read whole ([`read_segment`]).
//! Errors come as their messages.

use std::fs;
use std::io;
use std::path::Path;

use crate::store::facts::{self};
use crate::store::manifest::{self, ManifestError};
use crate::store::postings;
use crate::store::row::Stored;
use crate::store::table;

/// An entry: its key, then its value.
#[doc(hidden)]
pub type Entry = (Vec<u8>, Vec<u8>);

/// A sorted block table open to read.
#[doc(hidden)]
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
#[doc(hidden)]
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
#[doc(hidden)]
pub fn postings_encode(postings: &[(u32, u32)], ordinals: u32) -> Vec<u8> {
    let mut out = Vec::new();
    postings::encode(postings, ordinals, &mut out);
    out
}

/// Every posting of the chunk `bytes`; `None` if they are no chunk's.
#[doc(hidden)]
pub fn postings_decode(bytes: &[u8], ordinals: u32) -> Option<Vec<(u32, u32)>> {
    postings::decode(bytes, ordinals)
}

/// The ordinals under `fingerprint` in the chunk `bytes`; `None` if the bytes read are no
/// chunk's.
#[doc(hidden)]
pub fn postings_lookup(bytes: &[u8], ordinals: u32, fingerprint: u32) -> Option<Vec<u32>> {
    postings::lookup(bytes, ordinals, fingerprint)
}

/// The all-months row (counted, or its games listed) of `bytes` written again; `None` if they
/// are no row's.
#[doc(hidden)]
pub fn row_rewritten(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    Stored::read(bytes)?.write(&mut out);
    Some(out)
}

/// The games' facts of the group `bytes` written again; `None` if they are no group's.
#[doc(hidden)]
pub fn facts_rewritten(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    facts::write_group(&facts::read_group(bytes)?, &mut out);
    Some(out)
}

/// The index format the manifests read and written are of.
#[doc(hidden)]
pub const MANIFEST_FORMAT: u32 = manifest::FORMAT;

/// The manifest of the index in a folder ([`Manifest::decode_in`]), to be written again.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Manifest(manifest::Manifest);

/// Why bytes were refused as a manifest.
#[doc(hidden)]
#[derive(Debug)]
pub enum ManifestRefused {
    /// Not as written (damaged), with the message.
    Corrupt(String),
    /// Of another format, by its number.
    Format(u32),
    /// The file could not be read or written: not the bytes' fault.
    Io(String),
}

impl Manifest {
    /// The manifest of `bytes` written as the `MANIFEST` of the folder `dir` (made if
    /// missing) and read from there as an index reads it.
    #[doc(hidden)]
    pub fn decode_in(dir: &Path, bytes: &[u8]) -> Result<Manifest, ManifestRefused> {
        fs::create_dir_all(dir)
            .and_then(|()| fs::write(dir.join("MANIFEST"), bytes))
            .map_err(|err| ManifestRefused::Io(err.to_string()))?;
        match manifest::Manifest::read(dir) {
            Ok(Some(manifest)) => Ok(Manifest(manifest)),
            Ok(None) => Err(ManifestRefused::Io("no MANIFEST read".to_owned())),
            Err(ManifestError::Corrupt { what, why }) => {
                Err(ManifestRefused::Corrupt(format!("{what}: {why}")))
            }
            Err(ManifestError::Format { found }) => Err(ManifestRefused::Format(found)),
            Err(ManifestError::Io(err)) => Err(ManifestRefused::Io(err.to_string())),
        }
    }

    /// The manifest committed to the folder `dir` as an add commits one: the bytes of the
    /// `MANIFEST` written.
    #[doc(hidden)]
    pub fn encode_in(&self, dir: &Path) -> io::Result<Vec<u8>> {
        self.0.commit(dir)?;
        fs::read(dir.join("MANIFEST"))
    }

    /// How many segments and files it lists.
    #[doc(hidden)]
    pub fn lists(&self) -> (usize, usize) {
        (self.0.segments.len(), self.0.files.len())
    }
}

/// `body` (a manifest's header line and JSON) ended with the line of its CRC-32, as a
/// manifest is: so that a fuzzer reaches past the checksum.
#[doc(hidden)]
pub fn manifest_sealed(body: &[u8]) -> Vec<u8> {
    let mut bytes = body.to_vec();
    if !bytes.ends_with(b"\n") {
        bytes.push(b'\n');
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(format!("crc32 {crc:08x}\n").as_bytes());
    bytes
}

mod records;
mod segment;
#[cfg(test)]
mod tests;

pub use records::{Line, MonthEntry, Record};
pub use segment::{MAX_ERRORS, SEGMENT_TABLES, SegmentFiles, SegmentRead, read_segment};
