//! A table's format in numbers: its magic, version, header's and footer's lengths, block
//! sizes and compression (the layout is drawn in `mod.rs`'s docs).

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
