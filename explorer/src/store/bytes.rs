//! The index's values as bytes: unsigned LEB128 numbers, written and read back.

/// Appends `value` as LEB128: 7 bits a byte, low first, the high bit set on all but the last.
pub(crate) fn put(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7F) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Appends `text`, its length first.
pub(crate) fn put_text(out: &mut Vec<u8>, text: &str) {
    put(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

/// Bytes read front to back; every read is `None` past their end or on a malformed number.
#[derive(Debug)]
pub(crate) struct Reader<'a>(pub(crate) &'a [u8]);

impl<'a> Reader<'a> {
    /// The next byte.
    pub(crate) fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }

    /// The next two bytes, little-endian.
    pub(crate) fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes([self.byte()?, self.byte()?]))
    }

    /// The next `N` bytes.
    pub(crate) fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (array, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*array)
    }

    /// The next LEB128 number.
    pub(crate) fn number(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7F).checked_shl(shift)?;
            if byte < 0x80 {
                return Some(value);
            }
        }
        None
    }

    /// The next LEB128 number, as a count of items each at least one byte long: no more than
    /// the bytes left, so that a corrupt count cannot make a reader reserve much.
    pub(crate) fn count(&mut self) -> Option<usize> {
        usize::try_from(self.number()?)
            .ok()
            .filter(|&count| count <= self.0.len())
    }

    /// The next text, its length first.
    pub(crate) fn text(&mut self) -> Option<&'a str> {
        let length = self.count()?;
        let (text, rest) = self.0.split_at_checked(length)?;
        self.0 = rest;
        std::str::from_utf8(text).ok()
    }

    /// Whether every byte has been read.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::{Reader, put, put_text};

    #[test]
    fn numbers_and_texts_read_back() {
        let numbers = [
            0,
            1,
            127,
            128,
            300,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ];
        let mut bytes = Vec::new();
        for n in numbers {
            put(&mut bytes, n);
        }
        put_text(&mut bytes, "DrNykterstein");
        let mut reader = Reader(&bytes);
        for n in numbers {
            assert_eq!(reader.number(), Some(n));
        }
        assert_eq!(reader.text(), Some("DrNykterstein"));
        assert!(reader.is_empty());
        assert_eq!(reader.number(), None);
        // Eleven continuation bytes are no number.
        assert_eq!(Reader(&[0xFF; 11]).number(), None);
    }
}
