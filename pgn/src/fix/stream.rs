//! A PGN stream with every game's tag section fixed ([`fix_header`]) and everything else (the
//! preamble, movetext, comments, blank lines) copied byte for byte, in memory bounded by the
//! scanner's [`HEADER_CAP`](crate::scan::HEADER_CAP).

use std::io::{self, Write};

use super::cache::Cache;
use super::header::{FixOptions, Plan, render};
use super::lines::split_lines;
use crate::marker::Tail;
use crate::scan::{HEADER_CAP, HeaderEnd, Visitor};

/// What the fixer says about one game: its number (from 0) and what changed or why it was
/// left as it was.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    ///
    /// ```
    /// use chess960_pgn::fix::Counts;
    ///
    /// let mut counts = Counts::default();
    /// counts.merge(Counts { games: 3, ..Counts::default() });
    /// assert_eq!(counts.games, 3);
    /// ```
    pub fn merge(&mut self, other: Counts) {
        self.games += other.games;
        self.changed += other.changed;
        self.refused += other.refused;
    }
}

/// A [`Visitor`] that writes each game to `out` with its tag section fixed, and tells `report`
/// of every change and refusal ([`fix`](super::fix) runs one over an input).
///
/// ```
/// use chess960_pgn::fix::{FixOptions, Fixer, Report};
/// use chess960_pgn::scan::Scanner;
///
/// let mut changes = 0;
/// let mut fixer = Fixer::new(Vec::new(), FixOptions::default(), |report| {
///     if let Report::Changed(..) = report {
///         changes += 1;
///     }
/// });
/// let mut scanner = Scanner::new();
/// scanner.feed(b"[Event \"x\"]\n[Variant \"chess 960\"]\n\n1. e4 *\n", &mut fixer);
/// scanner.finish(&mut fixer);
/// assert_eq!((fixer.counts().games, fixer.counts().changed), (1, 1));
/// assert!(String::from_utf8(fixer.into_inner()).unwrap().contains("[Variant \"Chess960\"]"));
/// assert_eq!(changes, 4); // the roster, Variant, SetUp, FEN
/// ```
pub struct Fixer<W, R> {
    out: W,
    options: FixOptions,
    report: R,
    /// The game's bytes until its tag section ends.
    header: Vec<u8>,
    in_header: bool,
    /// A game whose Result tag comes from its termination marker: its bytes after the tag
    /// section, held until the game ends (or passes the cap, when its Result is `*`).
    held: Option<Vec<u8>>,
    tail: Tail,
    /// Plans made for earlier tag sections.
    cache: Cache,
    /// A rewritten tag section, before it is written.
    rewritten: Vec<u8>,
    /// So far; `counts.games` is also the number of the game being read, from 0.
    counts: Counts,
    /// The first write error: nothing more is written.
    error: Option<io::Error>,
}

impl<W, R> std::fmt::Debug for Fixer<W, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fixer")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
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
            held: None,
            tail: Tail::default(),
            cache: Cache::default(),
            rewritten: Vec::new(),
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
        if end == HeaderEnd::TooLong {
            let why = format!("tag section over {} MiB: not read", HEADER_CAP >> 20);
            (self.report)(Report::Refused(self.counts.games, &why));
            self.counts.refused += 1;
            let header = std::mem::take(&mut self.header);
            self.write(&header);
            self.header = header;
            return;
        }
        if !self.fix_header(None) {
            self.held = Some(Vec::new());
        }
    }

    fn game_bytes(&mut self, bytes: &[u8]) {
        if self.passes(bytes) {
            self.write(bytes);
        }
    }

    fn end_game(&mut self) {
        if self.held.is_some() {
            let marker = self.tail.marker();
            self.release(Some(marker.unwrap_or("*")));
        }
        self.counts.games += 1;
    }

    fn preamble(&mut self, bytes: &[u8]) {
        self.write(bytes);
    }
}

impl<W: Write, R: FnMut(Report)> Fixer<W, R> {
    /// Takes a game's `bytes` as [`Visitor::game_bytes`] does, but leaves to the caller the
    /// writing of bytes that go out as they are (most of them: movetext after a fixed tag
    /// section), after what the fixer wrote so far: `true` for those.
    pub(super) fn passes(&mut self, bytes: &[u8]) -> bool {
        if self.in_header {
            self.header.extend_from_slice(bytes);
            return false;
        }
        let Some(held) = &mut self.held else {
            return true;
        };
        held.extend_from_slice(bytes);
        self.tail.push(bytes);
        if held.len() > HEADER_CAP {
            self.release(None);
        }
        false
    }

    /// The output, between calls.
    pub(super) fn out_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Writes the held game with its tag section fixed, its Result the marker (`*` if none).
    fn release(&mut self, marker: Option<&str>) {
        self.fix_header(Some(marker.unwrap_or("*")));
        let held = self.held.take().unwrap_or_default();
        self.write(&held);
        self.tail = Tail::default();
    }

    /// Fixes and writes the tag section, reporting what changed; `false`, doing nothing, if
    /// it needs the termination marker and `marker` is `None`.
    fn fix_header(&mut self, marker: Option<&str>) -> bool {
        let header = std::mem::take(&mut self.header);
        let (lines, tail) = split_lines(&header);
        let plan: &Plan = self.cache.plan(&lines, &self.options, marker);
        if plan.wants_marker && marker.is_none() {
            self.header = header;
            return false;
        }
        for change in &plan.changes {
            (self.report)(Report::Changed(self.counts.games, change));
        }
        if let Some(why) = &plan.refused {
            (self.report)(Report::Refused(self.counts.games, why));
            self.counts.refused += 1;
        }
        let mut rewritten = std::mem::take(&mut self.rewritten);
        rewritten.clear();
        if plan.rewrites() {
            self.counts.changed += 1;
            render(&lines, plan, tail, &mut rewritten);
        }
        drop(lines);
        match rewritten.is_empty() {
            false => self.write(&rewritten),
            true => self.write(&header),
        }
        self.rewritten = rewritten;
        self.header = header;
        self.header.clear();
        true
    }
}
