//! Writing a table ([`TableWriter`]): entries pushed in key order, blocks written as they
//! fill, the block index and the footer at [`TableWriter::finish`].

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use super::blocks::{Blocks, Sealed, invalid};
use super::{FLAG_COMPRESSED, HEADER_LEN, MAGIC, VERSION};

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
    /// The entries pushed, cut into blocks, each written once sealed.
    blocks: Blocks,
    /// Where the next block begins in the file.
    offset: u64,
    /// The block index written so far.
    index: Vec<u8>,
    /// The blocks written.
    written: u32,
    /// Whether a write failed: the table can then only be dropped.
    failed: bool,
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
        let blocks = Blocks::new(key_len, compress)?;
        let mut header = Vec::with_capacity(HEADER_LEN as usize);
        header.extend_from_slice(&MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&kind);
        header.push(key_len as u8);
        header.push(if compress { FLAG_COMPRESSED } else { 0 });
        header.extend_from_slice(&crc32fast::hash(&header).to_le_bytes());
        let mut out = BufWriter::with_capacity(256 * 1024, File::create(path)?);
        out.write_all(&header)?;
        Ok(TableWriter {
            out,
            blocks,
            offset: HEADER_LEN,
            index: Vec::new(),
            written: 0,
            failed: false,
        })
    }

    /// The same writer, a next entry starting a new block past `size` bytes of entries:
    /// small tables of many blocks (for the tests and the fuzzer), or an entry a block (`1`:
    /// a table read at random, each read one entry's block).
    pub(crate) fn with_block_size(mut self, size: usize) -> TableWriter {
        self.blocks.block_size = size;
        self
    }

    /// Appends an entry. Keys are strictly increasing and of the table's key length, an entry
    /// at most 64 MiB: an io::Error of kind InvalidInput otherwise. A value may be larger
    /// than a block: its block then holds it alone.
    pub(crate) fn push(&mut self, key: &[u8], value: &[u8]) -> io::Result<()> {
        if self.failed {
            return Err(invalid("a write to this table failed before"));
        }
        self.blocks.push(key, value)?;
        self.write_sealed()
    }

    /// Appends `blocks`' entries (made with the table's key length and compression, all
    /// after those pushed before): the block being filled ends there.
    pub(crate) fn append(&mut self, mut blocks: Blocks) -> io::Result<()> {
        if self.failed {
            return Err(invalid("a write to this table failed before"));
        }
        if (blocks.key_len, blocks.compresses()) != (self.blocks.key_len, self.blocks.compresses())
        {
            return Err(invalid("blocks made for another table"));
        }
        blocks.seal()?;
        let Some(first) = blocks.first_sealed_key() else {
            return Ok(());
        };
        if self.blocks.entries > 0 && first <= self.blocks.last_key.as_slice() {
            return Err(invalid("keys not strictly increasing"));
        }
        self.blocks.seal()?;
        self.write_sealed()?;
        self.blocks.sealed = std::mem::take(&mut blocks.sealed);
        self.blocks.entries += blocks.entries;
        self.blocks.last_key = blocks.last_key;
        self.write_sealed()
    }

    /// Writes the blocks sealed, and their entries in the block index.
    fn write_sealed(&mut self) -> io::Result<()> {
        for sealed in std::mem::take(&mut self.blocks.sealed) {
            self.write_block(sealed)
                .inspect_err(|_| self.failed = true)?;
        }
        Ok(())
    }

    fn write_block(&mut self, sealed: Sealed) -> io::Result<()> {
        let disk_len =
            u32::try_from(sealed.bytes.len() + 1).map_err(|_| invalid("a block too large"))?;
        self.written = self
            .written
            .checked_add(1)
            .ok_or_else(|| invalid("more than 2^32 - 1 blocks"))?;
        self.out.write_all(&[sealed.mode])?;
        self.out.write_all(&sealed.bytes)?;
        self.index.extend_from_slice(&self.offset.to_le_bytes());
        self.index.extend_from_slice(&disk_len.to_le_bytes());
        self.index.extend_from_slice(&sealed.raw_len.to_le_bytes());
        self.index.extend_from_slice(&sealed.entries.to_le_bytes());
        self.index.extend_from_slice(&sealed.crc.to_le_bytes());
        self.index.extend_from_slice(&sealed.first_key);
        self.offset += u64::from(disk_len);
        Ok(())
    }

    /// Writes the last block, the block index and the footer, and syncs the file
    /// (`File::sync_all`): the table's size in bytes and its number of entries.
    pub(crate) fn finish(mut self) -> io::Result<Written> {
        if self.failed {
            return Err(invalid("a write to this table failed before"));
        }
        self.blocks.seal()?;
        self.write_sealed()?;
        let index_len =
            u32::try_from(self.index.len()).map_err(|_| invalid("a block index over 4 GiB"))?;
        self.out.write_all(&self.index)?;
        let mut footer = Vec::with_capacity(super::FOOTER_LEN as usize);
        footer.extend_from_slice(&self.offset.to_le_bytes());
        footer.extend_from_slice(&index_len.to_le_bytes());
        footer.extend_from_slice(&crc32fast::hash(&self.index).to_le_bytes());
        footer.extend_from_slice(&self.blocks.entries.to_le_bytes());
        footer.extend_from_slice(&self.written.to_le_bytes());
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
            entries: self.blocks.entries,
        })
    }
}
