//! A game's id when it is not lichess's ([`stable_id`]).

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
