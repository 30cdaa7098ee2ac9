//! Lists of start positions (`list`, `random`, `draw`, `book`), in the formats they share: text
//! lines `NUMBER RANK` (pairs: White's, then Black's), CSV with a header, JSON Lines, FEN, EPD
//! and PGN. Every one of them reads back as POS.

use std::borrow::Cow;
use std::io::{self, Write};

use chess960::StartingPosition;
use chess960::book::{Book, BookEntry};
use chess960::fen::CastlingNotation;
use chess960::numbering::Numbering;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::args::{Format, ListOptions};
use crate::json;
use crate::progress::Progress;

impl ListOptions {
    /// The candidates: the 960 starts or, with `dfrc`, the 921,600 pairs, less the excluded;
    /// `None` once every bad `--exclude` has been reported.
    pub fn book(&self, dfrc: bool, numbering: Numbering) -> io::Result<Option<Book>> {
        let book = if dfrc { Book::DFRC } else { Book::CHESS960 };
        let excluded = self.exclusions.set(numbering)?;
        Ok(excluded.map(|excluded| book.difference(excluded)))
    }

    /// How the list is written: in `format`, with these options' castling notation.
    pub fn listing(
        &self,
        format: Format,
        numbering: Numbering,
        dfrc: bool,
        ordinals: bool,
    ) -> Listing {
        Listing {
            format,
            notation: self.castling.notation(),
            numbering,
            dfrc,
            ordinals,
        }
    }
}

/// How a list is written.
#[derive(Clone, Copy)]
pub struct Listing {
    /// The format.
    pub format: Format,
    /// Castling in FEN, EPD and PGN.
    pub notation: CastlingNotation,
    /// How positions are numbered in text, CSV and JSON.
    pub numbering: Numbering,
    /// Whether entries are pairs: White's columns and Black's.
    pub dfrc: bool,
    /// Whether each entry's ordinal (from 1) is a `draw` column.
    pub ordinals: bool,
}

impl Listing {
    /// Writes the header (CSV) and every entry, with a progress bar for `total` of them.
    pub fn write_all(
        &self,
        out: &mut impl Write,
        entries: impl Iterator<Item = BookEntry>,
        total: u64,
    ) -> io::Result<()> {
        self.header(out)?;
        let mut progress = Progress::new(total, if self.ordinals { "draws" } else { "lines" });
        for (ordinal, entry) in (1..).zip(entries) {
            self.entry(out, ordinal, entry)?;
            progress.tick();
        }
        Ok(())
    }

    /// The CSV header; nothing in the other formats.
    fn header(&self, out: &mut impl Write) -> io::Result<()> {
        if self.format != Format::Csv {
            return Ok(());
        }
        let column = column(self.numbering);
        if self.ordinals {
            out.write_all(b"draw,")?;
        }
        if self.dfrc {
            writeln!(out, "white_{column},white_rank,black_{column},black_rank")
        } else {
            writeln!(out, "{column},rank")
        }
    }

    /// One entry, with its ordinal.
    fn entry(&self, out: &mut impl Write, ordinal: u64, entry: BookEntry) -> io::Result<()> {
        match self.format {
            // A book's lines come first: nothing else is needed to write them.
            Format::Fen => return line(out, entry.fen(self.notation).as_bytes(), b"\n"),
            Format::Epd => return line(out, entry.epd(self.notation).as_bytes(), b"\n"),
            // Games are separated by a blank line.
            Format::Pgn => return line(out, entry.pgn(self.notation).as_bytes(), b"\n\n"),
            Format::Text | Format::Csv | Format::Json => {}
        }
        let numbering = self.numbering;
        let pair = entry.pair();
        let (white, black) = (pair.white(), pair.black());
        let (w, b) = (numbering.number(white), numbering.number(black));
        match self.format {
            Format::Text if self.dfrc => writeln!(out, "{w} {white} {b} {black}"),
            Format::Csv => {
                if self.ordinals {
                    write!(out, "{ordinal},")?;
                }
                if self.dfrc {
                    writeln!(out, "{w},{white},{b},{black}")
                } else {
                    writeln!(out, "{w},{white}")
                }
            }
            Format::Json => json::write_line(
                out,
                &Record {
                    listing: self,
                    ordinal,
                    white,
                    black,
                },
            ),
            _ => writeln!(out, "{w} {white}"),
        }
    }
}

/// The name of a number's column in CSV and its key in JSON: `sp` for Scharnagl's id, as in
/// every table of the project, or the numbering's name (`one_based`, `fritz`).
pub fn column(numbering: Numbering) -> Cow<'static, str> {
    match numbering {
        Numbering::Scharnagl => Cow::Borrowed("sp"),
        other => Cow::Owned(other.to_string().replace('-', "_")),
    }
}

/// `text`, then `end`.
fn line(out: &mut impl Write, text: &[u8], end: &[u8]) -> io::Result<()> {
    out.write_all(text)?;
    out.write_all(end)
}

/// One entry as a JSON object, keyed as the CSV header names the columns.
struct Record<'a> {
    listing: &'a Listing,
    ordinal: u64,
    white: StartingPosition,
    black: StartingPosition,
}

impl Serialize for Record<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let listing = self.listing;
        let column = column(listing.numbering);
        let numbering = listing.numbering;
        let mut map = serializer.serialize_map(None)?;
        if listing.ordinals {
            map.serialize_entry("draw", &self.ordinal)?;
        }
        if listing.dfrc {
            for (side, sp) in [("white", self.white), ("black", self.black)] {
                map.serialize_entry(&format!("{side}_{column}"), &numbering.number(sp))?;
                map.serialize_entry(&format!("{side}_rank"), &sp.to_string())?;
            }
        } else {
            map.serialize_entry(&*column, &numbering.number(self.white))?;
            map.serialize_entry("rank", &self.white.to_string())?;
        }
        map.end()
    }
}
