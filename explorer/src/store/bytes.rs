//! The index's values as bytes: unsigned LEB128 numbers, written ([`put`]) and read back
//! ([`leb128`]), one strict reading for every caller (the tables' value lengths and the
//! values' own numbers): a number's shortest bytes only, within 64 bits, whole.

use std::fmt;

/// The most bytes a LEB128 `u64` takes: 64 bits, 7 a byte.
pub(crate) const MAX_LEB128: usize = 10;

/// Why bytes do not begin with a LEB128 number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Leb128Error {
    /// They end before a byte without the high bit.
    Truncated,
    /// Longer than the number's shortest encoding: a last byte of 0 after another byte.
    Overlong,
    /// Past 64 bits: a tenth byte above 1 (an eleventh byte or bits above 63).
    Overflow,
}

impl Leb128Error {
    /// What is wrong, in words.
    pub(crate) fn message(self) -> &'static str {
        match self {
            Leb128Error::Truncated => "a LEB128 number runs past its bytes",
            Leb128Error::Overlong => "a LEB128 number is longer than its shortest encoding",
            Leb128Error::Overflow => "a LEB128 number is past 64 bits",
        }
    }
}

impl fmt::Display for Leb128Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Leb128Error {}

/// Appends `value` as LEB128: 7 bits a byte, low first, the high bit set on all but the last.
pub(crate) fn put(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7F) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// How many bytes [`put`] writes for `value`.
pub(crate) fn leb128_len(value: u64) -> usize {
    let bits = 64 - value.leading_zeros() as usize;
    bits.div_ceil(7).max(1)
}

/// The LEB128 number `bytes` begin with ([`put`]'s) and the bytes after it; an encoding
/// longer than the shortest, one past 64 bits or one cut short is refused.
pub(crate) fn leb128(bytes: &[u8]) -> Result<(u64, &[u8]), Leb128Error> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().take(MAX_LEB128).enumerate() {
        // The tenth byte holds bit 63 alone, and is the last.
        if i == MAX_LEB128 - 1 && byte > 1 {
            return Err(Leb128Error::Overflow);
        }
        value |= u64::from(byte & 0x7F) << (7 * i);
        if byte < 0x80 {
            if byte == 0 && i > 0 {
                return Err(Leb128Error::Overlong);
            }
            return Ok((value, bytes.get(i + 1..).unwrap_or_default()));
        }
    }
    Err(Leb128Error::Truncated)
}

/// Appends `text`, its length first.
pub(crate) fn put_text(out: &mut Vec<u8>, text: &str) {
    put(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

/// Bytes read front to back; every read is `None` past their end or on a malformed number
/// ([`Leb128Error`]).
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

    /// The next LEB128 number ([`leb128`]).
    pub(crate) fn number(&mut self) -> Option<u64> {
        let (value, rest) = leb128(self.0).ok()?;
        self.0 = rest;
        Some(value)
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
    use super::{Leb128Error, MAX_LEB128, Reader, leb128, leb128_len, put, put_text};

    /// `value`'s LEB128 bytes.
    fn encoded(value: u64) -> Vec<u8> {
        let mut out = Vec::new();
        put(&mut out, value);
        out
    }

    /// 0, 1, 127, 128, 2^k - 1, 2^k and 2^k + 1 for every k, u64::MAX.
    fn edges() -> Vec<u64> {
        let mut values = vec![0, 1, 127, 128, u64::MAX];
        for k in 0..64 {
            let power = 1u64 << k;
            values.extend([power - 1, power, power + 1]);
        }
        values
    }

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

    #[test]
    fn edge_values_read_back_in_their_shortest_bytes() {
        for value in edges() {
            let bytes = encoded(value);
            assert_eq!(bytes.len(), leb128_len(value), "{value}");
            assert!(bytes.len() <= MAX_LEB128);
            assert_eq!(leb128(&bytes), Ok((value, &[][..])), "{value}");
            // What follows is left as it was.
            let mut longer = bytes.clone();
            longer.extend_from_slice(&[0x00, 0xFF]);
            assert_eq!(leb128(&longer), Ok((value, &[0x00, 0xFF][..])), "{value}");
            let mut reader = Reader(&longer);
            assert_eq!(reader.number(), Some(value));
            assert_eq!(reader.0, [0x00, 0xFF]);
        }
        assert_eq!(encoded(127), [0x7F]);
        assert_eq!(encoded(128), [0x80, 0x01]);
        assert_eq!(encoded(u64::MAX), [[0xFF; 9].as_slice(), &[0x01]].concat());
    }

    #[test]
    fn pseudorandom_numbers_read_back() {
        // xorshift64*, each value shifted right by 0 to 63 bits so that every length occurs.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut bytes = Vec::new();
        let mut values = Vec::new();
        for i in 0..20_000u32 {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let value = state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> (i % 64);
            put(&mut bytes, value);
            values.push(value);
        }
        let mut rest = &bytes[..];
        for value in values {
            let (read, after) = leb128(rest).unwrap();
            assert_eq!(read, value);
            rest = after;
        }
        assert!(rest.is_empty());
    }

    #[test]
    fn overlong_numbers_are_refused() {
        // Every small number padded with continuation groups of zeros, up to ten bytes.
        for value in (0..300).chain([u64::from(u32::MAX), 1 << 56]) {
            let shortest = encoded(value);
            for len in shortest.len() + 1..=MAX_LEB128 {
                let mut padded = shortest.clone();
                *padded.last_mut().unwrap() |= 0x80;
                padded.resize(len - 1, 0x80);
                padded.push(0x00);
                assert_eq!(padded.len(), len);
                assert_eq!(leb128(&padded), Err(Leb128Error::Overlong), "{padded:x?}");
                assert_eq!(Reader(&padded).number(), None);
            }
        }
        assert_eq!(leb128(&[0x80, 0x00]), Err(Leb128Error::Overlong));
        assert_eq!(leb128(&[0xFF, 0x00]), Err(Leb128Error::Overlong));
        // A single 0 byte is 0's shortest form.
        assert_eq!(leb128(&[0x00]), Ok((0, &[][..])));
    }

    #[test]
    fn numbers_past_64_bits_are_refused() {
        // Eleven bytes, whatever their last.
        for last in [0x00, 0x01, 0x7F] {
            let mut eleven = vec![0xFF; 10];
            eleven.push(last);
            assert_eq!(leb128(&eleven), Err(Leb128Error::Overflow));
            assert_eq!(Reader(&eleven).number(), None);
        }
        assert_eq!(leb128(&[0x80; 11]), Err(Leb128Error::Overflow));
        // Ten bytes whose tenth has bits above bit 63.
        for tenth in [0x02, 0x03, 0x40, 0x7F, 0x81, 0xFF] {
            let mut ten = vec![0xFF; 9];
            ten.push(tenth);
            assert_eq!(leb128(&ten), Err(Leb128Error::Overflow), "{tenth:#x}");
            assert_eq!(Reader(&ten).number(), None);
        }
        // 2^63 and u64::MAX still read.
        let mut top = vec![0x80; 9];
        top.push(0x01);
        assert_eq!(leb128(&top), Ok((1 << 63, &[][..])));
    }

    #[test]
    fn cut_numbers_are_refused() {
        assert_eq!(leb128(&[]), Err(Leb128Error::Truncated));
        for value in edges() {
            let bytes = encoded(value);
            for cut in 0..bytes.len() {
                let part = &bytes[..cut];
                assert_eq!(
                    leb128(part),
                    Err(Leb128Error::Truncated),
                    "{value} cut at {cut}"
                );
                assert_eq!(Reader(part).number(), None);
            }
        }
        assert_eq!(leb128(&[0xFF; 9]), Err(Leb128Error::Truncated));
    }

    #[test]
    fn errors_read_as_words() {
        for err in [
            Leb128Error::Truncated,
            Leb128Error::Overlong,
            Leb128Error::Overflow,
        ] {
            assert_eq!(err.to_string(), err.message());
            assert!(err.message().starts_with("a LEB128 number"));
        }
    }
}
