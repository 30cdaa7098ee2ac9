//! Whether a book can make as many draws as asked ([`Book::check_draws`]), with [`Repeats`]
//! or not, and why not ([`DrawError`]): what every event draw checks before drawing anything.

use core::fmt;

use crate::book::Book;

/// Whether a draw may give a candidate more than once (`chess960 draw --allow-repeats`,
/// Python's `allow_repeats=True`, npm's `allowRepeats`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Repeats {
    /// Every draw a different candidate, which then leaves ([`Book::many_draws`]).
    #[default]
    Distinct,
    /// Each draw from all the candidates ([`Book::pick`]).
    Allowed,
}

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
    /// use chess960::draw::{DrawError, Repeats};
    /// use chess960::set::PositionSet;
    ///
    /// assert_eq!(Book::CHESS960.check_draws(960, Repeats::Distinct), Ok(()));
    /// let err = Book::CHESS960.check_draws(961, Repeats::Distinct).unwrap_err();
    /// assert_eq!(err, DrawError::TooMany { count: 961, candidates: 960 });
    /// assert_eq!(err.to_string(), "961 distinct draws asked for, but there are only 960 candidates (allowing repeats lets a candidate come again)");
    /// assert_eq!(Book::CHESS960.check_draws(961, Repeats::Allowed), Ok(()));
    /// let none = Book::CHESS960.difference(PositionSet::ALL);
    /// assert_eq!(none.check_draws(1, Repeats::Allowed), Err(DrawError::NoCandidates));
    /// assert_eq!(none.check_draws(0, Repeats::Distinct), Ok(()));
    /// ```
    pub const fn check_draws(&self, count: u64, repeats: Repeats) -> Result<(), DrawError> {
        check_count(self.len() as u64, count, repeats)
    }
}

/// Whether `count` draws can be made from `candidates`: [`Book::check_draws`] for any list of
/// candidates (an eval file's window, say).
///
/// # Errors
///
/// As [`Book::check_draws`].
///
/// ```
/// use chess960::draw::{DrawError, Repeats, check_count};
///
/// assert_eq!(check_count(3, 4, Repeats::Distinct), Err(DrawError::TooMany { count: 4, candidates: 3 }));
/// assert_eq!(check_count(3, 4, Repeats::Allowed), Ok(()));
/// ```
pub const fn check_count(candidates: u64, count: u64, repeats: Repeats) -> Result<(), DrawError> {
    if count > 0 && candidates == 0 {
        Err(DrawError::NoCandidates)
    } else if matches!(repeats, Repeats::Distinct) && count > candidates {
        Err(DrawError::TooMany { count, candidates })
    } else {
        Ok(())
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

impl DrawError {
    /// The variant's name (`TooMany`, …): the `kind` of the JavaScript package's
    /// `DrawError`.
    ///
    /// ```
    /// use chess960::draw::{Repeats, check_count};
    ///
    /// assert_eq!(check_count(3, 4, Repeats::Distinct).unwrap_err().kind(), "TooMany");
    /// assert_eq!(check_count(0, 1, Repeats::Allowed).unwrap_err().kind(), "NoCandidates");
    /// ```
    pub const fn kind(self) -> &'static str {
        match self {
            DrawError::TooMany { .. } => "TooMany",
            DrawError::NoCandidates => "NoCandidates",
        }
    }
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawError::TooMany { count, candidates } => write!(
                f,
                "{count} distinct draws asked for, but there are only {candidates} candidates \
                 (allowing repeats lets a candidate come again)"
            ),
            DrawError::NoCandidates => f.write_str("no candidates: every position is excluded"),
        }
    }
}

impl core::error::Error for DrawError {}
