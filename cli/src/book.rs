//! `chess960 book`: an opening book streamed to stdout, one FEN or EPD line or PGN game per
//! position.

use std::io::{self, Write};

use chess960::book::Book;
use chess960::fen::CastlingNotation;

use crate::args::BookFormat;

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
