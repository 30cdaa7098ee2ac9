//! Sets of start positions ([`PositionSet`]): one bit per Scharnagl id, iterated in id order.

use core::fmt;
use core::iter::FusedIterator;

use crate::StartingPosition;

/// Words of 64 bits that hold the 960 (15 × 64 = 960 exactly).
const WORDS: usize = 15;

/// A set of Chess960 start positions: one bit per Scharnagl id, 120 bytes, `Copy`, built and
/// changed in `const` context. What an event allows: all 960, less the standard pair, less the
/// positions already played. It iterates in id order, and [`nth`](PositionSet::nth) counts in
/// that order, which is the order event draws pick from (`draw.rs`).
///
/// ```
/// use chess960::{PositionSet, StartingPosition};
///
/// let mut allowed = PositionSet::ALL.difference(PositionSet::STANDARD_PAIR);
/// assert_eq!(allowed.len(), 958);
/// assert!(allowed.remove(StartingPosition::from_id(105)?));
/// assert!(!allowed.contains(StartingPosition::STANDARD));
/// assert_eq!(allowed.iter().nth(105).map(|sp| sp.id()), Some(106));
/// assert_eq!(core::mem::size_of::<PositionSet>(), 120);
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PositionSet {
    /// Bit `id % 64` of word `id / 64` is set when position `id` is in the set.
    words: [u64; WORDS],
}

impl PositionSet {
    /// No position.
    ///
    /// ```
    /// assert!(chess960::PositionSet::NONE.is_empty());
    /// ```
    pub const NONE: PositionSet = PositionSet { words: [0; WORDS] };

    /// All 960 positions.
    ///
    /// ```
    /// assert_eq!(chess960::PositionSet::ALL.len(), 960);
    /// ```
    pub const ALL: PositionSet = PositionSet {
        words: [u64::MAX; WORDS],
    };

    /// Standard chess (518, RNBQKBNR) and its mirror image (534, RNBKQBNR): the pair that event
    /// rules and players most often leave out.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// let ids: Vec<u16> = PositionSet::STANDARD_PAIR.iter().map(|sp| sp.id()).collect();
    /// assert_eq!(ids, [518, 534]);
    /// ```
    pub const STANDARD_PAIR: PositionSet = PositionSet::NONE
        .with(StartingPosition::STANDARD)
        .with(StartingPosition::STANDARD.mirrored());

    /// This set and `sp`.
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// const ONLY_STANDARD: PositionSet = PositionSet::NONE.with(StartingPosition::STANDARD);
    /// assert_eq!(ONLY_STANDARD.len(), 1);
    /// ```
    #[must_use]
    pub const fn with(mut self, sp: StartingPosition) -> PositionSet {
        self.insert(sp);
        self
    }

    /// This set without `sp`.
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// assert_eq!(PositionSet::ALL.without(StartingPosition::STANDARD).len(), 959);
    /// ```
    #[must_use]
    pub const fn without(mut self, sp: StartingPosition) -> PositionSet {
        self.remove(sp);
        self
    }

    /// Adds `sp`; whether it was new.
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// let mut set = PositionSet::NONE;
    /// assert!(set.insert(StartingPosition::STANDARD));
    /// assert!(!set.insert(StartingPosition::STANDARD));
    /// ```
    pub const fn insert(&mut self, sp: StartingPosition) -> bool {
        let (word, bit) = locate(sp);
        match self.words.split_at_mut_checked(word) {
            Some((_, [word, ..])) => {
                let new = *word & bit == 0;
                *word |= bit;
                new
            }
            _ => false,
        }
    }

    /// Takes `sp` out; whether it was in.
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// let mut set = PositionSet::ALL;
    /// assert!(set.remove(StartingPosition::STANDARD));
    /// assert!(!set.remove(StartingPosition::STANDARD));
    /// ```
    pub const fn remove(&mut self, sp: StartingPosition) -> bool {
        let (word, bit) = locate(sp);
        match self.words.split_at_mut_checked(word) {
            Some((_, [word, ..])) => {
                let was_in = *word & bit != 0;
                *word &= !bit;
                was_in
            }
            _ => false,
        }
    }

    /// Whether `sp` is in the set.
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// assert!(PositionSet::STANDARD_PAIR.contains(StartingPosition::STANDARD));
    /// assert!(!PositionSet::STANDARD_PAIR.contains(StartingPosition::from_id(0)?));
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn contains(&self, sp: StartingPosition) -> bool {
        let (word, bit) = locate(sp);
        match crate::get(&self.words, word) {
            Some(word) => word & bit != 0,
            None => false,
        }
    }

    /// How many positions the set holds, 0..=960.
    ///
    /// ```
    /// assert_eq!(chess960::PositionSet::STANDARD_PAIR.len(), 2);
    /// ```
    pub const fn len(&self) -> u16 {
        let mut len = 0;
        let mut words = self.words.as_slice();
        while let [word, rest @ ..] = words {
            len += word.count_ones() as u16;
            words = rest;
        }
        len
    }

    /// Whether the set holds no position.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// assert!(PositionSet::ALL.difference(PositionSet::ALL).is_empty());
    /// assert!(!PositionSet::STANDARD_PAIR.is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        let mut words = self.words.as_slice();
        while let [word, rest @ ..] = words {
            if *word != 0 {
                return false;
            }
            words = rest;
        }
        true
    }

    /// The positions in either set.
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// let standard = PositionSet::NONE.with(StartingPosition::STANDARD);
    /// let mirrored = PositionSet::NONE.with(StartingPosition::STANDARD.mirrored());
    /// assert_eq!(standard.union(mirrored), PositionSet::STANDARD_PAIR);
    /// ```
    #[must_use]
    pub const fn union(self, other: PositionSet) -> PositionSet {
        self.combine(other, Combine::Union)
    }

    /// The positions in both sets.
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// let standard = PositionSet::NONE.with(StartingPosition::STANDARD);
    /// assert_eq!(PositionSet::STANDARD_PAIR.intersection(standard), standard);
    /// ```
    #[must_use]
    pub const fn intersection(self, other: PositionSet) -> PositionSet {
        self.combine(other, Combine::Intersection)
    }

    /// The positions in this set and not in `other`.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// assert_eq!(PositionSet::ALL.difference(PositionSet::STANDARD_PAIR).len(), 958);
    /// ```
    #[must_use]
    pub const fn difference(self, other: PositionSet) -> PositionSet {
        self.combine(other, Combine::Difference)
    }

    /// The positions not in this set.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// assert_eq!(PositionSet::STANDARD_PAIR.complement().len(), 958);
    /// assert_eq!(PositionSet::NONE.complement(), PositionSet::ALL);
    /// ```
    #[must_use]
    pub const fn complement(self) -> PositionSet {
        PositionSet::ALL.difference(self)
    }

    /// The position at `index` (from 0) in id order, if the set holds more than `index`.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// let allowed = PositionSet::ALL.difference(PositionSet::STANDARD_PAIR);
    /// assert_eq!(allowed.nth(517).map(|sp| sp.id()), Some(517));
    /// assert_eq!(allowed.nth(518).map(|sp| sp.id()), Some(519));
    /// assert_eq!(allowed.nth(957).map(|sp| sp.id()), Some(959));
    /// assert_eq!(allowed.nth(958), None);
    /// ```
    pub const fn nth(&self, index: u16) -> Option<StartingPosition> {
        let mut skip = index as u32;
        let mut words = self.words.as_slice();
        let mut first_id = 0;
        while let [word, rest @ ..] = words {
            let count = word.count_ones();
            if skip < count {
                let mut word = *word;
                while skip > 0 {
                    word &= word - 1;
                    skip -= 1;
                }
                return match StartingPosition::from_id(first_id + word.trailing_zeros() as u16) {
                    Ok(sp) => Some(sp),
                    Err(_) => None,
                };
            }
            skip -= count;
            first_id += 64;
            words = rest;
        }
        None
    }

    /// The first position of the set at or after id `from`.
    pub(crate) const fn first_from(&self, from: u16) -> Option<StartingPosition> {
        let mut id = from;
        while let Ok(sp) = StartingPosition::from_id(id) {
            let (word, bit) = locate(sp);
            match crate::get(&self.words, word) {
                // Skip the rest of a word with nothing left in it in one step.
                Some(word) if word & !(bit - 1) == 0 => id = (id / 64 + 1) * 64,
                Some(word) if word & bit == 0 => id += 1,
                _ => return Some(sp),
            }
        }
        None
    }

    /// The positions in id order.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// let ids: Vec<u16> = PositionSet::ALL.iter().map(|sp| sp.id()).take(3).collect();
    /// assert_eq!(ids, [0, 1, 2]);
    /// assert_eq!(PositionSet::ALL.iter().rev().next().map(|sp| sp.id()), Some(959));
    /// ```
    pub const fn iter(&self) -> PositionSetIter {
        PositionSetIter {
            set: *self,
            front: 0,
        }
    }

    const fn combine(mut self, other: PositionSet, how: Combine) -> PositionSet {
        let (mut words, mut others): (&mut [u64], &[u64]) = (&mut self.words, &other.words);
        while let ([word, rest @ ..], [other, others_rest @ ..]) = (words, others) {
            *word = match how {
                Combine::Union => *word | *other,
                Combine::Intersection => *word & *other,
                Combine::Difference => *word & !*other,
            };
            (words, others) = (rest, others_rest);
        }
        self
    }
}

#[derive(Clone, Copy)]
enum Combine {
    Union,
    Intersection,
    Difference,
}

/// The word and the bit of `sp`.
const fn locate(sp: StartingPosition) -> (usize, u64) {
    let id = sp.id() as usize;
    (id / 64, 1 << (id % 64))
}

/// The ids, as a set.
///
/// ```
/// assert_eq!(format!("{:?}", chess960::PositionSet::STANDARD_PAIR), "{518, 534}");
/// ```
impl fmt::Debug for PositionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|sp| sp.id()))
            .finish()
    }
}

/// A set of one.
///
/// ```
/// use chess960::{PositionSet, StartingPosition};
///
/// assert_eq!(PositionSet::from(StartingPosition::STANDARD).len(), 1);
/// ```
impl From<StartingPosition> for PositionSet {
    fn from(sp: StartingPosition) -> PositionSet {
        PositionSet::NONE.with(sp)
    }
}

/// ```
/// use chess960::{PositionSet, StartingPosition};
///
/// let set: PositionSet = StartingPosition::all().filter(|sp| sp.id() % 2 == 0).collect();
/// assert_eq!(set.len(), 480);
/// ```
impl FromIterator<StartingPosition> for PositionSet {
    fn from_iter<I: IntoIterator<Item = StartingPosition>>(positions: I) -> PositionSet {
        let mut set = PositionSet::NONE;
        set.extend(positions);
        set
    }
}

/// ```
/// use chess960::{PositionSet, StartingPosition};
///
/// let mut set = PositionSet::NONE;
/// set.extend([StartingPosition::STANDARD, StartingPosition::STANDARD.mirrored()]);
/// assert_eq!(set, PositionSet::STANDARD_PAIR);
/// ```
impl Extend<StartingPosition> for PositionSet {
    fn extend<I: IntoIterator<Item = StartingPosition>>(&mut self, positions: I) {
        for sp in positions {
            self.insert(sp);
        }
    }
}

/// ```
/// let ids: Vec<u16> = chess960::PositionSet::STANDARD_PAIR.into_iter().map(u16::from).collect();
/// assert_eq!(ids, [518, 534]);
/// ```
impl IntoIterator for PositionSet {
    type Item = StartingPosition;
    type IntoIter = PositionSetIter;

    fn into_iter(self) -> PositionSetIter {
        self.iter()
    }
}

/// ```
/// let mut ids = Vec::new();
/// for sp in &chess960::PositionSet::STANDARD_PAIR {
///     ids.push(sp.id());
/// }
/// assert_eq!(ids, [518, 534]);
/// ```
impl IntoIterator for &PositionSet {
    type Item = StartingPosition;
    type IntoIter = PositionSetIter;

    fn into_iter(self) -> PositionSetIter {
        self.iter()
    }
}

/// The positions of a [`PositionSet`], in id order: [`PositionSet::iter`].
///
/// ```
/// let mut positions = chess960::PositionSet::STANDARD_PAIR.iter();
/// assert_eq!(positions.len(), 2);
/// assert_eq!(positions.next_back().map(|sp| sp.id()), Some(534));
/// assert_eq!(positions.len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct PositionSetIter {
    /// What is left to visit, all at or after id `front`.
    set: PositionSet,
    front: u16,
}

impl Iterator for PositionSetIter {
    type Item = StartingPosition;

    fn next(&mut self) -> Option<StartingPosition> {
        let sp = self.set.first_from(self.front)?;
        self.set.remove(sp);
        self.front = sp.id() + 1;
        Some(sp)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = usize::from(self.set.len());
        (len, Some(len))
    }
}

impl DoubleEndedIterator for PositionSetIter {
    fn next_back(&mut self) -> Option<StartingPosition> {
        let sp = self.set.nth(self.set.len().checked_sub(1)?)?;
        self.set.remove(sp);
        Some(sp)
    }
}

impl ExactSizeIterator for PositionSetIter {}

impl FusedIterator for PositionSetIter {}
