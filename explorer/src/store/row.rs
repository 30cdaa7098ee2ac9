//! A position's all-months row ([`Stored`]): either counted ([`AllMonths`]: the entry of
//! every month's games, and, when they were all played in one month, that month, whose row
//! it then stands for; a segment writes month rows only for a position of two months or
//! more) or its games listed ([`Listed`], counted from their facts when asked).

use std::collections::BTreeMap;

use crate::store::bytes::{Reader, put};
use crate::store::entry::KEPT;
use crate::store::entry::{Entry, Played};
use crate::store::listed::Listed;

/// A position's games being counted: into every month's entry and their month's.
#[derive(Debug, Default)]
pub(crate) struct Counting {
    pub(crate) all: Entry,
    pub(crate) months: BTreeMap<u16, Entry>,
}

impl Counting {
    /// Counts one game, keeping [`KEPT`] top and recent games a bucket.
    pub(crate) fn add(&mut self, played: Played) {
        self.all.add(played, KEPT);
        self.months
            .entry(played.month)
            .or_default()
            .add(played, KEPT);
    }

    /// The month of every game counted, when it is one.
    pub(crate) fn single(&self) -> Option<u16> {
        match self.months.keys().collect::<Vec<_>>()[..] {
            [&month] => Some(month),
            _ => None,
        }
    }
}

/// An all-months row as stored: its first byte says which.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Stored {
    /// Byte 0.
    Counted(AllMonths),
    /// Byte 1.
    Listed(Listed),
}

impl Stored {
    /// Its bytes (for the fuzzer: the build writes each form as it makes it).
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        match self {
            Stored::Counted(row) => row.write(out),
            Stored::Listed(listed) => listed.write(out),
        }
    }

    /// The row of `bytes`, `None` if they are not one.
    pub(crate) fn read(bytes: &[u8]) -> Option<Stored> {
        match bytes.first()? {
            0 => AllMonths::read(bytes).map(Stored::Counted),
            1 => Listed::read(bytes.get(1..)?).map(Stored::Listed),
            _ => None,
        }
    }
}

/// A position's games of every month, in one segment.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct AllMonths {
    /// The month of every game, when it is one: no month row is written then.
    pub(crate) single: Option<u16>,
    pub(crate) entry: Entry,
}

impl AllMonths {
    /// The row's bytes: 0 (its form), its one month plus 1 (0 for several), then the
    /// entry's with its games' months ([`Entry::write_all_months`]).
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        out.push(0);
        put(out, self.single.map_or(0, |month| u64::from(month) + 1));
        self.entry.write_all_months(out);
    }

    /// The row of `bytes` ([`AllMonths::write`]), `None` if they are not one.
    pub(crate) fn read(bytes: &[u8]) -> Option<AllMonths> {
        let mut r = Reader(bytes);
        if r.byte()? != 0 {
            return None;
        }
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
    use super::{AllMonths, Stored};
    use crate::store::entry::Entry;
    use crate::store::entry::tests::played;
    use crate::store::listed::Listed;

    #[test]
    fn rows_read_back_with_their_games_months() {
        let mut entry = Entry::default();
        for (game, month) in [(1, 300), (2, 290), (3, 310)] {
            let mut one = played(game as u16 % 2, 3, game, Some(1500));
            one.month = month;
            entry.add(one, crate::store::entry::tests::FOUR);
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
            assert_eq!(AllMonths::read(&bytes), Some(row.clone()));
            let stored = Stored::Counted(row);
            assert_eq!(Stored::read(&bytes).as_ref(), Some(&stored));
            let mut again = Vec::new();
            stored.write(&mut again);
            assert_eq!(again, bytes);
            assert_eq!(AllMonths::read(&bytes[..bytes.len() - 1]), None);
        }
        let listed = Stored::Listed(Listed {
            mover: cozy_chess::Color::White,
            moves: vec![(4, vec![7, 9])],
        });
        let mut bytes = Vec::new();
        listed.write(&mut bytes);
        assert_eq!(bytes[0], 1);
        assert_eq!(Stored::read(&bytes), Some(listed));
        assert_eq!(AllMonths::read(&bytes), None, "a list is not counted");
    }
}
