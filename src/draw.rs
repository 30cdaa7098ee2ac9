//! Event draws: a uniform pick from a [`PositionSet`], driven by a stream of random `u64`
//! words (SHA-256 of a published seed text in the command line, or an RNG).

use crate::{DoubleStartingPosition, PositionSet, StartingPosition};

/// The pick step of an event draw: an index below `n`, taken from the next of `words`.
///
/// Take the next word w; let m = w × n as a 128-bit product; if the low 64 bits of m are
/// below 2⁶⁴ mod n, discard w and take the next word; otherwise the index is ⌊m / 2⁶⁴⌋.
/// This is Lemire's multiply-shift with rejection: exactly uniform when the words are. It
/// rejects a word with probability below n / 2⁶⁴, so with good words almost every pick takes
/// one word.
///
/// `None` when `n` is 0 (no word taken) or when the words run out.
///
/// ```
/// use chess960::pick_index;
///
/// // 2⁶⁴ mod 960 = 256: word 0 (low bits 0) is discarded, word 1 (low bits 960) is kept.
/// let mut words = [0, 1, u64::MAX].into_iter();
/// assert_eq!(pick_index(960, &mut words), Some(0));
/// assert_eq!(pick_index(960, &mut words), Some(959));
/// assert_eq!(pick_index(960, &mut words), None);
/// assert_eq!(pick_index(0, &mut [1].into_iter()), None);
/// ```
pub fn pick_index<W: Iterator<Item = u64> + ?Sized>(n: u64, words: &mut W) -> Option<u64> {
    if n == 0 {
        return None;
    }
    // The threshold 2⁶⁴ mod n is below n, so low bits of at least n keep the word without
    // the division that computes it (Lemire's shortcut; almost every word is kept this way).
    let mut threshold = None;
    for word in words {
        let m = u128::from(word) * u128::from(n);
        let low = m as u64;
        // 2⁶⁴ mod n, as (2⁶⁴ − n) mod n.
        if low >= n || low >= *threshold.get_or_insert_with(|| n.wrapping_neg() % n) {
            return Some((m >> 64) as u64);
        }
    }
    None
}

impl PositionSet {
    /// One position of the set, uniformly: the one at [`pick_index`]`(len, words)` in id order.
    /// `None` when the set is empty or the words run out.
    ///
    /// Any source of `u64` words drives it: a slice, the SHA-256 words of `chess960 draw`,
    /// or an RNG (`core::iter::repeat_with(|| rng.next_u64())` with `rand`).
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// let allowed = PositionSet::ALL.difference(PositionSet::STANDARD_PAIR);
    /// // ⌊(2⁶³ − 1) × 958 / 2⁶⁴⌋ = 478: the 479th allowed id.
    /// let sp = allowed.pick(&mut [u64::MAX / 2].into_iter()).unwrap();
    /// assert_eq!(sp.id(), 478);
    /// // 2⁶³ × 958 has low bits 0, below 2⁶⁴ mod 958: discarded, and no word is left.
    /// assert_eq!(allowed.pick(&mut [1 << 63].into_iter()), None);
    /// assert_eq!(PositionSet::NONE.pick(&mut [u64::MAX].into_iter()), None);
    /// ```
    pub fn pick<W: Iterator<Item = u64> + ?Sized>(
        &self,
        words: &mut W,
    ) -> Option<StartingPosition> {
        let index = pick_index(u64::from(self.len()), words)?;
        self.nth(u16::try_from(index).ok()?)
    }

    /// One Double Fischer Random pair, uniformly, of the len² pairs (White, Black) of the
    /// set's positions, ordered by White's id, then Black's: pair [`pick_index`]`(len², words)`,
    /// which is White at index / len, Black at index % len. `None` when the set is empty or
    /// the words run out.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// let allowed = PositionSet::ALL.difference(PositionSet::STANDARD_PAIR);
    /// let pair = allowed.pick_pair(&mut [u64::MAX].into_iter()).unwrap();
    /// assert_eq!((pair.white().id(), pair.black().id()), (959, 959));
    /// ```
    pub fn pick_pair<W: Iterator<Item = u64> + ?Sized>(
        &self,
        words: &mut W,
    ) -> Option<DoubleStartingPosition> {
        let len = u64::from(self.len());
        let index = pick_index(len * len, words)?;
        let white = self.nth(u16::try_from(index / len).ok()?)?;
        let black = self.nth(u16::try_from(index % len).ok()?)?;
        Some(DoubleStartingPosition::new(white, black))
    }

    /// Distinct draws from the set: each [`pick`](PositionSet::pick) from what is left, the
    /// picked position then taken out. Ends once the set is empty or the words run out.
    /// (Draws that may repeat are `core::iter::from_fn(|| set.pick(&mut words))`.)
    ///
    /// ```
    /// use chess960::{PositionSet, StartingPosition};
    ///
    /// let allowed = PositionSet::NONE
    ///     .with(StartingPosition::from_id(0)?)
    ///     .with(StartingPosition::from_id(959)?);
    /// let ids: Vec<u16> = allowed.draws([u64::MAX, u64::MAX, 7].into_iter()).map(|sp| sp.id()).collect();
    /// assert_eq!(ids, [959, 0]);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub fn draws<W: Iterator<Item = u64>>(self, words: W) -> Draws<W> {
        Draws {
            remaining: self,
            words,
        }
    }
}

/// Distinct draws from a [`PositionSet`]: [`PositionSet::draws`].
///
/// ```
/// use chess960::PositionSet;
///
/// let mut draws = PositionSet::ALL.draws(core::iter::repeat(u64::MAX / 2));
/// assert_eq!(draws.next().map(|sp| sp.id()), Some(479)); // index 479 of 960
/// assert_eq!(draws.next().map(|sp| sp.id()), Some(480)); // index 479 of the 959 left
/// assert_eq!(draws.remaining().len(), 958);
/// ```
#[derive(Clone, Debug)]
pub struct Draws<W> {
    remaining: PositionSet,
    words: W,
}

impl<W> Draws<W> {
    /// The positions not drawn yet.
    ///
    /// ```
    /// use chess960::PositionSet;
    ///
    /// let mut draws = PositionSet::STANDARD_PAIR.draws(core::iter::repeat(0));
    /// assert_eq!(draws.next().map(|sp| sp.id()), Some(518));
    /// assert_eq!(draws.remaining().iter().map(|sp| sp.id()).collect::<Vec<_>>(), [534]);
    /// ```
    pub const fn remaining(&self) -> PositionSet {
        self.remaining
    }
}

impl<W: Iterator<Item = u64>> Iterator for Draws<W> {
    type Item = StartingPosition;

    fn next(&mut self) -> Option<StartingPosition> {
        let sp = self.remaining.pick(&mut self.words)?;
        self.remaining.remove(sp);
        Some(sp)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(usize::from(self.remaining.len())))
    }
}
