//! [`Excerpt`]: what an error keeps of the text it names, without borrowing or allocating.

use core::fmt;

/// The start of a text an error names: up to `N` bytes (at most 255), cut at a character
/// boundary. `Copy` and `'static`, so that an error owns it and can be returned with `?` into
/// any error type.
///
/// ```
/// use chess960::Excerpt;
///
/// let short = Excerpt::<8>::new("e9");
/// assert_eq!((short.as_str(), short.is_cut()), ("e9", false));
/// let long = Excerpt::<8>::new("a very long word");
/// assert_eq!((long.as_str(), long.is_cut()), ("a very l", true));
/// assert_eq!(format!("{long:?}"), r#""a very l…""#);
/// assert_eq!(long.to_string(), "a very l…");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Excerpt<const N: usize> {
    bytes: [u8; N],
    len: u8,
    cut: bool,
}

impl<const N: usize> Excerpt<N> {
    /// The first `N` bytes of `text`, or fewer where a character would be split.
    ///
    /// ```
    /// assert_eq!(chess960::Excerpt::<2>::new("é!").as_str(), "é");
    /// assert_eq!(chess960::Excerpt::<1>::new("é").as_str(), "");
    /// ```
    pub fn new(text: &str) -> Excerpt<N> {
        const { assert!(N <= 255, "an excerpt keeps at most 255 bytes") };
        let mut len = text.len().min(N);
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; N];
        for (slot, byte) in bytes.iter_mut().zip(text.bytes().take(len)) {
            *slot = byte;
        }
        Excerpt {
            bytes,
            len: len as u8,
            cut: len < text.len(),
        }
    }

    /// The bytes kept, as text.
    ///
    /// ```
    /// assert_eq!(chess960::Excerpt::<8>::new("♙").as_str(), "♙");
    /// ```
    pub fn as_str(&self) -> &str {
        let kept = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        core::str::from_utf8(kept).unwrap_or_default()
    }

    /// Whether the text was longer than what is kept.
    ///
    /// ```
    /// assert!(!chess960::Excerpt::<8>::new("z").is_cut());
    /// ```
    pub const fn is_cut(&self) -> bool {
        self.cut
    }
}

/// The text kept, with `…` when it was cut.
impl<const N: usize> fmt::Display for Excerpt<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// The text kept, quoted, with `…` inside the quotes when it was cut.
impl<const N: usize> fmt::Debug for Excerpt<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}", self.as_str().escape_debug())?;
        if self.cut {
            f.write_str("…")?;
        }
        f.write_str("\"")
    }
}

/// Compares the text kept, as `assert_eq!(excerpt, "e9")` reads.
///
/// ```
/// assert_eq!(chess960::Excerpt::<8>::new("e9"), "e9");
/// ```
impl<const N: usize> PartialEq<&str> for Excerpt<N> {
    fn eq(&self, other: &&str) -> bool {
        !self.cut && self.as_str() == *other
    }
}
