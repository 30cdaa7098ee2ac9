//! A block's entries, uncompressed: each the prefix its key shares with the key before it,
//! the rest of its key, its value's length (LEB128) and its value; written by
//! [`put_entry`], read back one at a time by a [`Cursor`].

use std::cmp::Ordering;

/// The most bytes a LEB128 u64 takes.
const MAX_LEB128: usize = 10;

/// Appends `value` to `out` as unsigned LEB128.
pub(super) fn put_leb128(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7F) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// How many bytes [`put_leb128`] writes for `value`.
pub(super) fn leb128_len(value: u64) -> usize {
    let bits = 64 - value.leading_zeros() as usize;
    bits.div_ceil(7).max(1)
}

/// Reads an unsigned LEB128 from the start of `bytes`: its value and the bytes after it, or
/// `None` when it runs past `bytes` or past 64 bits.
fn leb128(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().take(MAX_LEB128).enumerate() {
        let bits = u64::from(byte & 0x7F);
        let shift = 7 * i as u32;
        // The tenth byte holds bit 63 alone.
        if shift == 63 && bits > 1 {
            return None;
        }
        value |= bits << shift;
        if byte & 0x80 == 0 {
            return Some((value, bytes.get(i + 1..)?));
        }
    }
    None
}

/// How many leading bytes `a` and `b` share.
pub(super) fn shared_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Appends an entry to a block's bytes: `shared` the bytes its key shares with the key
/// before it in the block (0 for the block's first), `key` its whole key.
pub(super) fn put_entry(out: &mut Vec<u8>, shared: u8, key: &[u8], value: &[u8]) {
    out.push(shared);
    out.extend_from_slice(key.get(usize::from(shared)..).unwrap_or_default());
    put_leb128(out, value.len() as u64);
    out.extend_from_slice(value);
}

/// The length of an entry [`put_entry`] writes.
pub(super) fn entry_len(shared: usize, key_len: usize, value_len: usize) -> usize {
    1 + key_len.saturating_sub(shared) + leb128_len(value_len as u64) + value_len
}

/// Where a reading of a block's entries is: the entries read, the last key read and where
/// the next entry begins. It holds no bytes: each step is given the block's.
#[derive(Debug, Default)]
pub(super) struct Cursor {
    /// Where the next entry begins in the block.
    at: usize,
    /// The last key read (empty before the first).
    key: Vec<u8>,
    /// How many entries were read.
    read: u32,
}

impl Cursor {
    /// The last key read (empty before the first).
    pub(super) fn key(&self) -> &[u8] {
        &self.key
    }

    /// How many entries were read.
    pub(super) fn read(&self) -> u32 {
        self.read
    }

    /// Reads the next entry of `block`, of `key_len`-byte keys: its value (its key is then
    /// [`Cursor::key`]), `Ok(None)` at the block's end, or the rule its bytes break.
    pub(super) fn next<'b>(
        &mut self,
        block: &'b [u8],
        key_len: usize,
    ) -> Result<Option<&'b [u8]>, &'static str> {
        let Some(rest) = block.get(self.at..) else {
            return Err("entries run past its end");
        };
        let Some((&shared, rest)) = rest.split_first() else {
            return Ok(None);
        };
        let shared = usize::from(shared);
        if shared > self.key.len() || (self.read == 0 && shared != 0) {
            return Err("entry shares more of a key than the key before it has");
        }
        let Some((suffix, rest)) = rest.split_at_checked(key_len.saturating_sub(shared)) else {
            return Err("last key runs past its end");
        };
        if shared + suffix.len() != key_len {
            return Err("entry shares more of a key than the key length");
        }
        if self.read > 0 {
            let old = self.key.get(shared..).unwrap_or_default();
            if suffix.cmp(old) != Ordering::Greater {
                return Err("keys are not strictly increasing");
            }
        }
        let Some((len, rest)) = leb128(rest) else {
            return Err("value length is not a LEB128 within its bytes");
        };
        let Some((value, rest)) = usize::try_from(len)
            .ok()
            .and_then(|len| rest.split_at_checked(len))
        else {
            return Err("value runs past its end");
        };
        self.key.truncate(shared);
        self.key.extend_from_slice(suffix);
        self.at = block.len() - rest.len();
        self.read += 1;
        Ok(Some(value))
    }
}
