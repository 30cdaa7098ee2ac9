//! Reading a table ([`Table`]): its header, footer and block index checked and kept at
//! open, then lookups of one block each (binary search of the blocks' first keys), and
//! every entry in order ([`Entries`]).

use std::cell::RefCell;
use std::fs::File;
use std::ops::Deref;
use std::path::Path;
use std::sync::Arc;

use super::block::Cursor;
use super::cache::{BlockCache, TableCache};
use super::open::{self, BlockEntry, read_vec};
use super::{Entry, STORED, TableError, ZSTD};

/// A table open to read, shared by threads through `&Table`.
#[derive(Debug)]
pub(crate) struct Table {
    /// The file, read at positions (no cursor shared).
    file: File,
    /// Every key's length.
    key_len: usize,
    /// Whether the header allows compressed blocks.
    compressed: bool,
    /// The table's number of entries.
    entries: u64,
    /// The file's size.
    bytes: u64,
    /// The block index.
    blocks: Vec<BlockEntry>,
    /// Its share of the index's cache of decompressed blocks, if it keeps any.
    cache: Option<TableCache>,
    /// Whether CRCs are checked (always, but for the fuzzer's structural reading).
    checksums: bool,
}

/// A block's entries, uncompressed: kept in the cache, or read for one use.
enum Block {
    /// Shared with the cache.
    Kept(Arc<[u8]>),
    /// Read for this use alone.
    Read(Vec<u8>),
}

impl Deref for Block {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Block::Kept(bytes) => bytes,
            Block::Read(bytes) => bytes,
        }
    }
}

impl Table {
    /// Opens and checks the table at `path`: its magic, format version, kind, key length,
    /// and its header's, footer's and block index's CRCs (a block's are checked each time
    /// it is read). Its decompressed blocks are kept in `cache`, with every other table's.
    pub(crate) fn open(
        path: &Path,
        kind: [u8; 4],
        key_len: usize,
        cache: &Arc<BlockCache>,
    ) -> Result<Table, TableError> {
        Table::open_with(path, kind, key_len, cache, true)
    }

    /// [`Table::open`] without checking any CRC, the file's structure checked alone: for the
    /// fuzzer, which could not otherwise reach past them.
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn open_unchecked(
        path: &Path,
        kind: [u8; 4],
        key_len: usize,
        cache: &Arc<BlockCache>,
    ) -> Result<Table, TableError> {
        Table::open_with(path, kind, key_len, cache, false)
    }

    /// [`Table::open`], checking CRCs when `checksums`.
    fn open_with(
        path: &Path,
        kind: [u8; 4],
        key_len: usize,
        cache: &Arc<BlockCache>,
        checksums: bool,
    ) -> Result<Table, TableError> {
        let opened = open::open(path, kind, key_len, checksums)?;
        Ok(Table {
            file: opened.file,
            key_len,
            compressed: opened.compressed,
            entries: opened.entries,
            bytes: opened.bytes,
            blocks: opened.blocks,
            cache: cache.table(),
            checksums,
        })
    }

    /// The table's number of entries.
    pub(crate) fn entries(&self) -> u64 {
        self.entries
    }

    /// The file's size in bytes.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Its number of blocks.
    #[cfg(test)]
    pub(crate) fn blocks(&self) -> usize {
        self.blocks.len()
    }

    /// Block `n`'s first key (empty past the last block).
    #[cfg(test)]
    pub(super) fn first_key(&self, n: usize) -> &[u8] {
        self.blocks.get(n).map_or(&[], |block| &block.first_key)
    }

    /// Refuses a key not of the table's key length.
    fn check_key(&self, key: &[u8]) -> Result<(), TableError> {
        match key.len() == self.key_len {
            true => Ok(()),
            false => Err(TableError::WrongKey {
                len: key.len(),
                key_len: self.key_len,
            }),
        }
    }

    /// The number of the last block whose first key is `key` or less, if any.
    fn block_of(&self, key: &[u8]) -> Option<u32> {
        let after = self.blocks.partition_point(|b| &*b.first_key <= key);
        // At most u32::MAX blocks: the footer counts them in a u32.
        after.checked_sub(1).map(|n| n as u32)
    }

    /// The value of `key`, if there.
    pub(crate) fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, TableError> {
        self.check_key(key)?;
        let Some(n) = self.block_of(key) else {
            return Ok(None);
        };
        let block = self.block(n)?;
        let mut cursor = Cursor::default();
        while let Some(value) = cursor.next(&block, self.key_len).map_err(at(n))? {
            match cursor.key().cmp(key) {
                std::cmp::Ordering::Less => {}
                std::cmp::Ordering::Equal => return Ok(Some(value.to_vec())),
                std::cmp::Ordering::Greater => break,
            }
        }
        Ok(None)
    }

    /// The last entry whose key is `key` or less (a floor lookup), if any.
    pub(crate) fn floor(&self, key: &[u8]) -> Result<Option<Entry>, TableError> {
        self.check_key(key)?;
        let Some(n) = self.block_of(key) else {
            return Ok(None);
        };
        let block = self.block(n)?;
        let mut cursor = Cursor::default();
        let mut found = None;
        while let Some(value) = cursor.next(&block, self.key_len).map_err(at(n))? {
            if cursor.key() > key {
                break;
            }
            found = Some((cursor.key().to_vec(), value));
        }
        Ok(found.map(|(key, value)| (key, value.to_vec())))
    }

    /// Every entry with `from <= key <= to`, in key order.
    pub(crate) fn range(&self, from: &[u8], to: &[u8]) -> Result<Vec<Entry>, TableError> {
        self.check_key(from)?;
        self.check_key(to)?;
        let mut found = Vec::new();
        let first = self.block_of(from).unwrap_or(0);
        for (n, entry) in (first..).zip(self.blocks.get(first as usize..).unwrap_or_default()) {
            if &*entry.first_key > to {
                break;
            }
            let block = self.block(n)?;
            let mut cursor = Cursor::default();
            while let Some(value) = cursor.next(&block, self.key_len).map_err(at(n))? {
                if cursor.key() > to {
                    return Ok(found);
                }
                if cursor.key() >= from {
                    found.push((cursor.key().to_vec(), value.to_vec()));
                }
            }
        }
        Ok(found)
    }

    /// Every entry in key order, read block by block without the cache, one block in
    /// memory at a time.
    pub(crate) fn iter(&self) -> Entries<'_> {
        Entries {
            table: self,
            next_block: 0,
            read_bytes: 0,
            block: Vec::new(),
            cursor: Cursor::default(),
            done: false,
        }
    }

    /// Block `n`'s entries, from the cache or read (and then kept).
    fn block(&self, n: u32) -> Result<Block, TableError> {
        let Some(cache) = &self.cache else {
            return self.read_block(n).map(Block::Read);
        };
        if let Some(bytes) = cache.get(n) {
            return Ok(Block::Kept(bytes));
        }
        let bytes: Arc<[u8]> = self.read_block(n)?.into();
        cache.insert(n, Arc::clone(&bytes));
        Ok(Block::Kept(bytes))
    }

    /// Block `n`'s entries read from the file, its CRC, length and entries checked.
    fn read_block(&self, n: u32) -> Result<Vec<u8>, TableError> {
        let error = |what| TableError::Block { block: n, what };
        let entry = self
            .blocks
            .get(n as usize)
            .ok_or(error("number is past the table's blocks"))?;
        // Within the file's size: the block index was checked at open.
        let mut bytes = read_vec(&self.file, entry.offset, entry.disk_len as usize)?;
        if self.checksums && crc32fast::hash(&bytes) != entry.crc {
            return Err(error("checksum does not match its bytes"));
        }
        let raw_len = entry.raw_len as usize;
        let entries = match bytes.split_first() {
            Some((&STORED, stored)) if stored.len() == raw_len => {
                bytes.remove(0);
                bytes
            }
            Some((&STORED, _)) => {
                return Err(error("length stored is not its length uncompressed"));
            }
            Some((&ZSTD, compressed)) if self.compressed => {
                // Bounded: raw_len is at most MAX_BLOCK, checked at open.
                decompress(compressed, raw_len)
                    .filter(|entries| entries.len() == raw_len)
                    .ok_or(error(
                        "zstd frame does not decompress to its length uncompressed",
                    ))?
            }
            Some((&ZSTD, _)) => {
                return Err(error(
                    "zstd frame is in a table whose header says none is compressed",
                ));
            }
            _ => return Err(error("first byte is neither 0 (stored) nor 1 (zstd)")),
        };
        self.check_block(n, entry, &entries)?;
        Ok(entries)
    }

    /// Checks that block `n`'s entries read in order, as many as the block index says, from
    /// its first key there to a last key below the next block's first.
    fn check_block(&self, n: u32, entry: &BlockEntry, bytes: &[u8]) -> Result<(), TableError> {
        let error = |what| TableError::Block { block: n, what };
        let mut cursor = Cursor::default();
        while cursor.next(bytes, self.key_len).map_err(at(n))?.is_some() {
            if cursor.read() == 1 && cursor.key() != &*entry.first_key {
                return Err(error("first key is not the block index's"));
            }
        }
        if cursor.read() != entry.entries {
            return Err(error("number of entries is not the block index's"));
        }
        let next = self.blocks.get(n as usize + 1);
        if next.is_some_and(|next| cursor.key() >= &*next.first_key) {
            return Err(error("last key is not below the next block's first"));
        }
        Ok(())
    }
}

thread_local! {
    /// This thread's zstd decompressor: its context made once (making one costs as much as
    /// decompressing a block).
    static DECOMPRESSOR: RefCell<Option<zstd::bulk::Decompressor<'static>>> =
        const { RefCell::new(None) };
}

/// The zstd frame `compressed`, decompressed into at most `capacity` bytes.
fn decompress(compressed: &[u8], capacity: usize) -> Option<Vec<u8>> {
    DECOMPRESSOR.with(|cell| {
        let mut held = cell.try_borrow_mut().ok()?;
        if held.is_none() {
            *held = Some(zstd::bulk::Decompressor::new().ok()?);
        }
        held.as_mut()?.decompress(compressed, capacity).ok()
    })
}

/// Block `n`'s error for a rule its entries break.
fn at(n: u32) -> impl Fn(&'static str) -> TableError {
    move |what| TableError::Block { block: n, what }
}

/// Every entry of a table in key order ([`Table::iter`]): an entry, or the error that ends
/// the reading.
#[derive(Debug)]
pub(crate) struct Entries<'t> {
    /// The table read.
    table: &'t Table,
    /// The next block to read.
    next_block: u32,
    /// The bytes on disk of the blocks read.
    read_bytes: u64,
    /// The block being read, uncompressed.
    block: Vec<u8>,
    /// Where in it.
    cursor: Cursor,
    /// Whether the reading ended (the last entry or an error).
    done: bool,
}

impl Entries<'_> {
    /// The blocks read so far, each checked whole (its CRC, its entries, its keys).
    pub(crate) fn blocks_read(&self) -> u32 {
        self.next_block
    }

    /// Their bytes on disk.
    pub(crate) fn bytes_read(&self) -> u64 {
        self.read_bytes
    }
}

impl Iterator for Entries<'_> {
    type Item = Result<Entry, TableError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match self.cursor.next(&self.block, self.table.key_len) {
                Ok(Some(value)) => return Some(Ok((self.cursor.key().to_vec(), value.to_vec()))),
                Ok(None) if self.next_block as usize >= self.table.blocks.len() => {
                    self.done = true;
                }
                Ok(None) => match self.table.read_block(self.next_block) {
                    Ok(block) => {
                        let disk_len = self.table.blocks.get(self.next_block as usize);
                        self.read_bytes += disk_len.map_or(0, |entry| u64::from(entry.disk_len));
                        self.block = block;
                        self.cursor = Cursor::default();
                        self.next_block += 1;
                    }
                    Err(err) => {
                        self.done = true;
                        return Some(Err(err));
                    }
                },
                Err(what) => {
                    self.done = true;
                    let block = self.next_block.saturating_sub(1);
                    return Some(Err(TableError::Block { block, what }));
                }
            }
        }
        None
    }
}
