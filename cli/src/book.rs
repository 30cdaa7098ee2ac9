//! `chess960 book`: an opening book streamed to stdout, one FEN or EPD line or PGN game per
//! position.

use std::io::{self, Write};

use chess960::{Book, CastlingNotation, Numbering};
use chess960_cli::pos;

use crate::answer::report;
use crate::args::BookFormat;

/// The 960 book, or with `dfrc` the 921,600 book, without each POS in `exclude`; `None`
/// once every bad POS has been reported.
pub fn book(dfrc: bool, exclude: &[String], numbering: Numbering) -> Option<Book> {
    let mut book = if dfrc { Book::DFRC } else { Book::CHESS960 };
    let mut all_good = true;
    for text in exclude {
        match pos::parse(text, numbering) {
            Ok(sp) => book = book.without(sp),
            Err(err) => {
                report(&format!("--exclude {text}: {err}"));
                all_good = false;
            }
        }
    }
    all_good.then_some(book)
}

/// Writes every entry of `book` in `format`: a line each, PGN games followed by a blank line.
pub fn write(
    out: &mut impl Write,
    book: Book,
    format: BookFormat,
    shredder: bool,
) -> io::Result<()> {
    let notation = if shredder {
        CastlingNotation::Shredder
    } else {
        CastlingNotation::XFen
    };
    for entry in book {
        match format {
            BookFormat::Fen => out.write_all(entry.fen(notation).as_bytes())?,
            BookFormat::Epd => out.write_all(entry.epd(notation).as_bytes())?,
            BookFormat::Pgn => {
                out.write_all(entry.pgn(notation).as_bytes())?;
                out.write_all(b"\n")?;
            }
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}
