//! A book entry → an EPD line: the FEN's first four fields, then `hmvc`, `fmvn` and `id`.

use core::fmt;

use super::{BookEntry, Text};
use crate::{CastlingNotation, Fen};

/// The first four fields of a start FEN: all but ` 0 1`.
const FEN_FIELDS: usize = Fen::LEN - 4;
const OPERATIONS: &[u8] = b" hmvc 0; fmvn 1; id \"";
const END: &[u8] = b"\";";
const CAPACITY: usize = FEN_FIELDS + OPERATIONS.len() + BookEntry::NAME_LEN + END.len();

/// An EPD line of an opening book, written without allocating: the start FEN's first four
/// fields, then the operations `hmvc 0; fmvn 1; id "<name>";` (the entry's
/// [name](BookEntry), such as `chess960 518` or `dfrc 105 451`), as fastchess, cutechess-cli
/// and python-chess's `Board.from_epd` read them.
///
/// ```
/// use chess960::{BookEntry, CastlingNotation, DoubleStartingPosition, StartingPosition};
///
/// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
/// let epd = BookEntry::Dfrc(pair).epd(CastlingNotation::Shredder);
/// assert_eq!(epd, r#"brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - hmvc 0; fmvn 1; id "dfrc 105 451";"#);
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Epd(Text<CAPACITY>);

impl Epd {
    /// The length of the longest EPD line, `… id "chess960 959";` or `… id "dfrc 959 959";`.
    ///
    /// ```
    /// use chess960::{Book, CastlingNotation, Epd};
    ///
    /// assert!(Book::DFRC.entries().all(|e| e.epd(CastlingNotation::Shredder).as_str().len() <= Epd::MAX_LEN));
    /// ```
    pub const MAX_LEN: usize = CAPACITY;

    pub(crate) const fn new(entry: BookEntry, notation: CastlingNotation) -> Epd {
        let fen = entry.fen(notation);
        let fields = match fen.as_bytes().split_at_checked(FEN_FIELDS) {
            Some((fields, _)) => fields,
            None => fen.as_bytes(),
        };
        let name = entry.name();
        Epd(Text::EMPTY
            .push(fields)
            .push(OPERATIONS)
            .push(name.as_bytes())
            .push(END))
    }

    /// The line as text, without a line end.
    ///
    /// ```
    /// use chess960::{BookEntry, CastlingNotation, StartingPosition};
    ///
    /// let epd = BookEntry::Chess960(StartingPosition::STANDARD).epd(CastlingNotation::XFen);
    /// assert_eq!(epd.as_str(), r#"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; id "chess960 518";"#);
    /// ```
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The line as ASCII bytes, without a line end.
    ///
    /// ```
    /// use chess960::{BookEntry, CastlingNotation, StartingPosition};
    ///
    /// let epd = BookEntry::Chess960(StartingPosition::STANDARD).epd(CastlingNotation::XFen);
    /// assert!(epd.as_bytes().ends_with(b"\"chess960 518\";"));
    /// ```
    pub const fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

/// The line.
///
/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let epd = BookEntry::Chess960(StartingPosition::STANDARD).epd(CastlingNotation::XFen);
/// assert_eq!(epd.to_string(), epd.as_str());
/// ```
impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The line, quoted.
///
/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let epd = BookEntry::Chess960(StartingPosition::STANDARD).epd(CastlingNotation::XFen);
/// assert!(format!("{epd:?}").starts_with("Epd(\"rnbqkbnr/"));
/// ```
impl fmt::Debug for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Epd").field(&self.as_str()).finish()
    }
}

/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let epd = BookEntry::Chess960(StartingPosition::STANDARD).epd(CastlingNotation::XFen);
/// let text: &str = epd.as_ref();
/// assert!(text.starts_with("rnbqkbnr/"));
/// ```
impl AsRef<str> for Epd {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let epd = BookEntry::Chess960(StartingPosition::from_id(0)?).epd(CastlingNotation::XFen);
/// assert_eq!(epd, r#"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - hmvc 0; fmvn 1; id "chess960 0";"#);
/// # Ok::<(), chess960::IdError>(())
/// ```
impl PartialEq<&str> for Epd {
    fn eq(&self, other: &&str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}
