//! An engine tester writes the opening book of a Chess960 match: every start (or, with
//! `--dfrc`, every Double Fischer Random pair) as an EPD line, leaving out standard chess and
//! its mirror image, into a file the match runner loads (fastchess, cutechess-cli).
//!
//!     cargo run --example write_book -- chess960.epd
//!     cargo run --example write_book -- dfrc.epd --dfrc

use std::fs::File;
use std::io::{self, BufWriter, Write};

use chess960::book::Book;
use chess960::fen::CastlingNotation;
use chess960::set::PositionSet;

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().map_or("chess960.epd", String::as_str);
    let book = if args.iter().any(|a| a == "--dfrc") {
        Book::DFRC
    } else {
        Book::CHESS960
    }
    .difference(PositionSet::STANDARD_AND_MIRROR);
    let mut out = BufWriter::new(File::create(path)?);
    for entry in book.entries() {
        out.write_all(entry.epd(CastlingNotation::Shredder).as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    println!("{path}: {} lines", book.len());
    Ok(())
}
