//! A book entry → a PGN game: the Seven Tag Roster, the start FEN, and no moves.

use super::name::{NAME_LEN, Name};
use crate::fen::Fen;
use crate::line::{Text, line_type};

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
const CAPACITY: usize = EVENT.len() + NAME_LEN + ROSTER.len() + Fen::LEN + MOVETEXT.len();

line_type! {
    /// A PGN game of an opening book, written without allocating: the Seven Tag Roster with the
    /// entry's [name](super::BookEntry) as the `Event`, `Variant "Chess960"`, `SetUp "1"`, the
    /// start `FEN`, and an empty movetext ending in the result `*`, without a line end. Games
    /// in a file are separated by a blank line.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::book::BookEntry;
    /// use chess960::fen::CastlingNotation;
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
    pub struct Pgn(CAPACITY);
    example: BookEntry::Chess960(chess960::StartingPosition::STANDARD).pgn(CastlingNotation::XFen);
    uses: "use chess960::{book::BookEntry, fen::CastlingNotation};";
}

impl Pgn {
    /// The length of the longest game.
    ///
    /// ```
    /// use chess960::book::{Book, Pgn};
    /// use chess960::fen::CastlingNotation;
    ///
    /// assert!(Book::DFRC.entries().all(|e| e.pgn(CastlingNotation::XFen).len() <= Pgn::MAX_LEN));
    /// ```
    pub const MAX_LEN: usize = CAPACITY;

    /// The PGN game of the start `fen`, named `name`.
    pub(super) const fn new(fen: Fen, name: Name) -> Pgn {
        Pgn(Text::EMPTY
            .push(EVENT)
            .push(name.as_bytes())
            .push(ROSTER)
            .push(fen.as_bytes())
            .push(MOVETEXT))
    }
}
