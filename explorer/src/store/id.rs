//! A game's id: lichess's ([`LichessId`]), or one made for another site's game
//! ([`stable_id`]); and its key ([`GameKey`]), by which a game is counted once whatever file
//! brings it.

use sha2::{Digest, Sha256};

use chess960_pgn::Outcome;
use cozy_chess::Move;

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

/// What identifies a game that has no lichess id: its tags Event, Site, Date, Round, White,
/// Black (as text, [`chess960_pgn::Game`]'s), its outcome, its start (White's and Black's
/// Scharnagl ids) and its moves the index reads.
pub(crate) struct Identity<'a> {
    pub(crate) tags: [&'a str; 6],
    pub(crate) outcome: Outcome,
    pub(crate) start: [u16; 2],
    pub(crate) moves: &'a [Move],
}

/// A game's key: its lichess id's eight bytes (ASCII), or, for a game without one, the first
/// eight bytes of the SHA-256 of its [`Identity`], the first byte's top bit set, so that the
/// two kinds never meet. An add leaves out a game whose key the index (or the add, earlier)
/// holds. Tags are compared trimmed, each run of white space as one space, and a value of
/// only `?`, `.` and `-` (`?`, `????.??.??`) as an empty one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct GameKey([u8; 8]);

impl GameKey {
    /// The key of a game of lichess id `lichess_id`, if it has one, else of `identity`.
    pub(crate) fn of(lichess_id: Option<LichessId>, identity: &Identity<'_>) -> GameKey {
        if let Some(id) = lichess_id {
            return GameKey(id.bytes());
        }
        let mut sha = Sha256::new();
        for tag in identity.tags {
            let unknown = tag
                .chars()
                .all(|c| matches!(c, '?' | '.' | '-') || c.is_whitespace());
            if !unknown {
                for (i, word) in tag.split_whitespace().enumerate() {
                    if i > 0 {
                        sha.update(b" ");
                    }
                    sha.update(word.as_bytes());
                }
            }
            sha.update([0]);
        }
        sha.update([identity.outcome.index()]);
        for id in identity.start {
            sha.update(id.to_be_bytes());
        }
        for mv in identity.moves {
            let promotion = mv.promotion.map_or(0, |piece| piece as u8 + 1);
            sha.update([mv.from as u8, mv.to as u8, promotion]);
        }
        let mut key = [0; 8];
        key.copy_from_slice(sha.finalize().get(..8).unwrap_or(&[0; 8]));
        key[0] |= 0x80;
        GameKey(key)
    }

    /// The key of `bytes`.
    pub(crate) fn from_bytes(bytes: [u8; 8]) -> GameKey {
        GameKey(bytes)
    }

    /// Its bytes, as the index's table of keys keys them.
    pub(crate) fn bytes(self) -> [u8; 8] {
        self.0
    }

    /// The lichess id it is, if it is one.
    pub(crate) fn lichess_id(self) -> Option<LichessId> {
        match self.0[0] >> 7 {
            0 => std::str::from_utf8(&self.0).ok().and_then(LichessId::new),
            _ => None,
        }
    }
    /// The id a game is shown by: its lichess id, or for another game its key's 64 bits
    /// in [`ID_DIGITS`] (11 letters and digits, the lowest first), which
    /// [`GameKey::of_id`] reads back: the same in every index that holds the game, whatever
    /// its file is called.
    pub(crate) fn id(self) -> String {
        if let Some(id) = self.lichess_id() {
            return id.as_str().to_owned();
        }
        let mut value = u64::from_be_bytes(self.0);
        (0..11)
            .map(|_| {
                let digit = ID_DIGITS
                    .get((value % 62) as usize)
                    .copied()
                    .unwrap_or(b'0');
                value /= 62;
                char::from(digit)
            })
            .collect()
    }

    /// The key of the game shown by `id` ([`GameKey::id`]): 8 letters and digits, a lichess
    /// id; 11, another game's key; `None` for any other text.
    pub(crate) fn of_id(id: &str) -> Option<GameKey> {
        if let Some(id) = LichessId::new(id) {
            return Some(GameKey(id.bytes()));
        }
        if id.len() != 11 {
            return None;
        }
        let mut value: u64 = 0;
        for byte in id.bytes().rev() {
            let digit = ID_DIGITS.iter().position(|&d| d == byte)?;
            value = value.checked_mul(62)?.checked_add(digit as u64)?;
        }
        // Another game's key has its first byte's top bit set.
        (value >> 63 == 1).then(|| GameKey(value.to_be_bytes()))
    }
}

/// The digits of a game's id that is not lichess's ([`GameKey::id`]).
const ID_DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

#[cfg(test)]
mod tests {
    use super::{GameKey, Identity, LichessId};
    use chess960_pgn::Outcome;
    use cozy_chess::Move;

    #[test]
    fn a_game_s_key_is_its_lichess_id_or_the_hash_of_what_identifies_it() {
        let moves: [Move; 2] = ["e2e4".parse().unwrap(), "e7e5".parse().unwrap()];
        let identity = |tags: [&'static str; 6], outcome, moves: &'static [Move]| Identity {
            tags,
            outcome,
            start: [518, 518],
            moves,
        };
        let moves: &'static [Move] = Box::leak(Box::new(moves));
        let tags = [
            "Club ch",
            "Bern",
            "2024.01.05",
            "3",
            "Müller, A",
            "Smith, B",
        ];
        let key = GameKey::of(None, &identity(tags, Outcome::Draw, moves));
        assert_eq!((key.bytes()[0] >> 7, key.lichess_id()), (1, None));
        let id = LichessId::new("Xk3Pq9Zt");
        let lichess = GameKey::of(id, &identity(tags, Outcome::Draw, moves));
        assert_eq!((lichess.bytes(), lichess.lichess_id()), (*b"Xk3Pq9Zt", id));
        // Spaces, and unknown values written another way, are the same game.
        let spaced = [
            " Club  ch ",
            "Bern",
            "2024.01.05",
            "3",
            "Müller,  A",
            "Smith, B",
        ];
        assert_eq!(
            GameKey::of(None, &identity(spaced, Outcome::Draw, moves)),
            key
        );
        let unknown = |round| {
            [
                "Club ch",
                "Bern",
                "2024.01.05",
                round,
                "Müller, A",
                "Smith, B",
            ]
        };
        assert_eq!(
            GameKey::of(None, &identity(unknown("?"), Outcome::Draw, moves)),
            GameKey::of(None, &identity(unknown(""), Outcome::Draw, moves))
        );
        // Another tag, result, start or move is another game.
        let other = [
            "Club ch",
            "Bern",
            "2024.01.05",
            "4",
            "Müller, A",
            "Smith, B",
        ];
        assert_ne!(
            GameKey::of(None, &identity(other, Outcome::Draw, moves)),
            key
        );
        assert_ne!(
            GameKey::of(None, &identity(tags, Outcome::White, moves)),
            key
        );
        assert_ne!(
            GameKey::of(None, &identity(tags, Outcome::Draw, &moves[..1])),
            key
        );
        let mut start = identity(tags, Outcome::Draw, moves);
        start.start = [518, 0];
        assert_ne!(GameKey::of(None, &start), key);
        // A value moved to the next tag is another game (tags end with a zero byte).
        let shifted = [
            "Club ch",
            "Bern",
            "2024.01.05",
            "",
            "3Müller, A",
            "Smith, B",
        ];
        assert_ne!(
            GameKey::of(None, &identity(shifted, Outcome::Draw, moves)),
            key
        );
    }

    #[test]
    fn a_game_s_id_reads_back_as_its_key() {
        let lichess = GameKey::from_bytes(*b"Xk3Pq9Zt");
        assert_eq!(lichess.id(), "Xk3Pq9Zt");
        assert_eq!(GameKey::of_id("Xk3Pq9Zt"), Some(lichess));
        for bytes in [
            [0x80, 0, 0, 0, 0, 0, 0, 0],
            [0xFF; 8],
            [0x9a, 1, 2, 3, 4, 5, 6, 7],
        ] {
            let key = GameKey::from_bytes(bytes);
            let id = key.id();
            assert_eq!(id.len(), 11);
            assert!(id.bytes().all(|b| b.is_ascii_alphanumeric()), "{id}");
            assert_eq!(GameKey::of_id(&id), Some(key), "{id}");
        }
        // Not an id: another length, another character, a number past 64 bits, or one whose
        // top bit is clear (no key of another game).
        for not in [
            "",
            "Xk3Pq9Z",
            "Xk3Pq9Zt-12",
            "ZZZZZZZZZZZ",
            "00000000000",
            "0000000000Ü",
        ] {
            assert_eq!(GameKey::of_id(not), None, "{not}");
        }
    }

    #[test]
    fn lichess_ids_are_eight_letters_and_digits() {
        let id = LichessId::new("Xk3Pq9Zt").unwrap();
        assert_eq!((id.as_str(), id.bytes()), ("Xk3Pq9Zt", *b"Xk3Pq9Zt"));
        for not in ["Xk3Pq9Z", "Xk3Pq9Ztu", "Xk3Pq9Z-", "Xk3Pq9Zé"] {
            assert_eq!(LichessId::new(not), None, "{not}");
        }
    }
}
