//! Each player's games in a segment, by colour (`players.tbl`): a player's key ([`player_key`]:
//! the FNV-1a of the name's lowercase, as lichess matches user ids whatever their case, then
//! 0 for White or 1 for Black), and the numbers of the games they played with that colour,
//! ascending (the first, then each gap, LEB128). Two names of one key are told apart by the
//! games' records, which hold the names.

use cozy_chess::Color;

use crate::store::bytes::{leb128, put};

/// A key's length: the name's hash, then the colour.
pub(crate) const KEY_LEN: usize = 9;

/// The key of the games `name` played with `color`; `None` for no name (a game without the
/// tag is no player's).
pub(crate) fn player_key(name: &str, color: Color) -> Option<[u8; KEY_LEN]> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.to_lowercase().bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut key = [0; KEY_LEN];
    let (high, side) = key.split_at_mut(8);
    high.copy_from_slice(&hash.to_be_bytes());
    side.fill(u8::from(color == Color::Black));
    Some(key)
}

/// Whether `name` is the player `asked` names, as lichess matches user ids: the same once
/// both are lowercase (surrounding spaces not counted).
pub(crate) fn same_player(name: &str, asked: &str) -> bool {
    let (name, asked) = (name.trim(), asked.trim());
    name.eq_ignore_ascii_case(asked) || name.to_lowercase() == asked.to_lowercase()
}

/// `numbers` (ascending) as a key's value.
pub(crate) fn write_numbers(numbers: &[u64], out: &mut Vec<u8>) {
    let mut last = 0;
    for (at, &number) in numbers.iter().enumerate() {
        put(out, if at == 0 { number } else { number - last });
        last = number;
    }
}

/// The numbers of a key's value ([`write_numbers`]); `None` if `bytes` are not one (empty,
/// a cut or overlong number, two numbers alike).
pub(crate) fn read_numbers(mut bytes: &[u8]) -> Option<Vec<u64>> {
    let mut numbers: Vec<u64> = Vec::new();
    while !bytes.is_empty() {
        let (gap, rest) = leb128(bytes).ok()?;
        let number = match numbers.last() {
            None => gap,
            Some(&last) if gap > 0 => last.checked_add(gap)?,
            Some(_) => return None,
        };
        numbers.push(number);
        bytes = rest;
    }
    (!numbers.is_empty()).then_some(numbers)
}

#[cfg(test)]
mod tests {
    use cozy_chess::Color;

    use super::{player_key, read_numbers, same_player, write_numbers};

    #[test]
    fn a_player_is_keyed_by_name_whatever_its_case_and_colour_apart() {
        let key = player_key("DrNykterstein", Color::White).unwrap();
        assert_eq!(player_key(" drnykterstein ", Color::White), Some(key));
        let black = player_key("drnykterstein", Color::Black).unwrap();
        assert_eq!((key[..8] == black[..8], key[8], black[8]), (true, 0, 1));
        assert_ne!(player_key("Müller", Color::White), Some(key));
        assert_eq!(
            player_key("MÜLLER", Color::White),
            player_key("müller", Color::White)
        );
        assert_eq!(player_key("  ", Color::White), None);
        assert!(same_player("Müller", " MÜLLER") && !same_player("Muller", "Müller"));
    }

    #[test]
    fn numbers_read_back_and_a_value_not_one_is_refused() {
        for numbers in [vec![0], vec![7, 8, 300, 1 << 40], vec![u64::MAX]] {
            let mut bytes = Vec::new();
            write_numbers(&numbers, &mut bytes);
            assert_eq!(read_numbers(&bytes), Some(numbers));
        }
        // Empty, a number twice (a gap of 0), cut, overlong.
        for bad in [&[][..], &[5, 0], &[0x80], &[0x81, 0x00]] {
            assert_eq!(read_numbers(bad), None, "{bad:?}");
        }
    }
}
