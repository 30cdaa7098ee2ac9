//! Feature `sha2`: the whole recipe of a verifiable event draw in one call
//! ([`Book::seeded_draws`]): the check, the seed text's words, and distinct draws or draws
//! that may repeat. `chess960 draw`, Python's `Book.draw` and npm's `Book.draw` are this call.

use core::iter::FusedIterator;

use super::count::{DrawError, Repeats};
use super::many::ManyDraws;
use super::seed_words::SeedWords;
use crate::book::{Book, BookEntry};

impl Book {
    /// `count` draws from the book's entries, driven by the words of `seed_text`
    /// ([`SeedWords`]): distinct ([`Book::many_draws`]) or, with [`Repeats::Allowed`], each
    /// from all of them ([`Book::pick`]). What `chess960 draw --seed-text TEXT --count COUNT`
    /// draws from the same book. About 117 KB, as [`ManyDraws`].
    ///
    /// # Errors
    ///
    /// [`Book::check_draws`]'s, before any draw.
    ///
    /// ```
    /// use chess960::book::Book;
    /// use chess960::draw::Repeats;
    ///
    /// let drawn: Vec<String> = Book::CHESS960.seeded_draws("Freestyle 2026 round 3", 3, Repeats::Distinct)?
    ///     .map(|entry| entry.to_string())
    ///     .collect();
    /// assert_eq!(drawn.len(), 3);
    /// assert!(Book::CHESS960.seeded_draws("x", 961, Repeats::Distinct).is_err());
    /// assert_eq!(Book::CHESS960.seeded_draws("x", 961, Repeats::Allowed)?.count(), 961);
    /// # Ok::<(), chess960::draw::DrawError>(())
    /// ```
    pub fn seeded_draws(
        self,
        seed_text: &str,
        count: u64,
        repeats: Repeats,
    ) -> Result<SeededDraws, DrawError> {
        self.check_draws(count, repeats)?;
        let words = SeedWords::new(seed_text);
        let draws = match repeats {
            Repeats::Distinct => Draws::Distinct(self.many_draws(words)),
            Repeats::Allowed => Draws::Repeating { book: self, words },
        };
        Ok(SeededDraws { draws, left: count })
    }
}

/// The draws of a seed text: [`Book::seeded_draws`].
#[derive(Clone, Debug)]
pub struct SeededDraws {
    draws: Draws,
    left: u64,
}

#[derive(Clone, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "no allocation: the 117 KB of distinct draws are the documented size"
)]
enum Draws {
    Distinct(ManyDraws<SeedWords>),
    Repeating { book: Book, words: SeedWords },
}

impl Iterator for SeededDraws {
    type Item = BookEntry;

    fn next(&mut self) -> Option<BookEntry> {
        self.left = self.left.checked_sub(1)?;
        let drawn = match &mut self.draws {
            Draws::Distinct(draws) => draws.next(),
            Draws::Repeating { book, words } => book.pick(words),
        };
        if drawn.is_none() {
            self.left = 0;
        }
        drawn
    }
}

impl FusedIterator for SeededDraws {}
