//! A book entry → an EPD line: the FEN's first four fields, then `hmvc`, `fmvn` and `id`.

use super::name::{NAME_LEN, Name};
use crate::checked::cannot_happen;
use crate::fen::Fen;
use crate::line::{Text, line_type};

/// The first four fields of a start FEN: all but ` 0 1`.
const FEN_FIELDS: usize = Fen::LEN - 4;
const OPERATIONS: &[u8] = b" hmvc 0; fmvn 1; id \"";
const END: &[u8] = b"\";";
const CAPACITY: usize = FEN_FIELDS + OPERATIONS.len() + NAME_LEN + END.len();

line_type! {
    /// An EPD line of an opening book, written without allocating: the start FEN's first four
    /// fields, then the operations `hmvc 0; fmvn 1; id "<name>";` (the entry's
    /// [name](super::BookEntry), such as `chess960 518` or `dfrc 105 451`), as fastchess,
    /// cutechess-cli and python-chess's `Board.from_epd` read them.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::book::BookEntry;
    /// use chess960::fen::CastlingNotation;
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
    /// let epd = BookEntry::Dfrc(pair).epd(CastlingNotation::Shredder);
    /// assert_eq!(epd, r#"brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - hmvc 0; fmvn 1; id "dfrc 105 451";"#);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub struct Epd(CAPACITY);
    example: BookEntry::Chess960(chess960::StartingPosition::STANDARD).epd(CastlingNotation::XFen);
    uses: "use chess960::{book::BookEntry, fen::CastlingNotation};";
}

impl Epd {
    /// The length of the longest EPD line, `… id "chess960 959";` or `… id "dfrc 959 959";`.
    ///
    /// ```
    /// use chess960::book::{Book, Epd};
    /// use chess960::fen::CastlingNotation;
    ///
    /// assert!(Book::DFRC.entries().all(|e| e.epd(CastlingNotation::Shredder).len() <= Epd::MAX_LEN));
    /// ```
    pub const MAX_LEN: usize = CAPACITY;

    /// The EPD line of the start `fen`, named `name`.
    pub(super) const fn new(fen: Fen, name: Name) -> Epd {
        let fields = match fen.as_bytes().split_at_checked(FEN_FIELDS) {
            Some((fields, _)) => fields,
            None => cannot_happen::<&[u8]>(&[]),
        };
        Epd(Text::EMPTY
            .push(fields)
            .push(OPERATIONS)
            .push(name.as_bytes())
            .push(END))
    }
}
