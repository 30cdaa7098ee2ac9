//! A [`Visitor`] that writes down what it is told, for the tests and the fuzzer (feature
//! `recorder`, not for users): whatever the chunk boundaries, a scan must tell the same story.

use super::scanner::Scanner;
use super::visitor::{HeaderEnd, Visitor};

/// One thing the scanner told, game bytes merged per game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A game began at this offset.
    Begin(u64),
    /// A tag: name and value.
    Tag(Vec<u8>, Vec<u8>),
    /// The bytes given before a tag section that was read ended, without the white space
    /// after their last line end (which depends on where the chunks end): its lines.
    Header(Vec<u8>),
    /// The tag section ended.
    EndHeader(HeaderEnd),
    /// The game's bytes (all of them, merged into one event per run of calls).
    Bytes(Vec<u8>),
    /// The game ended.
    End,
    /// Bytes before the first game (merged).
    Preamble(Vec<u8>),
}

/// Records the events of a scan.
#[derive(Default, Debug)]
pub struct Recorder {
    /// What was told, in order.
    pub events: Vec<Event>,
    /// The current game's bytes so far.
    game: Vec<u8>,
}

impl Visitor for Recorder {
    fn begin_game(&mut self, offset: u64) {
        self.events.push(Event::Begin(offset));
        self.game.clear();
    }
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.events.push(Event::Tag(name.to_vec(), value.to_vec()));
    }
    fn end_header(&mut self, end: HeaderEnd) {
        if end == HeaderEnd::Read {
            let lines = self
                .game
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |n| n + 1);
            let (lines, after) = self.game.split_at(lines);
            let header = match after.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
                true => lines,
                false => &self.game,
            };
            self.events.push(Event::Header(header.to_vec()));
        }
        self.events.push(Event::EndHeader(end));
    }
    fn game_bytes(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.game.extend_from_slice(bytes);
        match self.events.last_mut() {
            Some(Event::Bytes(all)) => all.extend_from_slice(bytes),
            _ => self.events.push(Event::Bytes(bytes.to_vec())),
        }
    }
    fn end_game(&mut self) {
        self.events.push(Event::End);
    }
    fn preamble(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        match self.events.last_mut() {
            Some(Event::Preamble(all)) => all.extend_from_slice(bytes),
            _ => self.events.push(Event::Preamble(bytes.to_vec())),
        }
    }
}

impl Recorder {
    /// The events of scanning `input` fed in chunks that end at `cuts` (offsets, ascending).
    ///
    /// ```
    /// use chess960_pgn::scan::{Event, Recorder};
    ///
    /// let pgn = b"[Event \"x\"]\n\n1. e4 *\n";
    /// let whole = Recorder::scan(pgn, &[]);
    /// assert_eq!(Recorder::scan(pgn, &[3, 15]), whole);
    /// assert_eq!(whole[1], Event::Tag(b"Event".to_vec(), b"x".to_vec()));
    /// ```
    pub fn scan(input: &[u8], cuts: &[usize]) -> Vec<Event> {
        let mut scanner = Scanner::new();
        let mut recorder = Recorder::default();
        let mut from = 0;
        for &cut in cuts.iter().chain([input.len()].iter()) {
            let cut = cut.clamp(from, input.len());
            scanner.feed(input.get(from..cut).unwrap_or_default(), &mut recorder);
            from = cut;
        }
        scanner.finish(&mut recorder);
        bytes_at_end(recorder.events)
    }
}

/// Bytes may come before or after a game's `EndHeader` depending on the chunks; for comparing
/// scans, each game's bytes are merged into one event just before its `End`.
fn bytes_at_end(events: Vec<Event>) -> Vec<Event> {
    let mut out = Vec::with_capacity(events.len());
    let mut bytes = Vec::new();
    for event in events {
        match event {
            Event::Bytes(b) => bytes.extend_from_slice(&b),
            Event::End => {
                out.push(Event::Bytes(std::mem::take(&mut bytes)));
                out.push(Event::End);
            }
            other => out.push(other),
        }
    }
    out
}
