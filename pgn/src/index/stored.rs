//! Which positions the index stores ([`super::store::POSITIONS`]): for each, the months it
//! has a node of, and each move played there with its one game when one game played it.
//! A node's key is its month first ([`super::key::node`]), so a position's nodes lie a month
//! apart: this is where a reader finds them, and where an add asks whether a position is
//! stored, and which one game played a move there ([`Stored::only_game`]), without reading a
//! node.

use redb::{ReadableTable, StorageError};

use super::bytes::{Reader, put};
use super::entry::Entry;
use super::key::Position;

/// A stored position: its months, and its moves' games.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Stored {
    /// The months it has a node of, in order (a stored position has one, if only 0: not
    /// known).
    pub(crate) months: Vec<u16>,
    /// Each move played there (coded), in order, with its game if one game played it
    /// (`None`: two or more), over every month and bucket.
    moves: Vec<(u16, Option<u64>)>,
}

impl Stored {
    /// The one game that played `mv` here, if exactly one did.
    pub(crate) fn only_game(&self, mv: u16) -> Option<u64> {
        let at = self.moves.binary_search_by_key(&mv, |&(m, _)| m).ok()?;
        self.moves.get(at)?.1
    }

    /// With `month`'s `entry` of a batch added (`entry` not yet merged into the node);
    /// whether that changed it.
    pub(crate) fn add(&mut self, month: u16, entry: &Entry) -> bool {
        let mut changed = false;
        if let Err(at) = self.months.binary_search(&month) {
            self.months.insert(at, month);
            changed = true;
        }
        for mv in &entry.moves {
            let (mut games, mut game) = (0, None);
            for group in &mv.groups {
                games += group.counts.games();
                game = game.or(group.game);
            }
            if games == 0 {
                continue;
            }
            match self.moves.binary_search_by_key(&mv.mv, |&(m, _)| m) {
                // A second game (or more) for a move of one.
                Ok(at) => {
                    if let Some(slot) = self.moves.get_mut(at).filter(|slot| slot.1.is_some()) {
                        slot.1 = None;
                        changed = true;
                    }
                }
                Err(at) => {
                    self.moves.insert(at, (mv.mv, game.filter(|_| games == 1)));
                    changed = true;
                }
            }
        }
        changed
    }

    /// The position as the table stores it: its months' count, the months (the first, then
    /// each from the one before), its moves' count, each move and its game (0: two games or
    /// more; else the game's number plus 1).
    pub(crate) fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + self.months.len() + 4 * self.moves.len());
        put(&mut out, self.months.len() as u64);
        let mut last = 0;
        for &month in &self.months {
            put(&mut out, u64::from(month - last));
            last = month;
        }
        put(&mut out, self.moves.len() as u64);
        for &(mv, game) in &self.moves {
            out.extend_from_slice(&mv.to_le_bytes());
            put(&mut out, game.map_or(0, |game| game + 1));
        }
        out
    }

    /// The position of `bytes` ([`Stored::write`]), `None` if they are not one.
    pub(crate) fn read(bytes: &[u8]) -> Option<Stored> {
        let mut r = Reader(bytes);
        let mut stored = Stored::default();
        let mut last = 0u16;
        for n in 0..r.count()? {
            let step = u16::try_from(r.number()?).ok()?;
            if n > 0 && step == 0 {
                return None;
            }
            last = last.checked_add(step)?;
            stored.months.push(last);
        }
        for _ in 0..r.count()? {
            let mv = r.u16()?;
            if stored.moves.last().is_some_and(|&(before, _)| before >= mv) {
                return None;
            }
            let game = r.number()?.checked_sub(1);
            stored.moves.push((mv, game));
        }
        (r.is_empty() && !stored.months.is_empty()).then_some(stored)
    }
}

/// The position `at` if it is stored.
pub(crate) fn stored(
    positions: &impl ReadableTable<Position, &'static [u8]>,
    at: &Position,
) -> Result<Option<Stored>, ReadError> {
    match positions.get(at).map_err(ReadError::Store)? {
        Some(value) => Stored::read(value.value())
            .map(Some)
            .ok_or(ReadError::Corrupt),
        None => Ok(None),
    }
}

/// Why the index's positions or nodes could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    Store(StorageError),
    /// A value not as the index writes it.
    Corrupt,
}

#[cfg(test)]
mod tests {
    use super::Stored;
    use crate::index::entry::Entry;
    use crate::index::entry::tests::played;

    #[test]
    fn a_position_counts_its_moves_games_over_months_and_reads_back() {
        let mut stored = Stored::default();
        let mut june = Entry::default();
        june.add(played(7, 0, 40, Some(1500)), 4);
        june.add(played(9, 3, 41, None), 4);
        june.add(played(9, 5, 42, None), 4);
        assert!(stored.add(24_294, &june));
        assert_eq!(stored.months, [24_294]);
        assert_eq!((stored.only_game(7), stored.only_game(9)), (Some(40), None));
        assert_eq!(stored.only_game(8), None);
        // Another month: a move of one game gets its second, another its first.
        let mut may = Entry::default();
        may.add(played(7, 1, 3, None), 4);
        may.add(played(8, 1, 1 << 40, None), 4);
        assert!(stored.add(24_293, &may));
        assert!(stored.add(0, &Entry::default()));
        // Nothing new: a month it has, a move of two games.
        let mut again = Entry::default();
        again.add(played(9, 0, 50, None), 4);
        assert!(!stored.add(24_293, &again));
        assert_eq!(stored.months, [0, 24_293, 24_294]);
        assert_eq!(stored.only_game(7), None);
        assert_eq!(stored.only_game(8), Some(1 << 40));
        let bytes = stored.write();
        assert_eq!(Stored::read(&bytes), Some(stored.clone()));
        for cut in 0..bytes.len() {
            assert_eq!(Stored::read(&bytes[..cut]), None, "cut at {cut}");
        }
        // No month, a month twice, moves out of order: not the table's.
        assert_eq!(Stored::read(&[0, 0]), None);
        assert_eq!(Stored::read(&[2, 5, 0, 0]), None);
        assert_eq!(Stored::read(&[1, 5, 2, 9, 0, 1, 7, 0, 1]), None);
    }
}
