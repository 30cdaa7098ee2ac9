//! `Book`: every Chess960 start or every Double Fischer Random pair, less any left out, one
//! entry or line at a time (`BookCursor`) or as the text `chess960 book` writes; `BookEntry`,
//! one of its starts.

use alloc::string::{String, ToString};
use chess960::book::{self as b, LineFormat};
use chess960::fen::CastlingNotation;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::args::{self, Notation};
use crate::pair::DoubleStartingPosition;
use crate::position::StartingPosition;
use crate::set::PositionSet;

/// How a book writes each start: a FEN line, an EPD line (`… hmvc 0; fmvn 1; id "chess960
/// 518";`) or a PGN game with the Variant, SetUp and FEN tags.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum BookFormat {
    /// One start FEN per line.
    Fen = "fen",
    /// One EPD line per start, with its `id`.
    Epd = "epd",
    /// One PGN game per start, blank lines between.
    Pgn = "pgn",
}

/// The starts of an opening book or an event draw, in the order engine testers' books list
/// them: the 960 starts by Scharnagl id, or the 921,600 Double Fischer Random pairs by White's
/// id and then Black's, less any positions left out.
///
/// ```js
/// const book = Book.chess960().difference(PositionSet.standardAndMirror());
/// book.length; // 958
/// book.lines("epd", "shredder").next().value; // 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - hmvc 0; fmvn 1; id "chess960 0";'
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct Book(pub(crate) b::Book);

#[wasm_bindgen]
impl Book {
    /// The 960 Chess960 starts, by Scharnagl id.
    pub fn chess960() -> Book {
        Book(b::Book::CHESS960)
    }

    /// The 921,600 Double Fischer Random pairs: entry n is White n / 960, Black n % 960.
    pub fn dfrc() -> Book {
        Book(b::Book::DFRC)
    }

    /// This book without `sp` (for Double Fischer Random, without every pair with it on
    /// either side).
    pub fn without(&self, sp: &StartingPosition) -> Book {
        Book(self.0.without(sp.0))
    }

    /// This book without the starts in `set`.
    pub fn difference(&self, set: &PositionSet) -> Book {
        Book(self.0.difference(set.0))
    }

    /// The starts it keeps.
    #[wasm_bindgen(getter)]
    pub fn positions(&self) -> PositionSet {
        PositionSet(self.0.positions())
    }

    /// Whether its entries are Double Fischer Random pairs.
    #[wasm_bindgen(getter = isDfrc)]
    pub fn is_dfrc(&self) -> bool {
        self.0.is_dfrc()
    }

    /// How many entries it has.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.0.len()
    }

    /// Entry `index` (from 0); `undefined` past the end.
    pub fn entry(&self, index: f64) -> Option<BookEntry> {
        let index = args::whole(index)?;
        self.0.nth(index).map(BookEntry)
    }

    /// The entries one at a time, for `Book.entries()` (api.js makes it iterable).
    #[wasm_bindgen(js_name = entryCursor)]
    pub fn entry_cursor(&self) -> BookCursor {
        BookCursor {
            entries: self.0.entries(),
            write: None,
        }
    }

    /// The lines one at a time, for `Book.lines(format, notation)` (api.js makes it
    /// iterable): each entry as a line of `format` (FEN when none is given), castling in
    /// `notation` (X-FEN when none is given); a PGN "line" is a whole game.
    #[wasm_bindgen(js_name = lineCursor)]
    pub fn line_cursor(
        &self,
        format: Option<BookFormat>,
        notation: Option<Notation>,
    ) -> Result<BookCursor, JsValue> {
        let (format, notation) = (book_format(format)?, args::notation(notation)?);
        Ok(BookCursor {
            entries: self.0.entries(),
            write: Some((format, notation)),
        })
    }

    /// The whole book as `chess960 book --format FORMAT` writes it (with `--castling shredder` for
    /// Shredder-FEN, `--dfrc` for pairs): each line ended by a newline, each PGN game by a
    /// blank line.
    pub fn text(
        &self,
        format: Option<BookFormat>,
        notation: Option<Notation>,
    ) -> Result<String, JsValue> {
        let (format, notation) = (book_format(format)?, args::notation(notation)?);
        // Games are separated by a blank line.
        let end = if format == LineFormat::Pgn {
            "\n\n"
        } else {
            "\n"
        };
        let mut text = String::new();
        for entry in self.0.entries() {
            text.push_str(entry.line(format, notation).as_str());
            text.push_str(end);
        }
        Ok(text)
    }
}

/// A book's entries, or their lines, one at a time: what `Book.entries()` and `Book.lines()`
/// iterate over, so that 921,600 of them are never made at once.
#[wasm_bindgen]
#[derive(Debug)]
pub struct BookCursor {
    entries: b::BookEntries,
    write: Option<(LineFormat, CastlingNotation)>,
}

#[wasm_bindgen]
impl BookCursor {
    /// The next entry (a `BookEntry`, or its line as a string); `undefined` after the last.
    pub fn next(&mut self) -> JsValue {
        match (self.entries.next(), self.write) {
            (None, _) => JsValue::UNDEFINED,
            (Some(entry), None) => BookEntry(entry).into(),
            (Some(entry), Some((format, notation))) => {
                JsValue::from(entry.line(format, notation).as_str())
            }
        }
    }
}

/// The crate's book format; FEN when none is given.
fn book_format(format: Option<BookFormat>) -> Result<LineFormat, JsValue> {
    match format {
        None => Ok(LineFormat::default()),
        Some(BookFormat::__Invalid) => args::parse(""),
        Some(format) => args::parse(format.to_str()),
    }
}

/// One entry of a book or one draw: a Chess960 start, or a Double Fischer Random pair.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct BookEntry(pub(crate) b::BookEntry);

#[wasm_bindgen]
impl BookEntry {
    /// White's start and Black's; for a Chess960 entry, the start twice (`.single`).
    #[wasm_bindgen(getter)]
    pub fn pair(&self) -> DoubleStartingPosition {
        DoubleStartingPosition(self.0.pair())
    }

    /// Whether it is a Double Fischer Random pair (`dfrc 105 451`) rather than a Chess960
    /// start (`chess960 518`), even when both sides have the same start.
    #[wasm_bindgen(getter = isDfrc)]
    pub fn is_dfrc(&self) -> bool {
        matches!(self.0, b::BookEntry::Dfrc(_))
    }

    /// Its start FEN, castling in `notation` (X-FEN when none is given).
    pub fn fen(&self, notation: Option<Notation>) -> Result<String, JsValue> {
        Ok(self.0.fen(args::notation(notation)?).to_string())
    }

    /// Its EPD line, with the `id` opcode naming it.
    pub fn epd(&self, notation: Option<Notation>) -> Result<String, JsValue> {
        Ok(self.0.epd(args::notation(notation)?).to_string())
    }

    /// Its PGN game: the Seven Tag Roster, Variant, SetUp and FEN, and no moves.
    pub fn pgn(&self, notation: Option<Notation>) -> Result<String, JsValue> {
        Ok(self.0.pgn(args::notation(notation)?).to_string())
    }

    /// Its name: `chess960 518`, or `dfrc 105 451`.
    #[wasm_bindgen(js_name = toString)]
    pub fn text(&self) -> String {
        self.0.to_string()
    }
}
