//! The decompressed blocks a table keeps ([`Cache`]), by block number, up to a number of
//! bytes: CLOCK (second chance) evicts, a block read since it was last passed over staying
//! one more round.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

/// Blocks kept, and the bytes they hold.
#[derive(Debug, Default)]
struct Kept {
    /// Each block kept: its bytes, and whether it was read since the clock last passed it.
    blocks: HashMap<u32, (Arc<[u8]>, bool)>,
    /// The clock: the blocks kept, the next to pass over at the front.
    clock: VecDeque<u32>,
    /// The bytes of the blocks kept.
    bytes: usize,
}

/// Decompressed blocks by number, at most `capacity` bytes of them; shared by threads.
#[derive(Debug)]
pub(super) struct Cache {
    /// The most bytes kept.
    capacity: usize,
    /// What is kept.
    kept: Mutex<Kept>,
}

impl Cache {
    /// A cache of at most `capacity` bytes of blocks.
    pub(super) fn new(capacity: usize) -> Cache {
        Cache {
            capacity,
            kept: Mutex::new(Kept::default()),
        }
    }

    /// Block `block`, if kept.
    pub(super) fn get(&self, block: u32) -> Option<Arc<[u8]>> {
        // A thread that panicked holding the lock left the cache whole: each change below
        // is made before the next begins, none of them panics.
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let (bytes, read) = kept.blocks.get_mut(&block)?;
        *read = true;
        Some(Arc::clone(bytes))
    }

    /// Keeps block `block`, evicting others as needed; a block larger than the whole
    /// cache is not kept.
    pub(super) fn insert(&self, block: u32, bytes: Arc<[u8]>) {
        if bytes.len() > self.capacity {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.blocks.contains_key(&block) {
            return;
        }
        while kept.bytes + bytes.len() > self.capacity {
            let Some(next) = kept.clock.pop_front() else {
                break;
            };
            match kept.blocks.get_mut(&next) {
                Some((_, read)) if *read => {
                    *read = false;
                    kept.clock.push_back(next);
                }
                Some(_) => {
                    if let Some((old, _)) = kept.blocks.remove(&next) {
                        kept.bytes -= old.len();
                    }
                }
                None => {}
            }
        }
        kept.bytes += bytes.len();
        kept.blocks.insert(block, (bytes, false));
        kept.clock.push_back(block);
    }

    /// The bytes of the blocks kept.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .bytes
    }
}
