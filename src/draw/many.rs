//! Distinct draws of any number ([`ManyDraws`]): each a pick from the candidates not drawn yet,
//! in book order, which then leaves them. For Double Fischer Random, the pairs not drawn yet
//! are kept White by White: for each White, the Blacks still free with it, and how many.

use core::iter::FusedIterator;

use super::pick::pick_index;
use crate::book::{Book, BookEntry};
use crate::checked::cannot_happen;
use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;
use crate::set::PositionSet;

impl Book {
    /// Distinct draws from the book's entries, as many as there are: the same draws as
    /// [`Book::draws`], without its limit of [`DFRC_LIMIT`](super::DFRC_LIMIT) Double Fischer Random
    /// pairs. This is `chess960 draw` without `--allow-repeats`. About 117 KB (what is left of
    /// 921,600 pairs): box it where the stack is small.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::Book;
    /// use chess960::set::PositionSet;
    ///
    /// let two = PositionSet::NONE.with(StartingPosition::from_id(0)?).with(StartingPosition::from_id(959)?);
    /// let book = Book::CHESS960.difference(two.complement());
    /// let drawn: Vec<String> = book.many_draws([u64::MAX, u64::MAX, 7].into_iter()).map(|e| e.to_string()).collect();
    /// assert_eq!(drawn, ["chess960 959", "chess960 0"]);
    ///
    /// // All four pairs of two positions, each once.
    /// let pairs = Book::DFRC.difference(two.complement()).many_draws(core::iter::repeat(u64::MAX));
    /// let drawn: Vec<String> = pairs.map(|e| e.to_string()).collect();
    /// assert_eq!(drawn, ["dfrc 959 959", "dfrc 959 0", "dfrc 0 959", "dfrc 0 0"]);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub fn many_draws<W: Iterator<Item = u64>>(self, words: W) -> ManyDraws<W> {
        let kept = self.positions();
        let count = if self.is_dfrc() { kept.len() } else { 0 };
        let mut free = [0; StartingPosition::COUNT as usize];
        for white in kept {
            if let Some(slot) = free.get_mut(usize::from(white.id())) {
                *slot = count as u16;
            }
        }
        ManyDraws {
            dfrc: self.is_dfrc(),
            remaining: self.len(),
            undrawn: kept,
            blacks: [kept; StartingPosition::COUNT as usize],
            free,
            words,
        }
    }
}

/// Distinct draws from a [`Book`], as many as there are: [`Book::many_draws`]. About 117 KB
/// (what is left of 921,600 pairs), allocation-free; box it where the stack is small.
///
/// ```
/// use chess960::book::Book;
///
/// let mut draws = Book::CHESS960.many_draws(core::iter::repeat(u64::MAX / 2));
/// assert_eq!(draws.next().map(|e| e.to_string()).as_deref(), Some("chess960 479")); // index 479 of 960
/// assert_eq!(draws.next().map(|e| e.to_string()).as_deref(), Some("chess960 480")); // index 479 of 959
/// assert_eq!(draws.remaining(), 958);
/// ```
#[derive(Clone)]
pub struct ManyDraws<W> {
    dfrc: bool,
    /// How many entries are left to draw.
    remaining: usize,
    /// Chess960: the positions not drawn yet.
    undrawn: PositionSet,
    /// Double Fischer Random: for each White id, the Blacks not drawn with it yet, and how
    /// many (0 for a White the book leaves out).
    blacks: [PositionSet; StartingPosition::COUNT as usize],
    free: [u16; StartingPosition::COUNT as usize],
    words: W,
}

impl<W> ManyDraws<W> {
    /// How many entries are left to draw.
    ///
    /// ```
    /// use chess960::book::Book;
    ///
    /// let mut draws = Book::DFRC.many_draws(core::iter::repeat(1)); // index ⌊921,600 / 2⁶⁴⌋ = 0
    /// assert_eq!(draws.next().map(|e| e.to_string()).as_deref(), Some("dfrc 0 0"));
    /// assert_eq!(draws.remaining(), 921_599);
    /// ```
    pub const fn remaining(&self) -> usize {
        self.remaining
    }

    /// The Double Fischer Random pair at `index` among those not drawn yet, in book order,
    /// taken out.
    fn take_pair(&mut self, mut index: u64) -> Option<DoubleStartingPosition> {
        for (id, (blacks, free)) in (0..).zip(self.blacks.iter_mut().zip(self.free.iter_mut())) {
            let row = u64::from(*free);
            if index < row {
                let black = blacks.nth(usize::try_from(index).ok()?)?;
                blacks.remove(black);
                *free -= 1;
                let white = StartingPosition::from_id(id).ok()?;
                return Some(DoubleStartingPosition::new(white, black));
            }
            index -= row;
        }
        cannot_happen(None)
    }
}

impl<W: Iterator<Item = u64>> Iterator for ManyDraws<W> {
    type Item = BookEntry;

    fn next(&mut self) -> Option<BookEntry> {
        let index = pick_index(self.remaining as u64, &mut self.words)?;
        let entry = if self.dfrc {
            BookEntry::Dfrc(self.take_pair(index)?)
        } else {
            let sp = self.undrawn.nth(usize::try_from(index).ok()?)?;
            self.undrawn.remove(sp);
            BookEntry::Chess960(sp)
        };
        self.remaining -= 1;
        Some(entry)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.remaining))
    }
}

impl<W: Iterator<Item = u64>> FusedIterator for ManyDraws<W> where W: FusedIterator {}

/// How many are left, and the words.
impl<W: core::fmt::Debug> core::fmt::Debug for ManyDraws<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ManyDraws")
            .field("dfrc", &self.dfrc)
            .field("remaining", &self.remaining)
            .field("words", &self.words)
            .finish_non_exhaustive()
    }
}
