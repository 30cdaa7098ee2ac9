//! Which line a book writes for each entry ([`LineFormat`]: a FEN, an EPD line or a PGN game),
//! read and written by name as every face spells it (`--format fen|epd|pgn`, Python's
//! `lines("epd")`, npm's `lines("epd")`), and the line itself ([`BookLine`]).

use core::fmt;
use core::str::FromStr;

use super::entry::BookEntry;
use super::epd::Epd;
use super::pgn::Pgn;
use crate::fen::{CastlingNotation, Fen};
use crate::name::{self, ParseNameError};

/// How a book writes an entry: as a start FEN, an EPD line or a PGN game.
///
/// ```
/// use chess960::book::{Book, LineFormat};
/// use chess960::fen::CastlingNotation;
///
/// let format: LineFormat = "epd".parse()?;
/// let line = Book::CHESS960.entries().nth(518).unwrap().line(format, CastlingNotation::XFen);
/// assert!(line.as_str().ends_with(r#"hmvc 0; fmvn 1; id "chess960 518";"#));
/// assert_eq!(LineFormat::NAMES, ["fen", "epd", "pgn"]);
/// # Ok::<(), chess960::ParseNameError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum LineFormat {
    /// A start FEN ([`BookEntry::fen`]).
    #[default]
    Fen,
    /// An EPD line ([`BookEntry::epd`]).
    Epd,
    /// A PGN game's tags ([`BookEntry::pgn`]).
    Pgn,
}

impl LineFormat {
    /// Every format, in the order of [`LineFormat::NAMES`].
    pub const ALL: [LineFormat; 3] = [LineFormat::Fen, LineFormat::Epd, LineFormat::Pgn];
    /// Their names, as `FromStr` reads them and `Display` writes them.
    pub const NAMES: [&'static str; 3] = ["fen", "epd", "pgn"];
}

/// Its name: `fen`, `epd` or `pgn`.
impl fmt::Display for LineFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineFormat::Fen => "fen",
            LineFormat::Epd => "epd",
            LineFormat::Pgn => "pgn",
        })
    }
}

/// Reads `fen`, `epd` or `pgn`.
impl FromStr for LineFormat {
    type Err = ParseNameError;

    fn from_str(text: &str) -> Result<Self, ParseNameError> {
        name::parse(text, "a book format", &LineFormat::ALL, &LineFormat::NAMES)
    }
}

/// One entry's line in a [`LineFormat`] ([`BookEntry::line`]), without its line ending.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum BookLine {
    /// A start FEN.
    Fen(Fen),
    /// An EPD line.
    Epd(Epd),
    /// A PGN game.
    Pgn(Pgn),
}

impl BookLine {
    /// The line as text.
    pub fn as_str(&self) -> &str {
        match self {
            BookLine::Fen(fen) => fen.as_str(),
            BookLine::Epd(epd) => epd.as_str(),
            BookLine::Pgn(pgn) => pgn.as_str(),
        }
    }
}

impl fmt::Display for BookLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl BookEntry {
    /// The entry's line in `format`, castling rights in `notation`.
    ///
    /// ```
    /// use chess960::book::{Book, LineFormat};
    /// use chess960::fen::CastlingNotation;
    ///
    /// let entry = Book::CHESS960.entries().next().unwrap();
    /// assert_eq!(entry.line(LineFormat::Fen, CastlingNotation::XFen).as_str(), entry.fen(CastlingNotation::XFen).as_str());
    /// ```
    pub const fn line(self, format: LineFormat, notation: CastlingNotation) -> BookLine {
        match format {
            LineFormat::Fen => BookLine::Fen(self.fen(notation)),
            LineFormat::Epd => BookLine::Epd(self.epd(notation)),
            LineFormat::Pgn => BookLine::Pgn(self.pgn(notation)),
        }
    }
}
