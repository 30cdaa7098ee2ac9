//! A PGN stream with every game's tag section fixed ([`fix_header`]) and everything else (the
//! preamble, movetext, comments, blank lines) copied byte for byte, in memory bounded by the
//! scanner's [`HEADER_CAP`](crate::pgn::HEADER_CAP).

use std::io::{self, Write};

use super::header::{FixOptions, Outcome, fix_header};
use crate::pgn::{HeaderEnd, Visitor};

/// What the fixer says about one game: its number (from 0) and what changed or why it was
/// left as it was.
pub enum Report<'a> {
    /// A change made: `what, from → to`.
    Changed(u64, &'a str),
    /// A Chess960 game left as it was, and why.
    Refused(u64, &'a str),
}

/// What a fixer found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games read.
    pub games: u64,
    /// Games whose tag section was rewritten.
    pub changed: u64,
    /// Games left as they were, and why told.
    pub refused: u64,
}

impl Counts {
    /// Adds another input's counts.
    pub fn add(&mut self, other: Counts) {
        self.games += other.games;
        self.changed += other.changed;
        self.refused += other.refused;
    }
}

/// A [`Visitor`] that writes each game to `out` with its tag section fixed, and tells `report`
/// of every change and refusal.
pub struct Fixer<W, R> {
    out: W,
    options: FixOptions,
    report: R,
    /// The game's bytes until its tag section ends.
    header: Vec<u8>,
    in_header: bool,
    /// So far; `counts.games` is also the number of the game being read, from 0.
    counts: Counts,
    /// The first write error: nothing more is written.
    error: Option<io::Error>,
}

impl<W: Write, R: FnMut(Report)> Fixer<W, R> {
    /// A fixer writing to `out`.
    pub fn new(out: W, options: FixOptions, report: R) -> Self {
        Fixer {
            out,
            options,
            report,
            header: Vec::new(),
            in_header: false,
            counts: Counts::default(),
            error: None,
        }
    }

    /// What it found so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Whether a write failed (after it, nothing more is written).
    pub fn has_error(&self) -> bool {
        self.error.is_some()
    }

    /// The first write error, if any (after it, nothing more was written).
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    /// The output.
    pub fn into_inner(self) -> W {
        self.out
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none() && !bytes.is_empty() {
            if let Err(err) = self.out.write_all(bytes) {
                self.error = Some(err);
            }
        }
    }
}

impl<W: Write, R: FnMut(Report)> Visitor for Fixer<W, R> {
    fn begin_game(&mut self, _offset: u64) {
        self.header.clear();
        self.in_header = true;
    }

    fn wants_tag(&self, _name: &[u8]) -> bool {
        // The tag section is read again here, line by line, whole.
        false
    }

    fn end_header(&mut self, end: HeaderEnd) {
        self.in_header = false;
        let header = std::mem::take(&mut self.header);
        let outcome = match end {
            HeaderEnd::Read => fix_header(&header, &self.options),
            HeaderEnd::TooLong => Outcome {
                refused: Some(format!(
                    "tag section over {} MiB: not read",
                    crate::pgn::HEADER_CAP >> 20
                )),
                ..Outcome::default()
            },
        };
        for change in &outcome.changes {
            (self.report)(Report::Changed(self.counts.games, change));
        }
        if let Some(why) = &outcome.refused {
            (self.report)(Report::Refused(self.counts.games, why));
            self.counts.refused += 1;
        }
        match &outcome.rewritten {
            Some(rewritten) => {
                self.counts.changed += 1;
                self.write(rewritten);
            }
            None => self.write(&header),
        }
        self.header = header;
        self.header.clear();
    }

    fn game_bytes(&mut self, bytes: &[u8]) {
        if self.in_header {
            self.header.extend_from_slice(bytes);
        } else {
            self.write(bytes);
        }
    }

    fn end_game(&mut self) {
        self.counts.games += 1;
    }

    fn preamble(&mut self, bytes: &[u8]) {
        self.write(bytes);
    }
}
