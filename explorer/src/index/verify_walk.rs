//! A verification's reading ([`Pass`]): each table read whole ([`Walk`]), in key order, block
//! by block from the disk, not through the cache (each block's CRC, entries and first key
//! checked by the table's reader), each key of the table's length and above the one before;
//! the blocks and bytes counted and told as they are read; and the games a segment holds
//! ([`Present`]), which its rows and postings may name.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::IndexError;
use crate::index::verified::Verified;
use crate::store::segment::fault;
use crate::store::table::{BlockCache, Entries, Entry, Table};
use chess960_pgn::Progress;

/// The counts of a verification so far, told on as they grow, and whether it was asked to stop.
pub(crate) struct Pass<'a> {
    pub(crate) verified: Verified,
    /// The index's directory.
    dir: &'a Path,
    progress: &'a Progress,
    seen: &'a mut dyn FnMut(&Verified),
}

impl<'a> Pass<'a> {
    /// A verification of the index in `dir`, stopped by `progress`, its counts told `seen`.
    pub(crate) fn new(
        dir: &'a Path,
        progress: &'a Progress,
        seen: &'a mut dyn FnMut(&Verified),
    ) -> Pass<'a> {
        Pass {
            verified: Verified::default(),
            dir,
            progress,
            seen,
        }
    }

    /// [`IndexError::Interrupted`] once [`Progress::stop`] was called.
    pub(crate) fn go_on(&self) -> Result<(), IndexError> {
        match self.progress.is_stopped() {
            true => Err(IndexError::Interrupted {
                dir: self.dir.to_owned(),
            }),
            false => Ok(()),
        }
    }

    /// `blocks` more blocks read, `bytes` more bytes: counted and told.
    fn read(&mut self, blocks: u64, bytes: u64) -> Result<(), IndexError> {
        self.verified.blocks += blocks;
        self.verified.bytes += bytes;
        (self.seen)(&self.verified);
        self.go_on()
    }
}

/// The error of the file at `path`, not as the index writes it: `what` of it, and why.
pub(crate) fn damaged(path: &Path, what: &'static str, why: String) -> IndexError {
    IndexError::Corrupt {
        path: path.to_owned(),
        what,
        cause: Some(why.into()),
    }
}

/// A segment's table opened to be verified: its path and the table (a table of the kind,
/// key length and format its name says, its header, footer and block index checked).
pub(crate) fn open(
    dir: &Path,
    (name, kind, key_len, _): (&str, [u8; 4], usize, bool),
    cache: &Arc<BlockCache>,
) -> Result<(PathBuf, Table), IndexError> {
    let path = dir.join(name);
    let table = Table::open(&path, kind, key_len, cache).map_err(|err| fault(err).at(&path))?;
    Ok((path, table))
}

/// A table read whole, in key order.
pub(crate) struct Walk<'t> {
    pub(crate) path: &'t Path,
    table: &'t Table,
    entries: Entries<'t>,
    key_len: usize,
    /// The last key read.
    last: Vec<u8>,
    /// The entries read.
    read: u64,
    /// The blocks read, and their bytes, as counted.
    blocks: u32,
    bytes: u64,
}

impl<'t> Walk<'t> {
    /// The table at `path`, opened, of `key_len`-byte keys.
    pub(crate) fn new((path, table): &'t (PathBuf, Table), key_len: usize) -> Walk<'t> {
        Walk {
            path,
            table,
            entries: table.iter(),
            key_len,
            last: Vec::new(),
            read: 0,
            blocks: 0,
            bytes: 0,
        }
    }

    /// The next entry, each block read counted in `pass`; `None` past the last.
    pub(crate) fn next(&mut self, pass: &mut Pass) -> Result<Option<Entry>, IndexError> {
        let next = self.entries.next();
        let (blocks, bytes) = (self.entries.blocks_read(), self.entries.bytes_read());
        if blocks != self.blocks {
            pass.read(u64::from(blocks - self.blocks), bytes - self.bytes)?;
            (self.blocks, self.bytes) = (blocks, bytes);
        }
        let (key, value) = match next {
            None => return Ok(None),
            Some(entry) => entry.map_err(|err| fault(err).at(self.path))?,
        };
        if key.len() != self.key_len {
            let why = format!(
                "entry {} has a key of {} bytes, not {}",
                self.read,
                key.len(),
                self.key_len
            );
            return Err(damaged(self.path, "a key", why));
        }
        if self.read > 0 && key <= self.last {
            let why = format!("entry {}'s key is not above the one before", self.read);
            return Err(damaged(self.path, "the keys' order", why));
        }
        self.last.clone_from(&key);
        self.read += 1;
        pass.verified.entries += 1;
        Ok(Some((key, value)))
    }

    /// The table read to its end: as many entries as its footer says, its bytes counted
    /// whole (its header, block index and footer too).
    pub(crate) fn finish(mut self, pass: &mut Pass) -> Result<(), IndexError> {
        if self.next(pass)?.is_some() {
            let why = format!("more than the {} entries expected", self.read - 1);
            return Err(damaged(self.path, "its entries", why));
        }
        if self.read != self.table.entries() {
            let why = format!(
                "{} entries read, the footer says {}",
                self.read,
                self.table.entries()
            );
            return Err(damaged(self.path, "its number of entries", why));
        }
        pass.verified.tables += 1;
        pass.read(0, self.table.bytes().saturating_sub(self.bytes))
    }
}

/// The games a segment holds, by ordinal (a number no game has since a removal is a hole).
#[derive(Debug)]
pub(crate) struct Present {
    bits: Vec<u64>,
    count: u64,
}

impl Present {
    /// None yet, of a segment of `games` ordinals.
    pub(crate) fn new(games: u64) -> Present {
        Present {
            bits: vec![0; games.div_ceil(64) as usize],
            count: 0,
        }
    }

    /// Game `ordinal` is held.
    pub(crate) fn set(&mut self, ordinal: u64) {
        if let Some(word) = self.bits.get_mut((ordinal / 64) as usize) {
            *word |= 1 << (ordinal % 64);
            self.count += 1;
        }
    }

    /// Whether game `ordinal` is held.
    pub(crate) fn has(&self, ordinal: u64) -> bool {
        self.bits
            .get((ordinal / 64) as usize)
            .is_some_and(|word| word >> (ordinal % 64) & 1 == 1)
    }

    /// The games held.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }
}

/// A game's key mixed into 64 bits (splitmix64's finalizer), summed over a segment's games
/// once from their records and once from `ids.tbl`: equal sums, the same keys.
pub(crate) fn mix(key: &[u8]) -> u64 {
    let mut bytes = [0; 8];
    for (to, from) in bytes.iter_mut().zip(key) {
        *to = *from;
    }
    let mut z = u64::from_le_bytes(bytes).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
