//! Entries cut into blocks and sealed apart from the file they go to ([`Blocks`]): each
//! block compressed where that makes it smaller and checksummed on the thread that made it,
//! so that a table's blocks are made on every core and only written in order
//! ([`super::TableWriter::append`]).

use std::io;

use super::block::{entry_len, put_entry, shared_prefix};
use super::{BLOCK_SIZE, MAX_BLOCK, MAX_KEY_LEN, STORED, ZSTD, ZSTD_LEVEL};

/// A block ready to be written: its bytes on disk (its first byte, the mode, apart) and what
/// the block index says of it.
#[derive(Debug)]
pub(super) struct Sealed {
    pub(super) mode: u8,
    pub(super) bytes: Vec<u8>,
    /// Its entries' length uncompressed.
    pub(super) raw_len: u32,
    pub(super) entries: u32,
    /// The CRC32 of its mode and bytes.
    pub(super) crc: u32,
    pub(super) first_key: Vec<u8>,
}

/// zstd's compressor, its context made once.
struct Compressor(zstd::bulk::Compressor<'static>);

impl std::fmt::Debug for Compressor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compressor")
    }
}

/// An io::Error of kind InvalidInput saying `what`.
pub(super) fn invalid(what: &'static str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, what)
}

/// Entries in key order, cut into blocks of about [`BLOCK_SIZE`] bytes, each sealed once
/// full.
#[derive(Debug)]
pub(crate) struct Blocks {
    pub(super) key_len: usize,
    /// The compressor of blocks, when they are compressed where that makes them smaller.
    compress: Option<Compressor>,
    /// The size past which a next entry starts a new block (tests make it smaller).
    pub(super) block_size: usize,
    /// The block being filled: its entries, uncompressed.
    block: Vec<u8>,
    block_entries: u32,
    first_key: Vec<u8>,
    /// The last key pushed (empty before the first).
    pub(super) last_key: Vec<u8>,
    /// The entries pushed.
    pub(super) entries: u64,
    /// The blocks sealed and not taken yet, in order.
    pub(super) sealed: Vec<Sealed>,
}

impl Blocks {
    /// Blocks of `key_len`-byte keys (1 to 64), zstd-compressed when `compress` (and when
    /// that makes them smaller), else stored.
    pub(crate) fn new(key_len: usize, compress: bool) -> io::Result<Blocks> {
        if !(1..=MAX_KEY_LEN).contains(&key_len) {
            return Err(invalid("a table's keys are 1 to 64 bytes long"));
        }
        Ok(Blocks {
            key_len,
            compress: match compress {
                true => Some(Compressor(zstd::bulk::Compressor::new(ZSTD_LEVEL)?)),
                false => None,
            },
            block_size: BLOCK_SIZE,
            block: Vec::with_capacity(BLOCK_SIZE + 1024),
            block_entries: 0,
            first_key: Vec::with_capacity(key_len),
            last_key: Vec::with_capacity(key_len),
            entries: 0,
            sealed: Vec::new(),
        })
    }

    /// The same blocks, a next entry starting a new block past `size` bytes of entries.
    #[cfg(test)]
    pub(crate) fn with_block_size(mut self, size: usize) -> Blocks {
        self.block_size = size;
        self
    }

    /// Whether its blocks are compressed where that makes them smaller.
    pub(super) fn compresses(&self) -> bool {
        self.compress.is_some()
    }

    /// Appends an entry. Keys are strictly increasing and of the blocks' key length, an
    /// entry at most 64 MiB: an io::Error of kind InvalidInput otherwise. A value may be
    /// larger than a block: its block then holds it alone.
    pub(crate) fn push(&mut self, key: &[u8], value: &[u8]) -> io::Result<()> {
        if key.len() != self.key_len {
            return Err(invalid("a key not of the table's key length"));
        }
        if self.entries > 0 && key <= self.last_key.as_slice() {
            return Err(invalid("keys not strictly increasing"));
        }
        if entry_len(0, self.key_len, value.len()) > MAX_BLOCK {
            return Err(invalid("an entry larger than 64 MiB"));
        }
        let shared = match self.block_entries {
            0 => 0,
            _ => shared_prefix(&self.last_key, key),
        };
        if self.block_entries > 0
            && self.block.len() + entry_len(shared, self.key_len, value.len()) > self.block_size
        {
            self.seal()?;
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

    /// Seals the block being filled, if it holds an entry: the next entry starts a new one.
    pub(crate) fn seal(&mut self) -> io::Result<()> {
        if self.block_entries == 0 {
            return Ok(());
        }
        let compressed = match &mut self.compress {
            Some(Compressor(compressor)) => Some(compressor.compress(&self.block)?)
                .filter(|bytes| bytes.len() < self.block.len()),
            None => None,
        };
        let (mode, bytes) = match compressed {
            Some(bytes) => (ZSTD, bytes),
            None => (STORED, self.block.clone()),
        };
        let mut crc = crc32fast::Hasher::new();
        crc.update(&[mode]);
        crc.update(&bytes);
        let raw_len = u32::try_from(self.block.len()).map_err(|_| invalid("a block too large"))?;
        self.sealed.push(Sealed {
            mode,
            bytes,
            raw_len,
            entries: self.block_entries,
            crc: crc.finalize(),
            first_key: self.first_key.clone(),
        });
        self.block.clear();
        self.block_entries = 0;
        Ok(())
    }

    /// The first key of its sealed blocks, if it sealed one.
    pub(super) fn first_sealed_key(&self) -> Option<&[u8]> {
        self.sealed
            .first()
            .map(|sealed| sealed.first_key.as_slice())
    }
}
