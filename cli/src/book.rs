//! `chess960 book`: an opening book streamed to stdout, one position (or pair) per line, or
//! per PGN game.

use std::io::{self, Write};
use std::process::ExitCode;

use chess960::book::Book;

use crate::args::{BookArgs, NumberingArg};
use crate::listing::Listing;

/// Writes every entry of the book `args` asks for.
pub fn run(out: &mut impl Write, args: &BookArgs, numbering: NumberingArg) -> io::Result<ExitCode> {
    let Some(excluded) = args.list.exclusions.set(numbering.numbering())? else {
        return Ok(ExitCode::FAILURE);
    };
    let book = if args.dfrc {
        Book::DFRC
    } else {
        Book::CHESS960
    }
    .excluding(excluded);
    let listing = Listing {
        format: args.format,
        notation: args.list.notation(),
        numbering,
        dfrc: args.dfrc,
        ordinals: false,
    };
    listing.write_all(out, book.entries(), book.len() as u64)?;
    Ok(ExitCode::SUCCESS)
}
