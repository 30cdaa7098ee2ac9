//! A position's all-months row ([`AllMonths`]): the entry of every month's games, and, when
//! they were all played in one month, that month, whose row it then stands for (a segment
//! writes month rows only for a position of two months or more: most are of one).

use crate::store::bytes::{Reader, put};
use crate::store::entry::Entry;

/// A position's games of every month, in one segment.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct AllMonths {
    /// The month of every game, when it is one: no month row is written then.
    pub(crate) single: Option<u16>,
    pub(crate) entry: Entry,
}

impl AllMonths {
    /// The row's bytes: its one month plus 1 (0 for several), then the entry's with its
    /// games' months ([`Entry::write_all_months`]).
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        put(out, self.single.map_or(0, |month| u64::from(month) + 1));
        self.entry.write_all_months(out);
    }

    /// The row of `bytes` ([`AllMonths::write`]), `None` if they are not one.
    pub(crate) fn read(bytes: &[u8]) -> Option<AllMonths> {
        let mut r = Reader(bytes);
        let single = match r.number()? {
            0 => None,
            month => Some(u16::try_from(month - 1).ok()?),
        };
        let entry = Entry::read_all_months(r.0)?;
        Some(AllMonths { single, entry })
    }
}

#[cfg(test)]
mod tests {
    use super::AllMonths;
    use crate::store::entry::Entry;
    use crate::store::entry::tests::played;

    #[test]
    fn rows_read_back_with_their_games_months() {
        let mut entry = Entry::default();
        for (game, month) in [(1, 300), (2, 290), (3, 310)] {
            let mut one = played(game as u16 % 2, 3, game, Some(1500));
            one.month = month;
            entry.add(one, 4);
        }
        // The later month first, whatever the numbers.
        let recent: Vec<u64> = entry.recent.iter().map(|at| at.game).collect();
        assert_eq!(recent, [3, 1, 2]);
        for single in [None, Some(0), Some(310), Some(u16::MAX - 1)] {
            let row = AllMonths {
                single,
                entry: entry.clone(),
            };
            let mut bytes = Vec::new();
            row.write(&mut bytes);
            assert_eq!(AllMonths::read(&bytes), Some(row));
            assert_eq!(AllMonths::read(&bytes[..bytes.len() - 1]), None);
        }
    }
}
