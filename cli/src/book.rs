//! `chess960 book`: an opening book streamed to stdout, one position (or pair) per line, or
//! per PGN game; every start or pair, those of an eval file in a window (`balance.rs`), or the
//! positions the lines of games reach (`--tree`, `tree/lines.rs`).

use chess960::numbering::Numbering;
use std::io::{self, Write};
use std::process::ExitCode;

use crate::args::BookArgs;
use crate::report::usage;
use crate::{balance, tree};

/// Writes every entry of the book `args` asks for.
pub fn run(out: &mut impl Write, args: &BookArgs, numbering: Numbering) -> io::Result<ExitCode> {
    if !args.tree.tree.is_empty() {
        return tree::lines::run(out, args, numbering);
    }
    if args.tree.filters.any() || args.tree.threads.count != 0 {
        return Ok(usage(
            "book: --min-elo, --speed, --since, --until, --assume-chess960 and --threads choose and read the games of --tree",
        ));
    }
    let Some(book) = args.list.book(args.dfrc, numbering)? else {
        return Ok(ExitCode::FAILURE);
    };
    if let Some(path) = &args.evals.evals {
        let Some((entries, dfrc)) = balance::candidates(path, &args.evals, book.positions()) else {
            return Ok(ExitCode::FAILURE);
        };
        let listing = args.list.listing(args.format, numbering, dfrc, false);
        listing.write_all(out, entries.iter().copied(), entries.len() as u64)?;
        return Ok(ExitCode::SUCCESS);
    }
    let listing = args.list.listing(args.format, numbering, args.dfrc, false);
    listing.write_all(out, book.entries(), book.len() as u64)?;
    Ok(ExitCode::SUCCESS)
}
