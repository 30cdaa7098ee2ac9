//! The pick step of an event draw ([`Book::pick`]), the one place where random words become
//! positions (see the [module](super)).

use crate::book::{Book, BookEntry};

/// The pick step, over any `n` candidates: an index below `n`, from the next of `words` (see
/// the [module](super)). `None` when `n` is 0 (no word taken) or when the words run out.
/// [`Book::pick`] and [`Book::draws`] use it over a book's entries; it is public so that a
/// procedure built on it (a draw over players, boards or rounds) can be checked the same way.
///
/// ```
/// use chess960::draw::pick_index;
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

impl Book {
    /// One entry of the book, uniformly: the one at the pick step's index (see [`draw`](super))
    /// over the book's [`len`](Book::len), in book order. `None` when the book is empty or the
    /// words run out. Draws that may repeat are `core::iter::from_fn(|| book.pick(&mut words))`.
    ///
    /// ```
    /// use chess960::book::Book;
    /// use chess960::set::PositionSet;
    ///
    /// let event = Book::CHESS960.difference(PositionSet::STANDARD_AND_MIRROR);
    /// // ⌊(2⁶³ − 1) × 958 / 2⁶⁴⌋ = 478: the 479th allowed id.
    /// let drawn = event.pick(&mut [u64::MAX / 2].into_iter()).unwrap();
    /// assert_eq!(drawn.to_string(), "chess960 478");
    /// // 2⁶³ × 958 has low bits 0, below 2⁶⁴ mod 958: discarded, and no word is left.
    /// assert_eq!(event.pick(&mut [1 << 63].into_iter()), None);
    ///
    /// // Double Fischer Random: one of 958² pairs, White's id major.
    /// let pair = Book::DFRC.difference(PositionSet::STANDARD_AND_MIRROR).pick(&mut [u64::MAX].into_iter()).unwrap();
    /// assert_eq!(pair.to_string(), "dfrc 959 959");
    /// // 2⁶⁴ mod 960 = 256: word 0 (low bits 0) is discarded, word 1 (low bits 960) is kept.
    /// assert_eq!(Book::CHESS960.pick(&mut [0, 1].into_iter()).map(|e| e.to_string()).as_deref(), Some("chess960 0"));
    /// ```
    pub fn pick<W: Iterator<Item = u64> + ?Sized>(&self, words: &mut W) -> Option<BookEntry> {
        // The positions are counted once: the count is most of a pick's cost.
        let kept = self.positions().len();
        let n = if self.is_dfrc() { kept * kept } else { kept };
        let index = pick_index(n as u64, words)?;
        self.nth_of(usize::try_from(index).ok()?, kept)
    }
}
