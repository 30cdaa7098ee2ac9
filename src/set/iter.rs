//! A [`PositionSet`] in id order: the position at an index (what a draw picks), iteration,
//! and building a set from positions.

use core::iter::FusedIterator;

use super::bits::{PositionSet, locate};
use crate::checked::{cannot_happen, get};
use crate::position::StartingPosition;

impl PositionSet {
    /// The position at `index` (from 0) in id order, if the set holds more than `index`.
    ///
    /// ```
    /// use chess960::set::PositionSet;
    ///
    /// let allowed = PositionSet::ALL.difference(PositionSet::STANDARD_AND_MIRROR);
    /// assert_eq!(allowed.nth(517).map(|sp| sp.id()), Some(517));
    /// assert_eq!(allowed.nth(518).map(|sp| sp.id()), Some(519));
    /// assert_eq!(allowed.nth(957).map(|sp| sp.id()), Some(959));
    /// assert_eq!(allowed.nth(958), None);
    /// ```
    pub const fn nth(&self, index: usize) -> Option<StartingPosition> {
        if index >= StartingPosition::COUNT as usize {
            return None;
        }
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
                    Err(_) => cannot_happen(None),
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
            match get(&self.words, word) {
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
    /// use chess960::set::PositionSet;
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
}

/// ```
/// use chess960::StartingPosition;
/// use chess960::set::PositionSet;
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
/// use chess960::StartingPosition;
/// use chess960::set::PositionSet;
///
/// let mut set = PositionSet::NONE;
/// set.extend([StartingPosition::STANDARD, StartingPosition::STANDARD.mirrored()]);
/// assert_eq!(set, PositionSet::STANDARD_AND_MIRROR);
/// ```
impl Extend<StartingPosition> for PositionSet {
    fn extend<I: IntoIterator<Item = StartingPosition>>(&mut self, positions: I) {
        for sp in positions {
            self.insert(sp);
        }
    }
}

/// ```
/// let ids: Vec<u16> = chess960::set::PositionSet::STANDARD_AND_MIRROR.into_iter().map(u16::from).collect();
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
/// for sp in &chess960::set::PositionSet::STANDARD_AND_MIRROR {
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
/// let mut positions = chess960::set::PositionSet::STANDARD_AND_MIRROR.iter();
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
        let len = self.set.len();
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
