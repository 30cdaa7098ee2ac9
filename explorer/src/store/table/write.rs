//! Writing a table ([`TableWriter`]): entries pushed in key order, blocks written as they
//! fill, the block index and the footer at [`TableWriter::finish`].

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use super::block::{entry_len, put_entry, shared_prefix};
use super::{
    BLOCK_SIZE, FLAG_COMPRESSED, HEADER_LEN, MAGIC, MAX_BLOCK, MAX_KEY_LEN, STORED, VERSION, ZSTD,
    ZSTD_LEVEL,
};

/// What [`TableWriter::finish`] wrote.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Written {
    /// The table's size in bytes.
    pub(crate) bytes: u64,
    /// Its number of entries.
    pub(crate) entries: u64,
}

/// A table being written, entries in key order. Dropped before [`TableWriter::finish`], it
/// leaves a file without a footer, which [`super::Table::open`] refuses.
#[derive(Debug)]
pub(crate) struct TableWriter {
    /// The file, buffered.
    out: BufWriter<File>,
    /// The compressor of blocks (one context for all), when they are compressed where that
    /// makes them smaller.
    compress: Option<Compressor>,
    /// Every key's length.
    key_len: usize,
    /// The size past which a next entry starts a new block (tests make it smaller).
    block_size: usize,
    /// Where the next block begins in the file.
    offset: u64,
    /// The block being filled: its entries, uncompressed.
    block: Vec<u8>,
    /// Its number of entries.
    block_entries: u32,
    /// Its first key.
    first_key: Vec<u8>,
    /// The last key pushed (empty before the first).
    last_key: Vec<u8>,
    /// The block index written so far.
    index: Vec<u8>,
    /// The entries pushed.
    entries: u64,
    /// The blocks written.
    blocks: u32,
    /// Whether a write failed: the table can then only be dropped.
    failed: bool,
}

/// zstd's compressor, its context made once.
struct Compressor(zstd::bulk::Compressor<'static>);

impl std::fmt::Debug for Compressor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compressor")
    }
}

/// An io::Error of kind InvalidInput saying `what`.
fn invalid(what: &'static str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, what)
}

impl TableWriter {
    /// A new table at `path` (created, truncated), of kind `kind` (4 ASCII bytes naming what
    /// it holds, e.g. `*b"GAME"`), every key exactly `key_len` bytes (1 to 64), blocks
    /// zstd-compressed when `compress` (and when that makes them smaller), else stored.
    pub(crate) fn create(
        path: &Path,
        kind: [u8; 4],
        key_len: usize,
        compress: bool,
    ) -> io::Result<TableWriter> {
        let Some(key_len_byte) = u8::try_from(key_len)
            .ok()
            .filter(|&len| (1..=MAX_KEY_LEN).contains(&usize::from(len)))
        else {
            return Err(invalid("a table's keys are 1 to 64 bytes long"));
        };
        let mut header = Vec::with_capacity(HEADER_LEN as usize);
        header.extend_from_slice(&MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&kind);
        header.push(key_len_byte);
        header.push(if compress { FLAG_COMPRESSED } else { 0 });
        header.extend_from_slice(&crc32fast::hash(&header).to_le_bytes());
        let mut out = BufWriter::with_capacity(256 * 1024, File::create(path)?);
        out.write_all(&header)?;
        Ok(TableWriter {
            out,
            compress: match compress {
                true => Some(Compressor(zstd::bulk::Compressor::new(ZSTD_LEVEL)?)),
                false => None,
            },
            key_len,
            block_size: BLOCK_SIZE,
            offset: HEADER_LEN,
            block: Vec::with_capacity(BLOCK_SIZE + 1024),
            block_entries: 0,
            first_key: Vec::with_capacity(key_len),
            last_key: Vec::with_capacity(key_len),
            index: Vec::new(),
            entries: 0,
            blocks: 0,
            failed: false,
        })
    }

    /// The same writer, a next entry starting a new block past `size` bytes of entries:
    /// small tables of many blocks, for the tests and the fuzzer.
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn with_block_size(mut self, size: usize) -> TableWriter {
        self.block_size = size;
        self
    }

    /// Appends an entry. Keys are strictly increasing and of the table's key length, an entry
    /// at most 64 MiB: an io::Error of kind InvalidInput otherwise. A value may be larger
    /// than a block: its block then holds it alone.
    pub(crate) fn push(&mut self, key: &[u8], value: &[u8]) -> io::Result<()> {
        if self.failed {
            return Err(invalid("a write to this table failed before"));
        }
        if key.len() != self.key_len {
            return Err(invalid("a key not of the table's key length"));
        }
        if self.entries > 0 && key <= self.last_key.as_slice() {
            return Err(invalid("keys not strictly increasing"));
        }
        let shared = match self.block_entries {
            0 => 0,
            _ => shared_prefix(&self.last_key, key),
        };
        if entry_len(0, self.key_len, value.len()) > MAX_BLOCK {
            return Err(invalid("an entry larger than 64 MiB"));
        }
        if self.block_entries > 0
            && self.block.len() + entry_len(shared, self.key_len, value.len()) > self.block_size
        {
            self.flush_block().inspect_err(|_| self.failed = true)?;
        }
        let shared = match self.block_entries {
            0 => {
                self.first_key.clear();
                self.first_key.extend_from_slice(key);
                0
            }
            _ => shared,
        };
        // A key is at most 64 bytes: its shared prefix fits a byte.
        put_entry(&mut self.block, shared as u8, key, value);
        self.block_entries += 1;
        self.entries += 1;
        self.last_key.clear();
        self.last_key.extend_from_slice(key);
        Ok(())
    }

    /// Writes the block being filled, compressed if that makes it smaller, and its entry in
    /// the block index.
    fn flush_block(&mut self) -> io::Result<()> {
        if self.block_entries == 0 {
            return Ok(());
        }
        let compressed = match &mut self.compress {
            Some(Compressor(compressor)) => Some(compressor.compress(&self.block)?)
                .filter(|bytes| bytes.len() < self.block.len()),
            None => None,
        };
        let (mode, bytes) = match &compressed {
            Some(bytes) => (ZSTD, bytes.as_slice()),
            None => (STORED, self.block.as_slice()),
        };
        let mut crc = crc32fast::Hasher::new();
        crc.update(&[mode]);
        crc.update(bytes);
        let disk_len = u32::try_from(bytes.len() + 1).map_err(|_| invalid("a block too large"))?;
        let raw_len = u32::try_from(self.block.len()).map_err(|_| invalid("a block too large"))?;
        self.blocks = self
            .blocks
            .checked_add(1)
            .ok_or_else(|| invalid("more than 2^32 - 1 blocks"))?;
        self.out.write_all(&[mode])?;
        self.out.write_all(bytes)?;
        self.index.extend_from_slice(&self.offset.to_le_bytes());
        self.index.extend_from_slice(&disk_len.to_le_bytes());
        self.index.extend_from_slice(&raw_len.to_le_bytes());
        self.index
            .extend_from_slice(&self.block_entries.to_le_bytes());
        self.index.extend_from_slice(&crc.finalize().to_le_bytes());
        self.index.extend_from_slice(&self.first_key);
        self.offset += u64::from(disk_len);
        self.block.clear();
        self.block_entries = 0;
        Ok(())
    }

    /// Writes the last block, the block index and the footer, and syncs the file
    /// (`File::sync_all`): the table's size in bytes and its number of entries.
    pub(crate) fn finish(mut self) -> io::Result<Written> {
        if self.failed {
            return Err(invalid("a write to this table failed before"));
        }
        self.flush_block()?;
        let index_len =
            u32::try_from(self.index.len()).map_err(|_| invalid("a block index over 4 GiB"))?;
        self.out.write_all(&self.index)?;
        let mut footer = Vec::with_capacity(super::FOOTER_LEN as usize);
        footer.extend_from_slice(&self.offset.to_le_bytes());
        footer.extend_from_slice(&index_len.to_le_bytes());
        footer.extend_from_slice(&crc32fast::hash(&self.index).to_le_bytes());
        footer.extend_from_slice(&self.entries.to_le_bytes());
        footer.extend_from_slice(&self.blocks.to_le_bytes());
        footer.extend_from_slice(&crc32fast::hash(&footer).to_le_bytes());
        footer.extend_from_slice(&MAGIC);
        self.out.write_all(&footer)?;
        let file = self
            .out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        Ok(Written {
            bytes: self.offset + u64::from(index_len) + footer.len() as u64,
            entries: self.entries,
        })
    }
}
