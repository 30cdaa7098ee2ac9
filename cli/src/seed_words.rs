//! The random words of an event draw: word i is the first 8 bytes, big-endian, of SHA-256 of
//! `<seed text>:<i>`. Anyone with the seed text can compute them again.

use sha2::{Digest, Sha256};

/// The words of `seed_text`, in order, without end.
///
/// ```
/// use chess960_cli::seed_words::SeedWords;
///
/// // SHA-256("abc:0") begins 5f36efce86f68877 (`printf abc:0 | sha256sum`).
/// assert_eq!(SeedWords::new("abc").next(), Some(0x5f36_efce_86f6_8877));
/// ```
#[derive(Clone, Debug)]
pub struct SeedWords {
    /// `<seed text>:`, to which each word's index is appended.
    prefix: String,
    index: u64,
}

impl SeedWords {
    /// The words of `seed_text`, from word 0.
    pub fn new(seed_text: &str) -> SeedWords {
        SeedWords {
            prefix: format!("{seed_text}:"),
            index: 0,
        }
    }
}

impl Iterator for SeedWords {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let mut hasher = Sha256::new();
        hasher.update(self.prefix.as_bytes());
        hasher.update(self.index.to_string().as_bytes());
        let digest = hasher.finalize();
        self.index = self.index.checked_add(1)?;
        digest.first_chunk().map(|bytes| u64::from_be_bytes(*bytes))
    }
}

/// A fresh seed text: 32 hex digits (128 bits) of the system's randomness.
pub fn random_seed_text() -> Result<String, getrandom::Error> {
    let mut bytes = [0; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}
