//! [`PositionSet`]: one bit per Scharnagl id, and the set operations.

use core::fmt;

use crate::checked::get;
use crate::position::StartingPosition;

/// Words of 64 bits that hold the 960 (15 × 64 = 960 exactly).
const WORDS: usize = 15;

/// A set of Chess960 start positions: one bit per Scharnagl id, 120 bytes, `Copy`, built and
/// changed in `const` context. What an event allows: all 960, less standard chess and its mirror, less the
/// positions already played. It iterates in id order, and [`nth`](PositionSet::nth) counts in
/// that order, which is the order event draws pick from.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::set::PositionSet;
///
/// let mut allowed = PositionSet::ALL.difference(PositionSet::STANDARD_AND_MIRROR);
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
    pub(super) words: [u64; WORDS],
}

impl PositionSet {
    /// No position.
    ///
    /// ```
    /// assert!(chess960::set::PositionSet::NONE.is_empty());
    /// ```
    pub const NONE: PositionSet = PositionSet { words: [0; WORDS] };

    /// All 960 positions.
    ///
    /// ```
    /// assert_eq!(chess960::set::PositionSet::ALL.len(), 960);
    /// ```
    pub const ALL: PositionSet = PositionSet {
        words: [u64::MAX; WORDS],
    };

    /// Standard chess (518, RNBQKBNR) and its mirror image (534, RNBKQBNR): the two starts that event
    /// rules and players most often leave out.
    ///
    /// ```
    /// use chess960::set::PositionSet;
    ///
    /// let ids: Vec<u16> = PositionSet::STANDARD_AND_MIRROR.iter().map(|sp| sp.id()).collect();
    /// assert_eq!(ids, [518, 534]);
    /// ```
    pub const STANDARD_AND_MIRROR: PositionSet = PositionSet::NONE
        .with(StartingPosition::STANDARD)
        .with(StartingPosition::STANDARD.mirrored());

    /// This set and `sp`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::set::PositionSet;
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
    /// use chess960::StartingPosition;
    /// use chess960::set::PositionSet;
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
    /// use chess960::StartingPosition;
    /// use chess960::set::PositionSet;
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
    /// use chess960::StartingPosition;
    /// use chess960::set::PositionSet;
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
    /// use chess960::StartingPosition;
    /// use chess960::set::PositionSet;
    ///
    /// assert!(PositionSet::STANDARD_AND_MIRROR.contains(StartingPosition::STANDARD));
    /// assert!(!PositionSet::STANDARD_AND_MIRROR.contains(StartingPosition::from_id(0)?));
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn contains(&self, sp: StartingPosition) -> bool {
        let (word, bit) = locate(sp);
        match get(&self.words, word) {
            Some(word) => word & bit != 0,
            None => false,
        }
    }

    /// How many positions the set holds, 0..=960.
    ///
    /// ```
    /// assert_eq!(chess960::set::PositionSet::STANDARD_AND_MIRROR.len(), 2);
    /// ```
    pub const fn len(&self) -> usize {
        let mut len = 0;
        let mut words = self.words.as_slice();
        while let [word, rest @ ..] = words {
            len += word.count_ones() as usize;
            words = rest;
        }
        len
    }

    /// Whether the set holds no position.
    ///
    /// ```
    /// use chess960::set::PositionSet;
    ///
    /// assert!(PositionSet::ALL.difference(PositionSet::ALL).is_empty());
    /// assert!(!PositionSet::STANDARD_AND_MIRROR.is_empty());
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
    /// use chess960::StartingPosition;
    /// use chess960::set::PositionSet;
    ///
    /// let standard = PositionSet::NONE.with(StartingPosition::STANDARD);
    /// let mirrored = PositionSet::NONE.with(StartingPosition::STANDARD.mirrored());
    /// assert_eq!(standard.union(mirrored), PositionSet::STANDARD_AND_MIRROR);
    /// ```
    #[must_use]
    pub const fn union(self, other: PositionSet) -> PositionSet {
        self.combine(other, Combine::Union)
    }

    /// The positions in both sets.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::set::PositionSet;
    ///
    /// let standard = PositionSet::NONE.with(StartingPosition::STANDARD);
    /// assert_eq!(PositionSet::STANDARD_AND_MIRROR.intersection(standard), standard);
    /// ```
    #[must_use]
    pub const fn intersection(self, other: PositionSet) -> PositionSet {
        self.combine(other, Combine::Intersection)
    }

    /// The positions in this set and not in `other`.
    ///
    /// ```
    /// use chess960::set::PositionSet;
    ///
    /// assert_eq!(PositionSet::ALL.difference(PositionSet::STANDARD_AND_MIRROR).len(), 958);
    /// ```
    #[must_use]
    pub const fn difference(self, other: PositionSet) -> PositionSet {
        self.combine(other, Combine::Difference)
    }

    /// The positions not in this set.
    ///
    /// ```
    /// use chess960::set::PositionSet;
    ///
    /// assert_eq!(PositionSet::STANDARD_AND_MIRROR.complement().len(), 958);
    /// assert_eq!(PositionSet::NONE.complement(), PositionSet::ALL);
    /// ```
    #[must_use]
    pub const fn complement(self) -> PositionSet {
        PositionSet::ALL.difference(self)
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
pub(super) const fn locate(sp: StartingPosition) -> (usize, u64) {
    let id = sp.id() as usize;
    (id / 64, 1 << (id % 64))
}

/// The ids, as a set.
///
/// ```
/// assert_eq!(format!("{:?}", chess960::set::PositionSet::STANDARD_AND_MIRROR), "{518, 534}");
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
/// use chess960::StartingPosition;
/// use chess960::set::PositionSet;
///
/// assert_eq!(PositionSet::from(StartingPosition::STANDARD).len(), 1);
/// ```
impl From<StartingPosition> for PositionSet {
    fn from(sp: StartingPosition) -> PositionSet {
        PositionSet::NONE.with(sp)
    }
}
