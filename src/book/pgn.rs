//! A book entry → a PGN game: the Seven Tag Roster, the start FEN, and no moves.

use core::fmt;

use super::{BookEntry, Text};
use crate::{CastlingNotation, Fen};

const EVENT: &[u8] = b"[Event \"";
/// The rest of the Seven Tag Roster, then the tags that give the start position.
const ROSTER: &[u8] = b"\"]\n\
[Site \"?\"]\n\
[Date \"????.??.??\"]\n\
[Round \"-\"]\n\
[White \"?\"]\n\
[Black \"?\"]\n\
[Result \"*\"]\n\
[Variant \"Chess960\"]\n\
[SetUp \"1\"]\n\
[FEN \"";
/// The end of the FEN tag and an empty movetext with the result.
const MOVETEXT: &[u8] = b"\"]\n\n*";
const CAPACITY: usize =
    EVENT.len() + BookEntry::NAME_LEN + ROSTER.len() + Fen::LEN + MOVETEXT.len();

/// A PGN game of an opening book, written without allocating: the Seven Tag Roster with the
/// entry's [name](BookEntry) as the `Event`, `Variant "Chess960"`, `SetUp "1"`, the start
/// `FEN`, and an empty movetext ending in the result `*`. Games in a file are separated by a
/// blank line.
///
/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let pgn = BookEntry::Chess960(StartingPosition::from_id(105)?).pgn(CastlingNotation::XFen);
/// assert_eq!(pgn.as_str(), r#"[Event "chess960 105"]
/// [Site "?"]
/// [Date "????.??.??"]
/// [Round "-"]
/// [White "?"]
/// [Black "?"]
/// [Result "*"]
/// [Variant "Chess960"]
/// [SetUp "1"]
/// [FEN "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1"]
///
/// *"#);
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pgn(Text<CAPACITY>);

impl Pgn {
    /// The length of the longest game.
    ///
    /// ```
    /// use chess960::{Book, CastlingNotation, Pgn};
    ///
    /// assert!(Book::DFRC.entries().all(|e| e.pgn(CastlingNotation::XFen).as_str().len() <= Pgn::MAX_LEN));
    /// ```
    pub const MAX_LEN: usize = CAPACITY;

    pub(crate) const fn new(entry: BookEntry, notation: CastlingNotation) -> Pgn {
        let name = entry.name();
        let fen = entry.fen(notation);
        Pgn(Text::EMPTY
            .push(EVENT)
            .push(name.as_bytes())
            .push(ROSTER)
            .push(fen.as_bytes())
            .push(MOVETEXT))
    }

    /// The game as text, ending in `*` without a line end.
    ///
    /// ```
    /// use chess960::{BookEntry, CastlingNotation, StartingPosition};
    ///
    /// let pgn = BookEntry::Chess960(StartingPosition::STANDARD).pgn(CastlingNotation::Shredder);
    /// assert!(pgn.as_str().contains("\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]\n"));
    /// ```
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The game as ASCII bytes, ending in `*` without a line end.
    ///
    /// ```
    /// use chess960::{BookEntry, CastlingNotation, StartingPosition};
    ///
    /// let pgn = BookEntry::Chess960(StartingPosition::STANDARD).pgn(CastlingNotation::XFen);
    /// assert!(pgn.as_bytes().ends_with(b"\n\n*"));
    /// ```
    pub const fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

/// The game.
///
/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let pgn = BookEntry::Chess960(StartingPosition::STANDARD).pgn(CastlingNotation::XFen);
/// assert_eq!(pgn.to_string(), pgn.as_str());
/// ```
impl fmt::Display for Pgn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The game, quoted.
///
/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let pgn = BookEntry::Chess960(StartingPosition::STANDARD).pgn(CastlingNotation::XFen);
/// assert!(format!("{pgn:?}").starts_with("Pgn(\"[Event "));
/// ```
impl fmt::Debug for Pgn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Pgn").field(&self.as_str()).finish()
    }
}

/// ```
/// use chess960::{BookEntry, CastlingNotation, StartingPosition};
///
/// let pgn = BookEntry::Chess960(StartingPosition::STANDARD).pgn(CastlingNotation::XFen);
/// let text: &str = pgn.as_ref();
/// assert!(text.ends_with('*'));
/// ```
impl AsRef<str> for Pgn {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}
