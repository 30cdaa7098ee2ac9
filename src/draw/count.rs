//! Whether a book can make as many draws as asked ([`Book::check_draws`]), and why not
//! ([`DrawError`]): what `chess960 draw` and `random` and the npm package's `Book.draw` check
//! before drawing anything.

use core::fmt;

use crate::book::Book;

impl Book {
    /// Whether `count` draws can be made from this book's entries: distinct draws need as many
    /// entries as draws, and draws that may repeat ([`Book::pick`]) need one. No draw is
    /// needed for a count of 0.
    ///
    /// # Errors
    ///
    /// [`DrawError::TooMany`] for more distinct draws than entries, [`DrawError::NoCandidates`]
    /// for draws from an empty book.
    ///
    /// ```
    /// use chess960::book::Book;
    /// use chess960::draw::DrawError;
    /// use chess960::set::PositionSet;
    ///
    /// assert_eq!(Book::CHESS960.check_draws(960, false), Ok(()));
    /// let err = Book::CHESS960.check_draws(961, false).unwrap_err();
    /// assert_eq!(err, DrawError::TooMany { count: 961, candidates: 960 });
    /// assert_eq!(err.to_string(), "961 distinct draws asked for, but there are only 960 candidates");
    /// assert_eq!(Book::CHESS960.check_draws(961, true), Ok(()));
    /// let none = Book::CHESS960.difference(PositionSet::ALL);
    /// assert_eq!(none.check_draws(1, true), Err(DrawError::NoCandidates));
    /// assert_eq!(none.check_draws(0, false), Ok(()));
    /// ```
    pub const fn check_draws(&self, count: u64, repeats: bool) -> Result<(), DrawError> {
        let candidates = self.len() as u64;
        if count > 0 && candidates == 0 {
            Err(DrawError::NoCandidates)
        } else if !repeats && count > candidates {
            Err(DrawError::TooMany { count, candidates })
        } else {
            Ok(())
        }
    }
}

/// Why a book cannot make the draws asked for ([`Book::check_draws`]).
///
/// ```
/// use chess960::draw::DrawError;
///
/// assert_eq!(DrawError::NoCandidates.to_string(), "no candidates: every position is excluded");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum DrawError {
    /// More distinct draws than there are candidates.
    TooMany {
        /// The draws asked for.
        count: u64,
        /// The book's entries.
        candidates: u64,
    },
    /// Draws from a book with no entries: every position is excluded.
    NoCandidates,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawError::TooMany { count, candidates } => write!(
                f,
                "{count} distinct draws asked for, but there are only {candidates} candidates"
            ),
            DrawError::NoCandidates => f.write_str("no candidates: every position is excluded"),
        }
    }
}

impl core::error::Error for DrawError {}
