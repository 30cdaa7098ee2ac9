//! The decompressed blocks an index keeps ([`BlockCache`]): one cache for every table of
//! every segment it has open, bounded in bytes (quick_cache's CLOCK-Pro evicts), each
//! table's blocks keyed by the table's own number ([`TableCache`]) and the block's. A
//! segment is immutable and kept open across commits, so its blocks stay valid for as long
//! as it is; a segment dropped leaves its blocks to be evicted.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use quick_cache::Weighter;
use quick_cache::sync::Cache;

/// A block's key: its table's number ([`BlockCache::table`]), then the block's.
type BlockKey = (u64, u32);

/// A block weighs its bytes (at least one, as quick_cache wants no weightless item).
#[derive(Clone, Copy, Debug)]
struct Bytes;

impl Weighter<BlockKey, Arc<[u8]>> for Bytes {
    fn weight(&self, _: &BlockKey, block: &Arc<[u8]>) -> u64 {
        block.len().max(1) as u64
    }
}

/// Decompressed blocks of many tables, at most a number of bytes of them; shared by threads.
pub(crate) struct BlockCache {
    /// `None` for a cache of no bytes: every block is read for one use.
    blocks: Option<Cache<BlockKey, Arc<[u8]>, Bytes>>,
    /// The number the next table opened with it gets.
    tables: AtomicU64,
}

impl fmt::Debug for BlockCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockCache")
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}

/// A block's usual size uncompressed, to size the cache's table of items.
const TYPICAL_BLOCK: usize = 16 << 10;

impl BlockCache {
    /// A cache of at most `capacity` bytes of blocks (0: none kept).
    pub(crate) fn new(capacity: usize) -> Arc<BlockCache> {
        let blocks = (capacity > 0).then(|| {
            let items = (capacity / TYPICAL_BLOCK).max(16);
            Cache::with_weighter(items, capacity as u64, Bytes)
        });
        Arc::new(BlockCache {
            blocks,
            tables: AtomicU64::new(0),
        })
    }

    /// The share of a table newly opened: its blocks under a number no other table has.
    /// `None` when the cache keeps nothing.
    pub(crate) fn table(self: &Arc<BlockCache>) -> Option<TableCache> {
        self.blocks.as_ref()?;
        Some(TableCache {
            cache: Arc::clone(self),
            table: self.tables.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// The bytes of the blocks kept.
    pub(crate) fn bytes(&self) -> u64 {
        self.blocks.as_ref().map_or(0, Cache::weight)
    }
}

/// One table's share of a [`BlockCache`].
#[derive(Debug)]
pub(crate) struct TableCache {
    cache: Arc<BlockCache>,
    table: u64,
}

impl TableCache {
    /// Block `block`, if kept.
    pub(super) fn get(&self, block: u32) -> Option<Arc<[u8]>> {
        self.cache.blocks.as_ref()?.get(&(self.table, block))
    }

    /// Keeps block `block`, evicting others (of any table) as needed; a block larger than
    /// the whole cache is not kept.
    pub(super) fn insert(&self, block: u32, bytes: Arc<[u8]>) {
        if let Some(blocks) = &self.cache.blocks {
            blocks.insert((self.table, block), bytes);
        }
    }
}
