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
pub(crate) mod cache;
mod error;
mod format;
mod open;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub(crate) use blocks::Blocks;
pub(crate) use cache::BlockCache;
pub(crate) use error::{TableError, corrupt};
pub(crate) use format::{
    BLOCK_SIZE, Entry, FLAG_COMPRESSED, FOOTER_LEN, HEADER_LEN, INDEX_ENTRY_LEN, MAGIC, MAX_BLOCK,
    MAX_KEY_LEN, STORED, VERSION, ZSTD, ZSTD_LEVEL,
};
pub(crate) use read::{Entries, Table};
pub(crate) use write::TableWriter;
