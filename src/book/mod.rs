//! Opening books: every Chess960 start, or every Double Fischer Random pair, in order and less
//! any left out ([`Book`]), each entry ([`BookEntry`]) written as a FEN, an EPD line
//! (`epd.rs`) or a PGN game (`pgn.rs`). Lines are fixed-capacity values built in `text.rs`.

mod epd;
mod pgn;
mod text;

use core::fmt;
use core::iter::FusedIterator;

pub use epd::Epd;
pub use pgn::Pgn;

use crate::{CastlingNotation, DoubleStartingPosition, Fen, PositionSet, StartingPosition};
use text::Text;

/// The positions of an opening book, in the order engine testers' books list them: the 960
/// starts by Scharnagl id, or all 921,600 Double Fischer Random pairs by White's id and then
/// Black's (line *n* is White *n* / 960, Black *n* % 960), less any positions left out.
/// 128 bytes, `Copy`, built in `const` context.
///
/// ```
/// use chess960::{Book, CastlingNotation, StartingPosition};
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
    /// assert_eq!(chess960::Book::CHESS960.len(), 960);
    /// ```
    pub const CHESS960: Book = Book {
        dfrc: false,
        kept: PositionSet::ALL,
    };

    /// The 921,600 Double Fischer Random pairs, by White's id, then Black's.
    ///
    /// ```
    /// assert_eq!(chess960::Book::DFRC.len(), 921_600);
    /// ```
    pub const DFRC: Book = Book {
        dfrc: true,
        kept: PositionSet::ALL,
    };

    /// This book without `sp`; in a Double Fischer Random book, without every pair in which
    /// either side starts from `sp`.
    ///
    /// ```
    /// use chess960::{Book, StartingPosition};
    ///
    /// let book = Book::DFRC.without(StartingPosition::STANDARD);
    /// assert!(book.entries().all(|e| e.pair().white().id() != 518 && e.pair().black().id() != 518));
    /// ```
    #[must_use]
    pub const fn without(mut self, sp: StartingPosition) -> Book {
        self.kept.remove(sp);
        self
    }

    /// This book without every position of `excluded` (see [`without`](Book::without)).
    ///
    /// ```
    /// use chess960::{Book, PositionSet};
    ///
    /// let book = Book::DFRC.excluding(PositionSet::STANDARD_PAIR);
    /// assert_eq!(book.len(), 958 * 958);
    /// assert_eq!(book.positions(), PositionSet::STANDARD_PAIR.complement());
    /// ```
    #[must_use]
    pub const fn excluding(mut self, excluded: PositionSet) -> Book {
        self.kept = self.kept.difference(excluded);
        self
    }

    /// The positions the book keeps (for Double Fischer Random, those both sides start from).
    ///
    /// ```
    /// use chess960::{Book, StartingPosition};
    ///
    /// let book = Book::CHESS960.without(StartingPosition::STANDARD);
    /// assert_eq!(book.positions().len(), 959);
    /// ```
    pub const fn positions(&self) -> PositionSet {
        self.kept
    }

    /// Whether `sp` was left out with [`without`](Book::without).
    ///
    /// ```
    /// use chess960::{Book, StartingPosition};
    ///
    /// assert!(Book::CHESS960.without(StartingPosition::STANDARD).excludes(StartingPosition::STANDARD));
    /// assert!(!Book::CHESS960.excludes(StartingPosition::STANDARD));
    /// ```
    pub const fn excludes(&self, sp: StartingPosition) -> bool {
        !self.kept.contains(sp)
    }

    /// Whether this is a Double Fischer Random book.
    ///
    /// ```
    /// assert!(chess960::Book::DFRC.is_dfrc());
    /// assert!(!chess960::Book::CHESS960.is_dfrc());
    /// ```
    pub const fn is_dfrc(&self) -> bool {
        self.dfrc
    }

    /// The number of entries: the positions kept, or their square for Double Fischer Random.
    ///
    /// ```
    /// use chess960::{Book, StartingPosition};
    ///
    /// let book = Book::DFRC.without(StartingPosition::STANDARD).without(StartingPosition::STANDARD);
    /// assert_eq!(book.len(), 959 * 959);
    /// ```
    pub const fn len(&self) -> u32 {
        let kept = self.kept.len() as u32;
        if self.dfrc { kept * kept } else { kept }
    }

    /// Whether every position was left out.
    ///
    /// ```
    /// use chess960::{Book, StartingPosition};
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
    /// use chess960::Book;
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
}

/// ```
/// use chess960::Book;
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
/// let mut entries = chess960::Book::CHESS960.entries();
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
    remaining: u32,
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
        let remaining = self.remaining as usize;
        (remaining, Some(remaining))
    }
}

impl ExactSizeIterator for BookEntries {}

impl FusedIterator for BookEntries {}

/// One entry of a [`Book`]: a Chess960 start, or a Double Fischer Random pair. `Display`
/// gives its name as books write it: `chess960 518`, or `dfrc 105 451` (White, then Black).
///
/// ```
/// use chess960::{BookEntry, DoubleStartingPosition, StartingPosition};
///
/// assert_eq!(BookEntry::Chess960(StartingPosition::STANDARD).to_string(), "chess960 518");
/// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
/// assert_eq!(BookEntry::Dfrc(pair).to_string(), "dfrc 105 451");
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BookEntry {
    /// A Chess960 start: Black mirrors White.
    Chess960(StartingPosition),
    /// A Double Fischer Random start: each side its own back rank.
    Dfrc(DoubleStartingPosition),
}

impl BookEntry {
    /// The longest name, `chess960 959` or `dfrc 959 959`.
    const NAME_LEN: usize = 12;

    /// White's and Black's back ranks.
    ///
    /// ```
    /// use chess960::{BookEntry, DoubleStartingPosition, StartingPosition};
    ///
    /// let entry = BookEntry::Chess960(StartingPosition::STANDARD);
    /// assert_eq!(entry.pair(), DoubleStartingPosition::STANDARD);
    /// ```
    pub const fn pair(self) -> DoubleStartingPosition {
        match self {
            BookEntry::Chess960(sp) => DoubleStartingPosition::new(sp, sp),
            BookEntry::Dfrc(pair) => pair,
        }
    }

    /// The start FEN, castling in `notation`: the book line of a FEN book.
    ///
    /// ```
    /// use chess960::{Book, CastlingNotation};
    ///
    /// let second = Book::DFRC.entries().nth(1).unwrap();
    /// assert_eq!(second.fen(CastlingNotation::Shredder), "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// ```
    pub const fn fen(self, notation: CastlingNotation) -> Fen {
        self.pair().fen_in(notation)
    }

    /// The EPD line, castling in `notation`.
    ///
    /// ```
    /// use chess960::{BookEntry, CastlingNotation, StartingPosition};
    ///
    /// let epd = BookEntry::Chess960(StartingPosition::STANDARD).epd(CastlingNotation::Shredder);
    /// assert!(epd.as_str().ends_with(r#" w HAha - hmvc 0; fmvn 1; id "chess960 518";"#));
    /// ```
    pub const fn epd(self, notation: CastlingNotation) -> Epd {
        Epd::new(self, notation)
    }

    /// The PGN game, castling in `notation` in its `FEN` tag.
    ///
    /// ```
    /// use chess960::{BookEntry, CastlingNotation, StartingPosition};
    ///
    /// let pgn = BookEntry::Chess960(StartingPosition::STANDARD).pgn(CastlingNotation::XFen);
    /// assert!(pgn.as_str().starts_with("[Event \"chess960 518\"]\n"));
    /// ```
    pub const fn pgn(self, notation: CastlingNotation) -> Pgn {
        Pgn::new(self, notation)
    }

    /// The entry's name, as `Display` writes it.
    const fn name(self) -> Text<{ BookEntry::NAME_LEN }> {
        match self {
            BookEntry::Chess960(sp) => Text::EMPTY.push(b"chess960 ").number(sp.id()),
            BookEntry::Dfrc(pair) => Text::EMPTY
                .push(b"dfrc ")
                .number(pair.white().id())
                .push(b" ")
                .number(pair.black().id()),
        }
    }
}

/// `chess960 518`, or `dfrc 105 451`.
///
/// ```
/// use chess960::{BookEntry, StartingPosition};
///
/// assert_eq!(format!("{:>14}", BookEntry::Chess960(StartingPosition::from_id(0)?)), "    chess960 0");
/// # Ok::<(), chess960::IdError>(())
/// ```
impl fmt::Display for BookEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name().as_str())
    }
}
