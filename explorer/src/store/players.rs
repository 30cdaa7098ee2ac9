//! Each player's games in a segment, by colour (`players.tbl`): a player's key ([`player_key`]:
//! the FNV-1a of the name's lowercase, as lichess matches user ids whatever their case, then
//! a byte of the colour and the value's kind), and the games they played with that colour.
//! Two names of one key are told apart by the games' records, which hold the names.
//!
//! A key of fewer than [`GROUPED_FROM`] games holds their numbers, ascending (the first, then
//! each gap, LEB128). A key of more holds them with the start each game began at ([`Start`]),
//! so that a query reads only the games of the starts that can reach its position
//! (`answer/player.rs`): a busy player's games are spread over the whole segment, each
//! a read of a block of `games.tbl`.

use cozy_chess::Color;

use crate::store::bytes::{leb128, put};

/// A key's length: the name's hash, then the colour and kind ([`PLAIN`] or [`GROUPED`] added
/// to the colour's 0 or 2).
pub(crate) const KEY_LEN: usize = 9;

/// The games a key must have to be kept with their starts: a player of fewer is read whole
/// (256 records at random: about 5 ms), and most players' games cost no byte more (a start
/// costs about 2 bytes a game).
pub(crate) const GROUPED_FROM: usize = 256;

/// The last byte of a key whose value is numbers alone, added to its colour's.
pub(crate) const PLAIN: u8 = 0;
/// The last byte of a key whose value is grouped by start, added to its colour's.
pub(crate) const GROUPED: u8 = 1;

/// The start a game began at, as `players.tbl` groups a busy player's games: `n + 1` for
/// the start (or Double Fischer Random pair) numbered `n` (`chess960_pgn::tree::STARTS`), 0
/// for a game that began at a position no start is (a FEN's).
pub(crate) type Start = u32;

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
    side.fill(2 * u8::from(color == Color::Black) + PLAIN);
    Some(key)
}

/// A player key's colour (its last byte: 0 and 1 White, 2 and 3 Black) as the top bit of a
/// number: `index verify` mixes a key's first 8 bytes (the name's hash) with a game's number,
/// and this tells White's games from Black's there.
pub(crate) fn colour_bit(kind: u8) -> u64 {
    u64::from(kind >> 1) << 63
}

/// `key` ([`player_key`]'s) as the key of a value grouped by start.
pub(crate) fn grouped_key(key: &[u8; KEY_LEN]) -> [u8; KEY_LEN] {
    let mut grouped = *key;
    if let Some(last) = grouped.last_mut() {
        *last = (*last & !1) | GROUPED;
    }
    grouped
}

/// A player's games of one colour, `(number, start)` each, as a key and its value: numbers
/// alone under [`player_key`]'s key when fewer than [`GROUPED_FROM`], else with their starts
/// under [`grouped_key`]'s: the count, the numbers (the first, then each gap), then each
/// one's start in the same order ([`compact`]), all LEB128.
pub(crate) fn player_value(
    key: &[u8; KEY_LEN],
    games: &mut [(u64, Start)],
    out: &mut Vec<u8>,
) -> [u8; KEY_LEN] {
    out.clear();
    games.sort_unstable();
    let numbers: Vec<u64> = games.iter().map(|&(number, _)| number).collect();
    if games.len() < GROUPED_FROM {
        write_numbers(&numbers, out);
        return *key;
    }
    put(out, games.len() as u64);
    write_numbers(&numbers, out);
    for &(_, start) in games.iter() {
        put(out, compact(start));
    }
    grouped_key(key)
}

/// A start as a grouped value writes it: 0 for a FEN's, 1 + the id for a Chess960 start (the
/// same for both sides: 2 bytes at most), 961 + the pair's number for a Double Fischer Random
/// pair.
fn compact(start: Start) -> u64 {
    let Some(number) = start.checked_sub(1) else {
        return 0;
    };
    let (white, black) = (number / 960, number % 960);
    match white == black {
        true => 1 + u64::from(white),
        false => 961 + u64::from(number),
    }
}

/// [`compact`]'s start; `None` for no start's.
fn expanded(code: u64) -> Option<Start> {
    match code {
        0 => Some(0),
        1..=960 => Start::try_from(961 * (code - 1) + 1).ok(),
        _ => {
            let number = Start::try_from(code - 961).ok()?;
            (number < 960 * 960).then_some(number + 1)
        }
    }
}

/// A value under a key of `kind` ([`PLAIN`] or [`GROUPED`]) as `(number, start)` pairs, the
/// start `None` for numbers alone; `None` if `bytes` are not one (empty, cut, overlong, a
/// number twice, a start no start is, bytes left over).
pub(crate) fn read_value(kind: u8, bytes: &[u8]) -> Option<Vec<(u64, Option<Start>)>> {
    if kind & 1 == PLAIN {
        return Some(
            read_numbers(bytes)?
                .into_iter()
                .map(|n| (n, None))
                .collect(),
        );
    }
    let (count, mut rest) = leb128(bytes).ok()?;
    let count = usize::try_from(count).ok().filter(|&count| count > 0)?;
    let mut numbers: Vec<u64> = Vec::with_capacity(count.min(rest.len()));
    while numbers.len() < count {
        let (gap, after) = leb128(rest).ok()?;
        numbers.push(match numbers.last() {
            None => gap,
            Some(_) if gap == 0 => return None,
            Some(&last) => last.checked_add(gap)?,
        });
        rest = after;
    }
    let mut games = Vec::with_capacity(count);
    for number in numbers {
        let (code, after) = leb128(rest).ok()?;
        games.push((number, Some(expanded(code)?)));
        rest = after;
    }
    rest.is_empty().then_some(games)
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

    use super::{
        GROUPED, GROUPED_FROM, PLAIN, grouped_key, player_key, player_value, read_numbers,
        read_value, same_player, write_numbers,
    };

    #[test]
    fn a_player_is_keyed_by_name_whatever_its_case_and_colour_apart() {
        let key = player_key("DrNykterstein", Color::White).unwrap();
        assert_eq!(player_key(" drnykterstein ", Color::White), Some(key));
        let black = player_key("drnykterstein", Color::Black).unwrap();
        assert_eq!((key[..8] == black[..8], key[8], black[8]), (true, 0, 2));
        assert_eq!((grouped_key(&key)[8], grouped_key(&black)[8]), (1, 3));
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

    #[test]
    fn a_busy_players_games_are_kept_by_start_and_read_back() {
        let key = player_key("Heavy", cozy_chess::Color::Black).unwrap();
        let mut out = Vec::new();
        // Few: numbers alone, under the plain key.
        let mut few = vec![(9, 519), (3, 0), (5, 519)];
        assert_eq!(player_value(&key, &mut few, &mut out), key);
        assert_eq!(
            read_value(PLAIN, &out),
            Some(vec![(3, None), (5, None), (9, None)])
        );
        // Many: by start, under the grouped key.
        let mut many: Vec<(u64, u32)> = (0..GROUPED_FROM as u64 + 5)
            .map(|n| (5000 - 7 * n, [519, 0, 1, 921_600][n as usize % 4]))
            .collect();
        let grouped = player_value(&key, &mut many, &mut out);
        assert_eq!(grouped, grouped_key(&key));
        let mut read = read_value(GROUPED, &out).unwrap();
        let mut want: Vec<(u64, Option<u32>)> = many.iter().map(|&(n, s)| (n, Some(s))).collect();
        read.sort_unstable();
        want.sort_unstable();
        assert_eq!(read, want);
        // No game, a number twice, a start no start is, cut, bytes left over: refused.
        for bad in [
            &[0][..],
            &[2, 5, 0, 1, 1],
            &[1, 5, 0xFF, 0xFF, 0x3F],
            &[2, 5, 1, 1],
            &[1, 5, 1, 1],
            &[],
        ] {
            assert_eq!(read_value(GROUPED, bad), None, "{bad:?}");
        }
        // A Chess960 start in 2 bytes at most, a pair's and a FEN's read back.
        for start in [0, 1, 961 * 959 + 1, 960 * 105 + 451 + 1, 960 * 960] {
            assert_eq!(
                super::expanded(super::compact(start)),
                Some(start),
                "{start}"
            );
        }
        assert!(super::compact(961 * 959 + 1) < 1 << 14);
    }
}
