//! One entry of a book or one draw of an event: a Chess960 start or a Double Fischer Random
//! pair ([`BookEntry`]), its name, and its lines.

use core::fmt;

use super::epd::Epd;
use super::name::{self, Name};
use super::pgn::Pgn;
use crate::dfrc::DoubleStartingPosition;
use crate::fen::{CastlingNotation, Fen};
use crate::position::StartingPosition;

/// One entry of a [`Book`](super::Book), or one draw of an event: a Chess960 start, or a Double Fischer Random pair. `Display`
/// gives its name as books write it: `chess960 518`, or `dfrc 105 451` (White, then Black).
///
/// ```
/// use chess960::{DoubleStartingPosition, StartingPosition};
/// use chess960::book::BookEntry;
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
    /// White's and Black's back ranks.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::book::BookEntry;
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
    /// use chess960::book::Book;
    /// use chess960::fen::CastlingNotation;
    ///
    /// let second = Book::DFRC.entries().nth(1).unwrap();
    /// assert_eq!(second.fen(CastlingNotation::Shredder), "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// ```
    pub const fn fen(self, notation: CastlingNotation) -> Fen {
        Fen::of_pair(self.pair(), notation)
    }

    /// The EPD line, castling in `notation`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::BookEntry;
    /// use chess960::fen::CastlingNotation;
    ///
    /// let epd = BookEntry::Chess960(StartingPosition::STANDARD).epd(CastlingNotation::Shredder);
    /// assert!(epd.as_str().ends_with(r#" w HAha - hmvc 0; fmvn 1; id "chess960 518";"#));
    /// ```
    pub const fn epd(self, notation: CastlingNotation) -> Epd {
        Epd::new(self.fen(notation), self.name())
    }

    /// The PGN game, castling in `notation` in its `FEN` tag.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::BookEntry;
    /// use chess960::fen::CastlingNotation;
    ///
    /// let pgn = BookEntry::Chess960(StartingPosition::STANDARD).pgn(CastlingNotation::XFen);
    /// assert!(pgn.as_str().starts_with("[Event \"chess960 518\"]\n"));
    /// ```
    pub const fn pgn(self, notation: CastlingNotation) -> Pgn {
        Pgn::new(self.fen(notation), self.name())
    }

    /// The entry's name, as `Display` writes it.
    const fn name(self) -> Name {
        match self {
            BookEntry::Chess960(sp) => name::chess960(sp.id()),
            BookEntry::Dfrc(pair) => name::dfrc(pair.white().id(), pair.black().id()),
        }
    }
}

/// `chess960 518`, or `dfrc 105 451`.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::book::BookEntry;
///
/// assert_eq!(format!("{:>14}", BookEntry::Chess960(StartingPosition::from_id(0)?)), "    chess960 0");
/// # Ok::<(), chess960::IdError>(())
/// ```
impl fmt::Display for BookEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name().as_str())
    }
}

/// The entry's pair ([`BookEntry::pair`]): a Chess960 start is the pair of itself and itself.
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960::book::Book;
///
/// let entry = Book::CHESS960.entries().nth(518).unwrap();
/// assert_eq!(DoubleStartingPosition::from(entry), DoubleStartingPosition::STANDARD);
/// ```
impl From<BookEntry> for DoubleStartingPosition {
    fn from(entry: BookEntry) -> Self {
        entry.pair()
    }
}
