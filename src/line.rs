//! The one implementation behind the line types (`Fen`, `Epd`, `Pgn`, each of which uses it):
//! a fixed-capacity ASCII text built in `const fn`s, so lines are written without
//! allocating, and `line_type!`, which gives each line type the same methods and traits.

use crate::checked::cannot_happen;

/// Up to `N` bytes of ASCII text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
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

    /// Exactly `bytes`, all `N` of them: a line written whole, without copying byte by byte.
    pub(crate) const fn full(bytes: [u8; N]) -> Self {
        Text { bytes, len: N }
    }

    /// The text with `byte` appended. Every caller's capacity is sized for what it writes
    /// (tests check the longest); a byte past the end cannot happen.
    const fn byte(mut self, byte: u8) -> Self {
        if let Some((_, [slot, ..])) = self.bytes.split_at_mut_checked(self.len) {
            *slot = byte;
            self.len += 1;
        } else {
            cannot_happen(());
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
            None => cannot_happen(self),
        }
    }

    /// The bytes written.
    pub(crate) const fn as_bytes(&self) -> &[u8] {
        match self.bytes.split_at_checked(self.len) {
            Some((written, _)) => written,
            None => cannot_happen::<&[u8]>(&[]),
        }
    }

    /// The text written; every byte pushed is ASCII.
    pub(crate) fn as_str(&self) -> &str {
        match core::str::from_utf8(self.as_bytes()) {
            Ok(text) => text,
            Err(_) => cannot_happen(""),
        }
    }
}

/// Defines a line type: a newtype over [`Text`] of capacity `$capacity`, with `as_str`,
/// `as_bytes`, `len`, `Display`, `Debug` (quoted), `AsRef<str>`, and `PartialEq` with `str`
/// and `&str`. Every example is a doctest written for that line type (`$example`: an
/// expression of the type, with what it needs in scope from `$uses`).
macro_rules! line_type {
    (
        $(#[$attr:meta])*
        pub struct $name:ident($capacity:expr);
        example: $example:expr;
        uses: $uses:literal;
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name($crate::line::Text<{ $capacity }>);

        impl $name {
            /// The line as text, without a line end.
            ///
            /// ```
            #[doc = $uses]
            #[doc = concat!("let line = ", stringify!($example), ";")]
            /// assert!(line.as_str().is_ascii());
            /// ```
            #[inline]
            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }

            /// The line as ASCII bytes, without a line end.
            ///
            /// ```
            #[doc = $uses]
            #[doc = concat!("let line = ", stringify!($example), ";")]
            /// assert_eq!(line.as_bytes(), line.as_str().as_bytes());
            /// ```
            #[inline]
            pub const fn as_bytes(&self) -> &[u8] {
                self.0.as_bytes()
            }

            /// Its length in bytes (all ASCII, so also in characters).
            ///
            /// ```
            #[doc = $uses]
            #[doc = concat!("let line = ", stringify!($example), ";")]
            /// assert_eq!(line.len(), line.as_str().len());
            /// ```
            #[inline]
            #[allow(clippy::len_without_is_empty, reason = "a line is never empty")]
            pub const fn len(&self) -> usize {
                self.0.as_bytes().len()
            }
        }

        /// The text.
        ///
        /// ```
        #[doc = $uses]
        #[doc = concat!("let line = ", stringify!($example), ";")]
        /// assert_eq!(line.to_string(), line.as_str());
        /// ```
        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.pad(self.as_str())
            }
        }

        /// The type's name and the text, quoted.
        ///
        /// ```
        #[doc = $uses]
        #[doc = concat!("let line = ", stringify!($example), ";")]
        #[doc = concat!("assert_eq!(format!(\"{line:?}\"), format!(\"", stringify!($name), "({:?})\", line.as_str()));")]
        /// ```
        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple(stringify!($name)).field(&self.as_str()).finish()
            }
        }

        /// The text.
        ///
        /// ```
        #[doc = $uses]
        #[doc = concat!("let line = ", stringify!($example), ";")]
        /// let text: &str = line.as_ref();
        /// assert_eq!(text, line.as_str());
        /// ```
        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        /// Compares the text.
        ///
        /// ```
        #[doc = $uses]
        #[doc = concat!("let line = ", stringify!($example), ";")]
        /// let text = line.to_string();
        /// assert_eq!(line, *text.as_str());
        /// ```
        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_bytes() == other.as_bytes()
            }
        }

        /// Compares the text.
        ///
        /// ```
        #[doc = $uses]
        #[doc = concat!("let line = ", stringify!($example), ";")]
        /// let text = line.to_string();
        /// assert_eq!(line, text.as_str());
        /// assert_ne!(line, "");
        /// ```
        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_bytes() == other.as_bytes()
            }
        }
    };
}

pub(crate) use line_type;

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
        assert_eq!(Text::<4>::EMPTY.push(b"ab").push(b"cd").as_str(), "abcd");
    }
}
