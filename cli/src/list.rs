//! `chess960 list`: all 960 in the order of a numbering, in the list formats, as an HTML page
//! or as a C header.

use chess960::numbering::Numbering;
use std::io::{self, Write};
use std::process::ExitCode;

use chess960::book::BookEntry;

use crate::args::{ListArgs, ListFormat};
use crate::order::in_order;
use crate::report::usage;
use crate::{c_header, html};

/// Writes all 960 but the excluded, in `args.format`.
pub fn run(out: &mut impl Write, args: &ListArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let Some(excluded) = args.list.exclusions.set(numbering)? else {
        return Ok(ExitCode::FAILURE);
    };
    let kept = in_order(numbering).filter(move |sp| !excluded.contains(*sp));
    match args.format.list() {
        Some(format) => {
            let listing = args.list.listing(format, numbering, false, false);
            listing.write_all(out, kept.map(BookEntry::Chess960), 960)?;
        }
        None if args.format == ListFormat::Html => html::write_page(out, numbering, kept)?,
        None if excluded.is_empty() => c_header::write(out, numbering)?,
        None => {
            return Ok(usage(
                "--format c writes all 960, indexed by id: it takes no --exclude",
            ));
        }
    }
    Ok(ExitCode::SUCCESS)
}
