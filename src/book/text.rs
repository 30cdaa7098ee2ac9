//! A fixed-capacity ASCII text, built in `const fn`s: how book lines are written without
//! allocating.

/// Up to `N` bytes of ASCII text.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Text<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    /// No text.
    pub(crate) const EMPTY: Self = Text {
        bytes: [0; N],
        len: 0,
    };

    /// The text with `byte` appended. Every caller's capacity is sized for what it writes
    /// (tests check the longest); a byte past the end would be dropped, never a panic.
    const fn byte(mut self, byte: u8) -> Self {
        if let Some((_, [slot, ..])) = self.bytes.split_at_mut_checked(self.len) {
            *slot = byte;
            self.len += 1;
        }
        self
    }

    /// The text with `bytes` appended.
    pub(crate) const fn push(mut self, bytes: &[u8]) -> Self {
        let mut rest = bytes;
        while let [first, tail @ ..] = rest {
            self = self.byte(*first);
            rest = tail;
        }
        self
    }

    /// The text with `number` appended in decimal.
    pub(crate) const fn number(self, number: u16) -> Self {
        let mut digits = [0u8; 5];
        let (mut n, mut start) = (number, digits.len());
        while let Some((_, [slot, ..])) = digits.split_at_mut_checked(start.wrapping_sub(1)) {
            *slot = b'0' + (n % 10) as u8;
            start -= 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        match digits.split_at_checked(start) {
            Some((_, written)) => self.push(written),
            None => self,
        }
    }

    /// The bytes written.
    pub(crate) const fn as_bytes(&self) -> &[u8] {
        match self.bytes.split_at_checked(self.len) {
            Some((written, _)) => written,
            None => &self.bytes,
        }
    }

    /// The text written; every byte pushed is ASCII.
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::Text;

    #[test]
    fn numbers_and_capacity() {
        for (number, text) in [
            (0, "0"),
            (7, "7"),
            (10, "10"),
            (959, "959"),
            (u16::MAX, "65535"),
        ] {
            assert_eq!(Text::<8>::EMPTY.number(number).as_str(), text);
        }
        assert_eq!(Text::<3>::EMPTY.push(b"ab").push(b"cd").as_str(), "abc");
    }
}
