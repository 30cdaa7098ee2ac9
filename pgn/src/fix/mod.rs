//! Chess960 tag sections repaired and the Seven Tag Roster completed, the rest of every game
//! byte for byte: `header.rs` rewrites one game's tag section with the library's
//! `chess960::game::Repair` (`lines.rs` splits it into lines); `stream.rs` is the [`Visitor`](crate::scan::Visitor) that does
//! it to every game of a stream; [`fix`] runs an [`Input`] through it.
//!
//! ```
//! use chess960_pgn::Input;
//! use chess960_pgn::fix::{FixOptions, Report, fix};
//!
//! let pgn = "[Variant \"fischerandom\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 1-0\n";
//! let mut reports = Vec::new();
//! let counts = fix(&mut Input::from_reader(pgn.as_bytes()), Vec::new(), &FixOptions::default(), |report| {
//!     if let Report::Changed(game, what) = report {
//!         reports.push(format!("game {game}: {what}"));
//!     }
//! })?;
//! assert_eq!((counts.games, counts.changed), (1, 1));
//! assert_eq!(reports[1], "game 0: Variant, \"fischerandom\" → \"Chess960\"");
//! # Ok::<(), std::io::Error>(())
//! ```

mod arrange;
mod cache;
mod header;
mod lines;
mod pipeline;
mod stream;

use std::io::{self, Write};
use std::sync::atomic::Ordering;

pub use arrange::ROSTER;
pub use header::{FixOptions, Outcome, fix_header};
pub use stream::{Counts, Fixer, Report};

use crate::open::Input;
use crate::read::scan;
use crate::sink::ReadError;
use pipeline::Segments;

/// Fixes `input` into `out`, telling `report` of each change and refusal, and adding the
/// games read to the input's progress. Plain input is scanned on a thread of its own, and
/// the tag sections repaired and written on this one; compressed input, whose decompression
/// already takes a thread, is scanned and fixed here.
///
/// # Errors
///
/// The first write error, at once; an input that fails, after the games before it are
/// written. Either way with the counts of the games read.
pub fn fix(
    input: &mut Input,
    mut out: impl Write,
    options: &FixOptions,
    report: impl FnMut(Report),
) -> Result<Counts, Stopped> {
    let games = std::sync::Arc::clone(&input.progress().games);
    let counted = std::cell::Cell::new(0);
    let go_on = |read: u64, failed: bool| {
        games.fetch_add(read - counted.replace(read), Ordering::Relaxed);
        !failed
    };
    let (read_error, counts) = match input.decompresses() {
        true => {
            let mut fixer = Fixer::new(out, options.clone(), report);
            let read_error = scan(input, &mut fixer, |fixer| {
                !go_on(fixer.counts().games, fixer.has_error())
            });
            if let Some(err) = fixer.take_error() {
                return Err(Stopped {
                    counts: fixer.counts(),
                    error: ReadError::Sink(err),
                });
            }
            (read_error, fixer.counts())
        }
        false => {
            let mut fixer = Fixer::new(Segments::default(), options.clone(), report);
            let read_error = pipeline::fix_beside(input, &mut fixer, &mut out, |fixer| {
                go_on(fixer.counts().games, false)
            })
            .map_err(|err| Stopped {
                counts: fixer.counts(),
                error: ReadError::Sink(err),
            })?;
            (read_error, fixer.counts())
        }
    };
    games.fetch_add(counts.games - counted.get(), Ordering::Relaxed);
    match read_error {
        None => Ok(counts),
        Some(error) => Err(Stopped {
            counts,
            error: ReadError::Input {
                games: counts.games,
                error,
            },
        }),
    }
}

/// A fix that stopped before the end of its input: why, and the counts of the games before.
///
/// ```
/// use chess960_pgn::ReadError;
/// use chess960_pgn::fix::{Counts, Stopped};
///
/// let error = ReadError::Input { games: 3, error: std::io::ErrorKind::UnexpectedEof.into() };
/// let stopped = Stopped { counts: Counts::default(), error };
/// assert_eq!(stopped.to_string(), "reading stopped after 3 games: unexpected end of file");
/// ```
#[derive(Debug)]
pub struct Stopped {
    /// The games read, changed and refused before the stop.
    pub counts: Counts,
    /// Why it stopped.
    pub error: ReadError,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Stopped {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<Stopped> for io::Error {
    fn from(stopped: Stopped) -> io::Error {
        stopped.error.into()
    }
}

#[cfg(test)]
mod tests;
