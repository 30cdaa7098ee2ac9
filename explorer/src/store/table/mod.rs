//! A sorted block table: one immutable file of entries (a key of a fixed length, a value of
//! any), written once in key order ([`TableWriter`]) and then only read, by many threads at
//! once ([`Table`]). Every byte is covered by a CRC32, every length is checked against the
//! file's size and a bound before anything is allocated: a damaged file is an error, never a
//! panic nor an absurd allocation.
//!
//! # Format, version 1
//!
//! Integers are little-endian; CRC32 is IEEE's (crate `crc32fast`). A file is a header, its
//! data blocks one after another, the block index, then the footer.
//!
//! Header, 22 bytes at offset 0:
//!
//! | offset | bytes | what |
//! |---|---|---|
//! | 0 | 8 | magic, `C960TBL\0` |
//! | 8 | 4 | format version, u32 (1) |
//! | 12 | 4 | kind: 4 ASCII bytes naming what the table holds, e.g. `GAME` |
//! | 16 | 1 | key length, 1 to 64 |
//! | 17 | 1 | flags: bit 0 set when blocks may be zstd-compressed; the other bits 0 |
//! | 18 | 4 | CRC32 of bytes 0 to 17 |
//!
//! A data block, on disk: one byte saying how its entries are stored (0: as they are; 1:
//! zstd-compressed, level 3, as one frame; a block is compressed only when that makes it
//! smaller), then those bytes. Its entries, once decompressed, one after another, each:
//!
//! - the length of the prefix its key shares with the key before it in the block (u8; 0 for
//!   a block's first entry),
//! - the rest of its key (key length minus that prefix),
//! - its value's length (unsigned LEB128, at most 10 bytes),
//! - its value.
//!
//! Keys are strictly increasing, in a block and from block to block. A block holds about
//! 16 KiB of entries ([`BLOCK_SIZE`]) before compression: entries are added to it until the
//! next would take it past that size; an entry larger than that has a block of its own. No
//! block is empty, nor larger than [`MAX_BLOCK`] uncompressed. The first block begins right
//! after the header, each next one right after the one before.
//!
//! Block index, right after the last block: for each block in order, `24 + key length` bytes:
//!
//! | offset | bytes | what |
//! |---|---|---|
//! | 0 | 8 | the block's offset in the file, u64 |
//! | 8 | 4 | its length on disk (its first byte included), u32 |
//! | 12 | 4 | its entries' length uncompressed, u32 |
//! | 16 | 4 | its number of entries, u32 (at least 1) |
//! | 20 | 4 | CRC32 of its bytes on disk (its first byte included) |
//! | 24 | key length | its first key |
//!
//! Footer, the file's last 40 bytes:
//!
//! | offset | bytes | what |
//! |---|---|---|
//! | 0 | 8 | the block index's offset, u64 |
//! | 8 | 4 | the block index's length, u32 |
//! | 12 | 4 | CRC32 of the block index |
//! | 16 | 8 | the table's number of entries, u64 |
//! | 24 | 4 | its number of blocks, u32 |
//! | 28 | 4 | CRC32 of the footer's bytes 0 to 27 |
//! | 32 | 8 | magic again, `C960TBL\0` |
//!
//! An empty table is a header, no block, an empty block index and a footer: 62 bytes.
//! [`Table::open`] reads the header, the footer and the block index (kept in memory, with
//! each block's first key) and checks them all; a block's CRC and entries are checked each
//! time it is read from the file.

mod block;
mod blocks;
mod cache;
mod open;
mod read;
#[cfg(test)]
mod tests;
mod write;

use std::fmt;
use std::io;

pub(crate) use blocks::Blocks;
pub(crate) use read::{Entries, Table};
pub(crate) use write::TableWriter;

/// The first 8 bytes of a table, and its last 8.
pub(crate) const MAGIC: [u8; 8] = *b"C960TBL\0";
/// The format version written, the only one read.
pub(crate) const VERSION: u32 = 1;
/// The header's length in bytes.
pub(crate) const HEADER_LEN: u64 = 22;
/// The footer's length in bytes.
pub(crate) const FOOTER_LEN: u64 = 40;
/// The length of a block index entry without its first key.
pub(crate) const INDEX_ENTRY_LEN: usize = 24;
/// The size of a block's entries, uncompressed, past which a next entry starts a new block.
pub(crate) const BLOCK_SIZE: usize = 16 * 1024;
/// The largest block read or written, uncompressed: 64 MiB (an entry larger is refused).
pub(crate) const MAX_BLOCK: usize = 64 * 1024 * 1024;
/// The longest key.
pub(crate) const MAX_KEY_LEN: usize = 64;
/// The header's flag saying blocks may be compressed.
pub(crate) const FLAG_COMPRESSED: u8 = 1;
/// A block's first byte when its entries are stored as they are.
pub(crate) const STORED: u8 = 0;
/// A block's first byte when its entries are zstd-compressed.
pub(crate) const ZSTD: u8 = 1;
/// The zstd level blocks are compressed at.
pub(crate) const ZSTD_LEVEL: i32 = 3;

/// An entry: its key, then its value.
pub(crate) type Entry = (Vec<u8>, Vec<u8>);

/// Why a table could not be opened or read. No path in it: the caller adds the path.
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum TableError {
    /// Reading the file failed.
    Io(io::Error),
    /// The file is not a table as [`TableWriter`] writes it: `what` names the rule broken.
    Corrupt {
        /// The rule broken, as a sentence without its end.
        what: &'static str,
    },
    /// A block is not as the block index says: `what` names the rule broken.
    Block {
        /// The block's number, from 0.
        block: u32,
        /// The rule broken, as a sentence's end after "block N's".
        what: &'static str,
    },
    /// The file is a table of another format version.
    Version {
        /// The version the file says.
        found: u32,
    },
    /// The file is a table of another kind.
    Kind {
        /// The kind the file says.
        found: [u8; 4],
        /// The kind asked for.
        expected: [u8; 4],
    },
    /// The file is a table of keys of another length.
    KeyLen {
        /// The key length the file says.
        found: usize,
        /// The key length asked for.
        expected: usize,
    },
    /// A key asked for is not of the table's key length.
    WrongKey {
        /// The length of the key asked for.
        len: usize,
        /// The table's key length.
        key_len: usize,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io(error) => write!(f, "reading the table failed: {error}"),
            TableError::Corrupt { what } => write!(f, "not a table as written: {what}"),
            TableError::Block { block, what } => write!(f, "block {block}'s {what}"),
            TableError::Version { found } => write!(
                f,
                "a table of format version {found}; this program reads version {VERSION}"
            ),
            TableError::Kind { found, expected } => write!(
                f,
                "a table of kind \"{}\", not \"{}\"",
                found.escape_ascii(),
                expected.escape_ascii()
            ),
            TableError::KeyLen { found, expected } => {
                write!(f, "a table of {found}-byte keys, not {expected}-byte keys")
            }
            TableError::WrongKey { len, key_len } => write!(
                f,
                "a key of {len} bytes asked of a table of {key_len}-byte keys"
            ),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableError::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for TableError {
    fn from(error: io::Error) -> TableError {
        TableError::Io(error)
    }
}

/// A [`TableError::Corrupt`] naming `what`.
pub(crate) fn corrupt(what: &'static str) -> TableError {
    TableError::Corrupt { what }
}
