//! A block's entries, uncompressed: each the prefix its key shares with the key before it,
//! the rest of its key, its value's length (LEB128, read as strictly as every number of the
//! index: `crate::store::bytes`) and its value; written by [`put_entry`], read back one at a
//! time by a [`Cursor`].

use std::cmp::Ordering;

use crate::store::bytes::{Leb128Error, leb128, leb128_len, put};

/// How many leading bytes `a` and `b` share.
pub(super) fn shared_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Appends an entry to a block's bytes: `shared` the bytes its key shares with the key
/// before it in the block (0 for the block's first), `key` its whole key.
pub(super) fn put_entry(out: &mut Vec<u8>, shared: u8, key: &[u8], value: &[u8]) {
    out.push(shared);
    out.extend_from_slice(key.get(usize::from(shared)..).unwrap_or_default());
    put(out, value.len() as u64);
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
        let (len, rest) = leb128(rest).map_err(|err| match err {
            Leb128Error::Truncated => "value length runs past its end",
            Leb128Error::Overlong => "value length is longer than its shortest LEB128",
            Leb128Error::Overflow => "value length is a LEB128 past 64 bits",
        })?;
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

#[cfg(test)]
mod tests {
    use super::{Cursor, entry_len, put_entry};

    /// A block of one entry of a 2-byte key, its value's length written as `len`.
    fn block(len: &[u8], value: &[u8]) -> Vec<u8> {
        let mut out = vec![0, b'k', b'y'];
        out.extend_from_slice(len);
        out.extend_from_slice(value);
        out
    }

    #[test]
    fn entries_read_back_and_value_lengths_are_strict() {
        let mut bytes = Vec::new();
        put_entry(&mut bytes, 0, b"ab", &[7; 200]);
        put_entry(&mut bytes, 1, b"ac", b"");
        assert_eq!(bytes.len(), entry_len(0, 2, 200) + entry_len(1, 2, 0));
        let mut cursor = Cursor::default();
        assert_eq!(cursor.next(&bytes, 2), Ok(Some(&[7; 200][..])));
        assert_eq!(cursor.next(&bytes, 2), Ok(Some(&b""[..])));
        assert_eq!((cursor.key(), cursor.read()), (&b"ac"[..], 2));
        assert_eq!(cursor.next(&bytes, 2), Ok(None));

        assert_eq!(
            Cursor::default().next(&block(&[3], b"abc"), 2),
            Ok(Some(&b"abc"[..]))
        );
        // 3 and 0 written longer than their shortest: refused, not read as 3 and 0.
        for len in [&[0x83, 0x00][..], &[0x83, 0x80, 0x00], &[0x80, 0x00]] {
            let err = Cursor::default().next(&block(len, b"abc"), 2).unwrap_err();
            assert!(err.contains("shortest"), "{len:?}: {err}");
        }
        let err = Cursor::default()
            .next(&block(&[0x80; 11], b""), 2)
            .unwrap_err();
        assert!(err.contains("64 bits"), "{err}");
        let err = Cursor::default()
            .next(&block(&[0x80, 0x80], b""), 2)
            .unwrap_err();
        assert!(err.contains("past its end"), "{err}");
        let err = Cursor::default().next(&block(&[4], b"abc"), 2).unwrap_err();
        assert_eq!(err, "value runs past its end");
    }
}
