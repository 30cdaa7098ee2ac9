//! A position only one game reached is not stored: it is found by following that game from
//! the last stored position on the way ([`only_game`], then the game's
//! [`visits`](crate::store::visit::visits)).

use redb::ReadableTable;

use crate::error::Fault;
use crate::store::entry::Entry;
use crate::store::key::{Position, node};

/// What a node's entry that cannot be read is.
const CORRUPT: Fault = Fault::Corrupt("a node's entry");

/// The one game that played the move `mv` (coded) at the stored position `at`, over every
/// month and bucket, if exactly one did; `Ok(None)` if none or several did.
pub(crate) fn only_game(
    nodes: &impl ReadableTable<[u8; 14], &'static [u8]>,
    at: &Position,
    mv: u16,
) -> Result<Option<u64>, Fault> {
    let mut games = 0;
    let mut only = None;
    for row in nodes.range(node(at, 0)..=node(at, u16::MAX))? {
        let (_, value) = row?;
        let (played, one) = Entry::move_games(value.value(), mv).ok_or(CORRUPT)?;
        games += played;
        only = only.or(one);
        if games > 1 {
            return Ok(None);
        }
    }
    Ok(only.filter(|_| games == 1))
}

/// Whether `at` is stored (reached by two games or more, or a game's first position).
pub(crate) fn is_stored(
    nodes: &impl ReadableTable<[u8; 14], &'static [u8]>,
    at: &Position,
) -> Result<bool, Fault> {
    let mut rows = nodes.range(node(at, 0)..=node(at, u16::MAX))?;
    Ok(rows.next().transpose()?.is_some())
}
