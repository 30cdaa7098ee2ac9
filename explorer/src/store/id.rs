//! A game's id: lichess's ([`LichessId`]), or one made for another site's game
//! ([`stable_id`]).

/// A lichess game's id: eight ASCII letters and digits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct LichessId([u8; 8]);

impl LichessId {
    /// The id `id`, if it is eight ASCII letters and digits.
    pub(crate) fn new(id: &str) -> Option<LichessId> {
        let bytes = <[u8; 8]>::try_from(id.as_bytes()).ok()?;
        bytes
            .iter()
            .all(u8::is_ascii_alphanumeric)
            .then_some(LichessId(bytes))
    }

    /// Its bytes, as the index's table of lichess ids keys them.
    pub(crate) fn bytes(self) -> [u8; 8] {
        self.0
    }

    /// The id as text.
    pub(crate) fn as_str(&self) -> &str {
        // ASCII, so UTF-8.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

/// A game's id when it is not lichess's: eight letters and digits, as lichess's are, from
/// its input's name and its number there (FNV-1a), the same in every run over that input.
///
/// ```
/// let id = chess960_explorer::stable_id("ccrl.pgn".as_ref(), 41);
/// assert_eq!((id.len(), id.chars().all(|c| c.is_ascii_alphanumeric())), (8, true));
/// assert_ne!(id, chess960_explorer::stable_id("ccrl.pgn".as_ref(), 42));
/// ```
pub fn stable_id(file: &std::ffi::OsStr, number: u64) -> String {
    const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let number = number.to_le_bytes();
    for &byte in file.as_encoded_bytes().iter().chain(&[0]).chain(&number) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    (0..8)
        .map(|_| {
            let digit = DIGITS.get((hash % 62) as usize).copied().unwrap_or(b'0');
            hash /= 62;
            char::from(digit)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::LichessId;

    #[test]
    fn lichess_ids_are_eight_letters_and_digits() {
        let id = LichessId::new("Xk3Pq9Zt").unwrap();
        assert_eq!((id.as_str(), id.bytes()), ("Xk3Pq9Zt", *b"Xk3Pq9Zt"));
        for not in ["Xk3Pq9Z", "Xk3Pq9Ztu", "Xk3Pq9Z-", "Xk3Pq9Zé"] {
            assert_eq!(LichessId::new(not), None, "{not}");
        }
    }
}
