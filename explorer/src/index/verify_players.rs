//! `players.tbl` verified ([`players`]): each key's value a list of its segment's games, and
//! the keys and numbers those of the games' records (their players, by colour).

use std::path::PathBuf;

use crate::error::IndexError;
use crate::index::verify_games::mix_pair;
use crate::index::verify_walk::{Pass, Present, Walk, damaged};
use crate::store::players::{KEY_LEN, read_numbers};
use crate::store::table::Table;

/// Verifies `players.tbl`: each value the ascending numbers of games the segment holds
/// (`present`, by ordinal from `first_game`), and every key with its numbers those of the records' players (`expected`:
/// how many, their [`mix_pair`]s summed).
pub(crate) fn players(
    pass: &mut Pass,
    players: &(PathBuf, Table),
    (present, first_game): (&Present, u64),
    expected: (u64, u64),
) -> Result<(), IndexError> {
    let mut walk = Walk::new(players, KEY_LEN);
    let path = walk.path;
    let (mut count, mut sum, mut keys) = (0u64, 0u64, 0u64);
    while let Some((key, value)) = walk.next(pass)? {
        let Some(numbers) = read_numbers(&value) else {
            let why = format!("player {keys}'s value is not a list of games");
            return Err(damaged(path, "a player's games", why));
        };
        for number in numbers {
            let ordinal = number.checked_sub(first_game);
            if !ordinal.is_some_and(|ordinal| present.has(ordinal)) {
                let why =
                    format!("player {keys} names game {number}, which the segment does not hold");
                return Err(damaged(path, "a player's games", why));
            }
            count += 1;
            sum = sum.wrapping_add(mix_pair(&key, number));
        }
        keys += 1;
    }
    walk.finish(pass)?;
    if (count, sum) != expected {
        let why = format!(
            "{count} games of players, not those of the segment's records ({})",
            expected.0
        );
        return Err(damaged(path, "the players' games", why));
    }
    Ok(())
}
