//! A game's record, a game's line and a month's row of the store, read and written again
//! ([`Record`], [`Line`], [`MonthEntry`]).

use crate::store::bytes::Reader;
use crate::store::games::{self, Head};
use crate::store::line;

/// A game's record as a segment's games table holds it.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record(pub(super) games::Record);

impl Record {
    /// The record of `bytes`, all of them; `None` if they are not one.
    #[doc(hidden)]
    pub fn read(bytes: &[u8]) -> Option<Record> {
        games::Record::read(bytes).map(Record)
    }

    /// Its bytes, as the index writes them.
    #[doc(hidden)]
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.0.write_places(&places(&self.0.line), &mut out);
        out
    }

    /// Whether its head and its start read alone from `bytes` (as a node's games and a
    /// posting's confirmation read them) are the record's.
    #[doc(hidden)]
    pub fn parts_agree(&self, bytes: &[u8]) -> bool {
        Head::of_record(bytes).as_ref() == Some(&self.0.head)
            && games::start_of_record(bytes).as_ref() == Some(&self.0.line.start)
    }
}

/// Each move's place among the legal moves where `line` plays it, until one is not legal.
fn places(line: &line::Line) -> Vec<u8> {
    let mut board = line.start.clone();
    let mut places = Vec::with_capacity(line.moves.len());
    for &mv in &line.moves {
        let Some(place) = line::place(&board, mv) else {
            break;
        };
        places.push(place);
        board.play_unchecked(mv);
    }
    places
}

/// A game's line as a record holds it after its head.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line(pub(super) line::Line);

impl Line {
    /// The line `bytes` begin with and how many of them it took; `None` if they do not
    /// begin with one.
    #[doc(hidden)]
    pub fn read(bytes: &[u8]) -> Option<(Line, usize)> {
        let mut r = Reader(bytes);
        let line = line::Line::read(&mut r)?;
        Some((Line(line), bytes.len() - r.0.len()))
    }

    /// Its bytes, as the index writes them.
    #[doc(hidden)]
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.0.write_places(&places(&self.0), &mut out);
        out
    }

    /// Its number of moves.
    #[doc(hidden)]
    pub fn moves(&self) -> usize {
        self.0.moves.len()
    }
}

/// A position's games of one month, as a month's row holds them.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MonthEntry(crate::store::entry::Entry);

impl MonthEntry {
    /// The entry of a row of the month `month` of `bytes`, all of them; `None` if they are
    /// not one.
    #[doc(hidden)]
    pub fn read(bytes: &[u8], month: u16) -> Option<MonthEntry> {
        crate::store::entry::Entry::read_month(bytes, month).map(MonthEntry)
    }

    /// Its bytes, as a segment writes a month's row.
    #[doc(hidden)]
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.0.write(&mut out);
        out
    }
}
