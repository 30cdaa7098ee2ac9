//! Feature `sha2`: the random words of a verifiable event draw. Word i is the first 8 bytes,
//! big-endian, of SHA-256 of `<seed text>:<i>` (i in decimal), so anyone with the published
//! seed text can compute them again (`printf 'abc:0' | sha256sum`).

use sha2::{Digest, Sha256};

use crate::checked::cannot_happen;

/// The words of a seed text, in order, without end ([`SeedWords::new`]). No allocation: the
/// hash state after `<seed text>:` is kept, and each word hashes only its index on top.
///
/// ```
/// use chess960::book::Book;
/// use chess960::draw::SeedWords;
///
/// // SHA-256("abc:0") begins 5f36efce86f68877 (`printf abc:0 | sha256sum`).
/// assert_eq!(SeedWords::new("abc").next(), Some(0x5f36_efce_86f6_8877));
/// // What `chess960 draw --seed-text abc --count 2 --dfrc` draws:
/// let drawn: Vec<String> = Book::DFRC.draws(SeedWords::new("abc")).take(2).map(|e| e.to_string()).collect();
/// assert_eq!(drawn.len(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct SeedWords {
    /// The hash state after `<seed text>:`.
    prefix: Sha256,
    /// The index of the next word.
    index: u64,
}

impl SeedWords {
    /// The words of `seed_text`, from word 0.
    ///
    /// ```
    /// use chess960::draw::SeedWords;
    ///
    /// // SHA-256(":1") for the empty seed text: `printf :1 | sha256sum`.
    /// assert_eq!(SeedWords::new("").nth(1), Some(0x882e_0dab_c11b_4d21));
    /// ```
    pub fn new(seed_text: &str) -> SeedWords {
        let mut prefix = Sha256::new();
        prefix.update(seed_text.as_bytes());
        prefix.update(b":");
        SeedWords { prefix, index: 0 }
    }
}

impl Iterator for SeedWords {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        let mut n = self.index;
        loop {
            start -= 1;
            if let Some(digit) = digits.get_mut(start) {
                *digit = b'0' + (n % 10) as u8;
            }
            n /= 10;
            if n == 0 || start == 0 {
                break;
            }
        }
        let mut hasher = self.prefix.clone();
        hasher.update(digits.get(start..).unwrap_or_else(|| cannot_happen(&[])));
        let digest = hasher.finalize();
        self.index = self.index.checked_add(1)?;
        digest.first_chunk().map(|bytes| u64::from_be_bytes(*bytes))
    }
}
