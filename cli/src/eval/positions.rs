//! What `eval` evaluates: the POS arguments; without any, the lines of a piped stdin (or of a
//! file it is redirected from); every start or pair only with `--all`. Nothing to evaluate is
//! a usage error, never a silent success: a batch job whose input went missing must fail.

use std::ffi::OsString;
use std::io;

use chess960::DoubleStartingPosition;
use chess960::book::{Book, BookEntry};
use chess960::numbering::Numbering;

use crate::answer;
use crate::args::EvalArgs;

/// The positions to evaluate, or why there are none.
pub enum Gathered {
    /// At least one position.
    Positions(Vec<DoubleStartingPosition>),
    /// A bad POS, already reported.
    BadPos,
    /// Nothing to evaluate, and why (for a usage error).
    Nothing(&'static str),
}

/// The positions `args` names.
pub fn gather(args: &EvalArgs, numbering: Numbering) -> io::Result<Gathered> {
    if args.all {
        let book = if args.dfrc {
            Book::DFRC
        } else {
            Book::CHESS960
        };
        return Ok(Gathered::Positions(
            book.entries().map(BookEntry::pair).collect(),
        ));
    }
    let mut named: Vec<OsString> = args.positions.clone();
    let from_stdin = named.is_empty();
    if from_stdin {
        if !stdin_has_lines() {
            return Ok(Gathered::Nothing(
                "nothing to evaluate: give POS, pipe positions in (one per line), or --all \
                 (every start; with --dfrc every pair)",
            ));
        }
        named.push("-".into());
    }
    let mut positions = Vec::new();
    let all_good = answer::all(&mut io::sink(), &named, numbering, |_, pair| {
        positions.push(pair);
        Ok(Ok(()))
    })?;
    Ok(match (all_good, positions.is_empty()) {
        (false, _) => Gathered::BadPos,
        (true, true) => Gathered::Nothing(
            "nothing to evaluate: stdin held no positions (give POS, or --all for every start)",
        ),
        (true, false) => Gathered::Positions(positions),
    })
}

/// Whether stdin is a pipe or a regular file, which hold lines to read; not a terminal, not
/// `/dev/null` (a character device, as a batch job's stdin often is), not a socket.
#[cfg(unix)]
fn stdin_has_lines() -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::FileTypeExt;
    let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() else {
        return false;
    };
    std::fs::File::from(fd).metadata().is_ok_and(|meta| {
        let kind = meta.file_type();
        kind.is_fifo() || kind.is_file()
    })
}

/// Whether stdin is not a terminal.
#[cfg(not(unix))]
fn stdin_has_lines() -> bool {
    use std::io::IsTerminal;
    !io::stdin().is_terminal()
}
