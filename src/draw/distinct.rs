//! Distinct draws in a few hundred bytes ([`Draws`]): each a pick from the candidates not drawn
//! yet, in book order, which then leaves them. For the 960 starts, the ones not drawn yet are
//! a [`PositionSet`]; for Double Fischer Random, the book's positions and the book indexes of
//! the pairs drawn so far, in order, up to [`DFRC_LIMIT`].

use core::iter::FusedIterator;

use super::pick::pick_index;
use crate::book::{Book, BookEntry};
use crate::set::PositionSet;

/// How many distinct Double Fischer Random pairs [`Book::draws`] draws at most.
///
/// ```
/// use chess960::book::Book;
/// use chess960::draw::DFRC_LIMIT;
///
/// let words = core::iter::repeat(7);
/// assert_eq!(Book::DFRC.draws(words.clone()).count(), DFRC_LIMIT);
/// assert_eq!(Book::CHESS960.draws(words).count(), 960);
/// ```
pub const DFRC_LIMIT: usize = 16;

impl Book {
    /// Distinct draws from the book's entries: each the [pick](Book::pick) from the entries not
    /// drawn yet (in book order), which then leaves them. Ends once every entry is drawn, the
    /// words run out, or, in a Double Fischer Random book, [`DFRC_LIMIT`] pairs are
    /// drawn ([`Book::many_draws`] has no limit, in 117 KB). The draws of `chess960 draw`
    /// without `--allow-repeats`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::Book;
    /// use chess960::set::PositionSet;
    ///
    /// let two = PositionSet::NONE.with(StartingPosition::from_id(0)?).with(StartingPosition::from_id(959)?);
    /// let book = Book::CHESS960.difference(two.complement());
    /// let drawn: Vec<String> = book.draws([u64::MAX, u64::MAX, 7].into_iter()).map(|e| e.to_string()).collect();
    /// assert_eq!(drawn, ["chess960 959", "chess960 0"]);
    ///
    /// // All four pairs of two positions, each once.
    /// let pairs = Book::DFRC.difference(two.complement()).draws(core::iter::repeat(u64::MAX));
    /// let drawn: Vec<String> = pairs.map(|e| e.to_string()).collect();
    /// assert_eq!(drawn, ["dfrc 959 959", "dfrc 959 0", "dfrc 0 959", "dfrc 0 0"]);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn draws<W: Iterator<Item = u64>>(self, words: W) -> Draws<W> {
        let remaining = self.len() as u32;
        Draws {
            dfrc: self.is_dfrc(),
            positions: self.positions(),
            drawn: [0; DFRC_LIMIT],
            drawn_len: 0,
            remaining,
            words,
        }
    }
}

/// Distinct draws from a [`Book`]: [`Book::draws`]. At most 192 bytes beside the words: what a
/// microcontroller's stack holds.
///
/// ```
/// use chess960::book::Book;
///
/// let mut draws = Book::CHESS960.draws(core::iter::repeat(u64::MAX / 2));
/// assert_eq!(draws.next().map(|e| e.to_string()).as_deref(), Some("chess960 479")); // index 479 of 960
/// assert_eq!(draws.next().map(|e| e.to_string()).as_deref(), Some("chess960 480")); // index 479 of 959
/// assert_eq!(draws.remaining(), 958);
/// assert!(core::mem::size_of_val(&draws) <= 192 + 8);
/// ```
#[derive(Clone)]
pub struct Draws<W> {
    dfrc: bool,
    /// Chess960: the positions not drawn yet. Double Fischer Random: the book's positions.
    positions: PositionSet,
    /// Double Fischer Random: the book indexes of the pairs drawn, in increasing order.
    drawn: [u32; DFRC_LIMIT],
    drawn_len: u8,
    /// How many entries are left to draw.
    remaining: u32,
    words: W,
}

impl<W> Draws<W> {
    /// How many entries are left to draw (in a Double Fischer Random book, whatever the limit).
    ///
    /// ```
    /// use chess960::book::Book;
    ///
    /// let mut draws = Book::DFRC.draws(core::iter::repeat(1)); // index ⌊921,600 / 2⁶⁴⌋ = 0
    /// assert_eq!(draws.next().map(|e| e.to_string()).as_deref(), Some("dfrc 0 0"));
    /// assert_eq!(draws.remaining(), 921_599);
    /// ```
    pub const fn remaining(&self) -> usize {
        self.remaining as usize
    }

    /// The Double Fischer Random pair at `index` among those not drawn yet, in book order,
    /// taken out; `None` once [`DFRC_LIMIT`] are drawn.
    fn take_pair(&mut self, index: u64) -> Option<BookEntry> {
        let len = usize::from(self.drawn_len);
        let drawn = self.drawn.get(..len)?;
        let mut at = u32::try_from(index).ok()?;
        let mut before = 0;
        // The drawn indexes at or below `at` each move it one on.
        for &taken in drawn {
            if taken > at {
                break;
            }
            at = at.checked_add(1)?;
            before += 1;
        }
        // Insert `at` at `before`, moving the later ones on.
        let mut carry = at;
        for slot in self.drawn.iter_mut().skip(before).take(len - before + 1) {
            core::mem::swap(slot, &mut carry);
        }
        self.drawn_len = self.drawn_len.saturating_add(1);
        Book::DFRC
            .difference(self.positions.complement())
            .nth(at as usize)
    }
}

impl<W: Iterator<Item = u64>> Iterator for Draws<W> {
    type Item = BookEntry;

    fn next(&mut self) -> Option<BookEntry> {
        if self.dfrc && usize::from(self.drawn_len) >= DFRC_LIMIT {
            return None;
        }
        let index = pick_index(u64::from(self.remaining), &mut self.words)?;
        let entry = if self.dfrc {
            self.take_pair(index)?
        } else {
            let sp = self.positions.nth(usize::try_from(index).ok()?)?;
            self.positions.remove(sp);
            BookEntry::Chess960(sp)
        };
        self.remaining = self.remaining.saturating_sub(1);
        Some(entry)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let most = match self.dfrc {
            true => DFRC_LIMIT.saturating_sub(usize::from(self.drawn_len)),
            false => self.remaining as usize,
        };
        (0, Some(most.min(self.remaining as usize)))
    }
}

impl<W: Iterator<Item = u64>> FusedIterator for Draws<W> where W: FusedIterator {}

/// How many are left, and the words.
impl<W: core::fmt::Debug> core::fmt::Debug for Draws<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Draws")
            .field("dfrc", &self.dfrc)
            .field("remaining", &self.remaining)
            .field("words", &self.words)
            .finish_non_exhaustive()
    }
}
