//! `players.tbl` verified ([`players`]): each key's value a list of its segment's games (by
//! start for a key of many, each game's start its record's), and the keys and numbers those
//! of the games' records (their players, by colour).

use std::path::PathBuf;

use crate::error::IndexError;
use crate::index::verify_games::mix_pair;
use crate::index::verify_walk::{Pass, Present, Walk, damaged};
use crate::store::players::{GROUPED, GROUPED_FROM, KEY_LEN, Start, colour_bit, read_value};
use crate::store::table::Table;

/// Verifies `players.tbl`: each value the games the segment holds (`present`, by ordinal
/// from `first_game`), numbers alone under a plain key of fewer than [`GROUPED_FROM`], by
/// start (`starts`, by ordinal) under a grouped key of more; and every key with its numbers
/// those of the records' players (`expected`: how many, their [`mix_pair`]s summed).
pub(crate) fn players(
    pass: &mut Pass,
    players: &(PathBuf, Table),
    (present, starts, first_game): (&Present, &[Start], u64),
    expected: (u64, u64),
) -> Result<(), IndexError> {
    let mut walk = Walk::new(players, KEY_LEN);
    let path = walk.path;
    let (mut count, mut sum, mut keys) = (0u64, 0u64, 0u64);
    while let Some((key, value)) = walk.next(pass)? {
        let kind = key.last().copied().unwrap_or_default();
        let games = (kind <= 3).then(|| read_value(kind, &value)).flatten();
        let Some(games) = games else {
            let why = format!("player {keys}'s value is not a list of games");
            return Err(damaged(path, "a player's games", why));
        };
        let grouped = kind & 1 == GROUPED;
        if grouped != (games.len() >= GROUPED_FROM) {
            let why = format!(
                "player {keys} has {} games, {} by start",
                games.len(),
                if grouped { "kept" } else { "not kept" }
            );
            return Err(damaged(path, "a player's games", why));
        }
        for (number, start) in games {
            let ordinal = number.checked_sub(first_game);
            if !ordinal.is_some_and(|ordinal| present.has(ordinal)) {
                let why =
                    format!("player {keys} names game {number}, which the segment does not hold");
                return Err(damaged(path, "a player's games", why));
            }
            let at = ordinal.and_then(|ordinal| usize::try_from(ordinal).ok());
            if let Some(start) = start
                && at.and_then(|at| starts.get(at)) != Some(&start)
            {
                let why = format!("player {keys} names game {number} of another start");
                return Err(damaged(path, "a player's games", why));
            }
            count += 1;
            sum = sum.wrapping_add(mix_pair(&key, number ^ colour_bit(kind)));
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
