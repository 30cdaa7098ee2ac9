//! Opening books, and the candidates of an event draw: every Chess960 start, or every Double
//! Fischer Random pair, in order and less any left out ([`Book`]); each entry ([`BookEntry`],
//! `entry.rs`) written as a FEN, an EPD line (`epd.rs`) or a PGN game (`pgn.rs`), all
//! fixed-capacity values built without allocating.
//!
//! ```
//! use chess960::StartingPosition;
//! use chess960::book::Book;
//! use chess960::fen::CastlingNotation;
//!
//! let book = Book::DFRC.without(StartingPosition::STANDARD); // 959 × 959 pairs
//! let third = book.entries().nth(2).unwrap();
//! assert_eq!(third.to_string(), "dfrc 0 2"); // White's id, then Black's: Black varies fastest
//! assert_eq!(
//!     third.epd(CastlingNotation::Shredder),
//!     r#"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhe - hmvc 0; fmvn 1; id "dfrc 0 2";"#,
//! );
//! ```

mod entry;
mod epd;
mod line_format;
mod name;
mod pgn;

use core::iter::FusedIterator;

pub use entry::BookEntry;
pub use epd::Epd;
pub use line_format::{BookLine, LineFormat};
pub use pgn::Pgn;

use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;
use crate::set::PositionSet;

/// The starts of an opening book or an event draw, in the order engine testers' books list
/// them: the 960 starts by Scharnagl id, or all 921,600 Double Fischer Random pairs by White's
/// id and then Black's (line *n* is White *n* / 960, Black *n* % 960), less any positions left
/// out. 128 bytes, `Copy`, built in `const` context. An event draws from these same
/// candidates ([`Book::pick`], [`Book::draws`]).
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::book::Book;
/// use chess960::fen::CastlingNotation;
///
/// let book = Book::CHESS960.without(StartingPosition::STANDARD);
/// assert_eq!(book.len(), 959);
/// let first = book.entries().next().unwrap();
/// assert_eq!(first.fen(CastlingNotation::XFen), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
/// assert_eq!(first.epd(CastlingNotation::XFen), r#"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - hmvc 0; fmvn 1; id "chess960 0";"#);
///
/// let dfrc = Book::DFRC.without(StartingPosition::STANDARD);
/// assert_eq!(dfrc.len(), 959 * 959);
/// assert_eq!(core::mem::size_of::<Book>(), 128);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Book {
    dfrc: bool,
    kept: PositionSet,
}

impl Book {
    /// The 960 Chess960 starts, by Scharnagl id.
    ///
    /// ```
    /// assert_eq!(chess960::book::Book::CHESS960.len(), 960);
    /// ```
    pub const CHESS960: Book = Book {
        dfrc: false,
        kept: PositionSet::ALL,
    };

    /// The 921,600 Double Fischer Random pairs, by White's id, then Black's.
    ///
    /// ```
    /// assert_eq!(chess960::book::Book::DFRC.len(), 921_600);
    /// ```
    pub const DFRC: Book = Book {
        dfrc: true,
        kept: PositionSet::ALL,
    };

    /// This book without `sp`; in a Double Fischer Random book, without every pair in which
    /// either side starts from `sp`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::Book;
    ///
    /// let book = Book::DFRC.without(StartingPosition::STANDARD);
    /// assert!(book.entries().all(|e| e.pair().white().id() != 518 && e.pair().black().id() != 518));
    /// ```
    #[must_use]
    pub const fn without(mut self, sp: StartingPosition) -> Book {
        self.kept.remove(sp);
        self
    }

    /// This book without every position of `excluded` (see [`without`](Book::without)), as
    /// [`PositionSet::difference`] is the set without them.
    ///
    /// ```
    /// use chess960::book::Book;
    /// use chess960::set::PositionSet;
    ///
    /// let book = Book::DFRC.difference(PositionSet::STANDARD_AND_MIRROR);
    /// assert_eq!(book.len(), 958 * 958);
    /// assert_eq!(book.positions(), PositionSet::STANDARD_AND_MIRROR.complement());
    /// ```
    #[must_use]
    pub const fn difference(mut self, excluded: PositionSet) -> Book {
        self.kept = self.kept.difference(excluded);
        self
    }

    /// The positions the book keeps (for Double Fischer Random, those both sides start from).
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::Book;
    ///
    /// let book = Book::CHESS960.without(StartingPosition::STANDARD);
    /// assert_eq!(book.positions().len(), 959);
    /// assert!(!book.positions().contains(StartingPosition::STANDARD));
    /// ```
    pub const fn positions(&self) -> PositionSet {
        self.kept
    }

    /// Whether this is a Double Fischer Random book.
    ///
    /// ```
    /// assert!(chess960::book::Book::DFRC.is_dfrc());
    /// assert!(!chess960::book::Book::CHESS960.is_dfrc());
    /// ```
    pub const fn is_dfrc(&self) -> bool {
        self.dfrc
    }

    /// The number of entries: the positions kept, or their square for Double Fischer Random.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::Book;
    ///
    /// let book = Book::DFRC.without(StartingPosition::STANDARD).without(StartingPosition::STANDARD);
    /// assert_eq!(book.len(), 959 * 959);
    /// ```
    pub const fn len(&self) -> usize {
        let kept = self.kept.len();
        if self.dfrc { kept * kept } else { kept }
    }

    /// Whether every position was left out.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::Book;
    ///
    /// let none = StartingPosition::all().fold(Book::CHESS960, Book::without);
    /// assert!(none.is_empty());
    /// assert_eq!(none.entries().next(), None);
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries, in book order.
    ///
    /// ```
    /// use chess960::book::Book;
    ///
    /// let ids: Vec<_> = Book::DFRC.entries().take(3).map(|e| e.to_string()).collect();
    /// assert_eq!(ids, ["dfrc 0 0", "dfrc 0 1", "dfrc 0 2"]);
    /// assert_eq!(Book::DFRC.entries().nth(960).unwrap().to_string(), "dfrc 1 0");
    /// ```
    pub const fn entries(&self) -> BookEntries {
        BookEntries {
            book: *self,
            white: 0,
            black: 0,
            remaining: self.len(),
        }
    }

    /// The entry at `index` (from 0) in book order, if the book has more than `index`.
    ///
    /// ```
    /// use chess960::book::Book;
    /// use chess960::set::PositionSet;
    ///
    /// let book = Book::DFRC.difference(PositionSet::STANDARD_AND_MIRROR);
    /// assert_eq!(book.nth(958).map(|e| e.to_string()).as_deref(), Some("dfrc 1 0"));
    /// assert_eq!(book.nth(book.len() - 1).map(|e| e.to_string()).as_deref(), Some("dfrc 959 959"));
    /// assert_eq!(book.nth(book.len()), None);
    /// ```
    pub const fn nth(&self, index: usize) -> Option<BookEntry> {
        self.nth_of(index, self.kept.len())
    }

    /// [`nth`](Book::nth), given how many positions the book keeps (a pick has counted them).
    pub(crate) const fn nth_of(&self, index: usize, kept: usize) -> Option<BookEntry> {
        if !self.dfrc {
            return match self.kept.nth(index) {
                Some(sp) => Some(BookEntry::Chess960(sp)),
                None => None,
            };
        }
        if kept == 0 {
            return None;
        }
        match (self.kept.nth(index / kept), self.kept.nth(index % kept)) {
            (Some(white), Some(black)) => {
                Some(BookEntry::Dfrc(DoubleStartingPosition::new(white, black)))
            }
            _ => None,
        }
    }
}

/// ```
/// use chess960::book::Book;
///
/// assert_eq!(Book::CHESS960.into_iter().count(), 960);
/// ```
impl IntoIterator for Book {
    type Item = BookEntry;
    type IntoIter = BookEntries;

    fn into_iter(self) -> BookEntries {
        self.entries()
    }
}

/// The entries of a [`Book`], in order: [`Book::entries`].
///
/// ```
/// let mut entries = chess960::book::Book::CHESS960.entries();
/// assert_eq!(entries.len(), 960);
/// assert_eq!(entries.next().unwrap().to_string(), "chess960 0");
/// assert_eq!(entries.len(), 959);
/// ```
#[derive(Clone, Debug)]
pub struct BookEntries {
    book: Book,
    /// The next White id to consider, and (Double Fischer Random) the next Black id with it.
    white: u16,
    black: u16,
    remaining: usize,
}

impl Iterator for BookEntries {
    type Item = BookEntry;

    fn next(&mut self) -> Option<BookEntry> {
        if self.remaining == 0 {
            return None;
        }
        let mut white = self.book.kept.first_from(self.white)?;
        let entry = if self.book.dfrc {
            let black = match self.book.kept.first_from(self.black) {
                Some(black) => black,
                None => {
                    white = self.book.kept.first_from(white.id() + 1)?;
                    self.book.kept.first_from(0)?
                }
            };
            self.white = white.id();
            self.black = black.id() + 1;
            BookEntry::Dfrc(DoubleStartingPosition::new(white, black))
        } else {
            self.white = white.id() + 1;
            BookEntry::Chess960(white)
        };
        self.remaining -= 1;
        Some(entry)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for BookEntries {}

impl FusedIterator for BookEntries {}
