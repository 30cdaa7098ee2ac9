//! The fixer on two threads: the scanner finds the games on one (a third of the work, most of
//! it skipping movetext) and hands each chunk it read, with the events it found in it, to the
//! fixer on the calling thread, which repairs the tag sections and writes. The chunks are
//! handed over, not copied, and come back to be filled again. In bounded memory: a few chunks
//! are in flight.

use std::io;
use std::ops::Range;
use std::sync::mpsc::sync_channel;
use std::thread;

use crate::open::Input;
use crate::scan::{HeaderEnd, Scanner, Visitor};

/// Chunks in flight.
const IN_FLIGHT: usize = 8;

/// Where an event's bytes are: in the chunk, or (bytes the scanner held over from an earlier
/// chunk) in the batch's own buffer.
#[derive(Clone)]
enum Bytes {
    Chunk(Range<usize>),
    Held(Range<usize>),
}

/// One thing the scanner told.
enum Event {
    Begin(u64),
    EndHeader(HeaderEnd),
    Game(Bytes),
    End,
    Preamble(Bytes),
}

/// A chunk and the events the scanner found in it.
#[derive(Default)]
struct Batch {
    chunk: Vec<u8>,
    held: Vec<u8>,
    events: Vec<Event>,
}

impl Batch {
    fn bytes(&self, bytes: &Bytes) -> &[u8] {
        match bytes {
            Bytes::Chunk(range) => self.chunk.get(range.clone()),
            Bytes::Held(range) => self.held.get(range.clone()),
        }
        .unwrap_or_default()
    }
}

/// The scanner's side: the events of the chunk being fed, by where their bytes lie in it.
struct Recorder {
    /// The address and length of the chunk being fed.
    chunk: (usize, usize),
    held: Vec<u8>,
    events: Vec<Event>,
}

impl Recorder {
    /// Where `bytes` lie: a range of the chunk, or copied to `held`.
    fn place(&mut self, bytes: &[u8]) -> Bytes {
        let (start, len) = self.chunk;
        let at = (bytes.as_ptr() as usize).wrapping_sub(start);
        if at <= len && bytes.len() <= len - at {
            Bytes::Chunk(at..at + bytes.len())
        } else {
            let from = self.held.len();
            self.held.extend_from_slice(bytes);
            Bytes::Held(from..self.held.len())
        }
    }
}

impl Visitor for Recorder {
    fn begin_game(&mut self, offset: u64) {
        self.events.push(Event::Begin(offset));
    }
    fn wants_tag(&self, _name: &[u8]) -> bool {
        false
    }
    fn end_header(&mut self, end: HeaderEnd) {
        self.events.push(Event::EndHeader(end));
    }
    fn game_bytes(&mut self, bytes: &[u8]) {
        if !bytes.is_empty() {
            let placed = self.place(bytes);
            self.events.push(Event::Game(placed));
        }
    }
    fn end_game(&mut self) {
        self.events.push(Event::End);
    }
    fn preamble(&mut self, bytes: &[u8]) {
        if !bytes.is_empty() {
            let placed = self.place(bytes);
            self.events.push(Event::Preamble(placed));
        }
    }
}

/// Scans `input` on a thread of its own and tells `visitor` (here) every event, in order;
/// `after_batch` runs after each chunk and says whether to go on. The input's read error, if
/// it failed.
pub(super) fn scan_beside<V: Visitor>(
    input: &mut Input,
    visitor: &mut V,
    mut after_batch: impl FnMut(&V) -> bool,
) -> Option<io::Error> {
    let (send, batches) = sync_channel::<Batch>(IN_FLIGHT);
    let (recycle, used) = sync_channel::<Batch>(IN_FLIGHT + 2);
    thread::scope(|scope| {
        let scanner = scope.spawn(move || {
            let mut scanner = Scanner::new();
            let mut spare: Vec<Batch> = Vec::new();
            loop {
                while let Ok(mut batch) = used.try_recv() {
                    input.give_back(std::mem::take(&mut batch.chunk));
                    spare.push(batch);
                }
                let mut batch = spare.pop().unwrap_or_default();
                let mut recorder = Recorder {
                    chunk: (0, 0),
                    held: std::mem::take(&mut batch.held),
                    events: std::mem::take(&mut batch.events),
                };
                recorder.held.clear();
                recorder.events.clear();
                let error = match input.next_chunk() {
                    Some(Ok(chunk)) => {
                        recorder.chunk = (chunk.as_ptr() as usize, chunk.len());
                        scanner.feed(&chunk, &mut recorder);
                        batch.chunk = chunk;
                        None
                    }
                    Some(Err(error)) => Some(error),
                    None => None,
                };
                let last = batch.chunk.is_empty();
                if last {
                    recorder.chunk = (0, 0);
                    scanner.finish(&mut recorder);
                }
                batch.held = recorder.held;
                batch.events = recorder.events;
                // A closed channel: the fixer stopped (a write error).
                if send.send(batch).is_err() || last {
                    return error;
                }
            }
        });
        for batch in &batches {
            for event in &batch.events {
                match event {
                    Event::Begin(offset) => visitor.begin_game(*offset),
                    Event::EndHeader(end) => visitor.end_header(*end),
                    Event::Game(bytes) => visitor.game_bytes(batch.bytes(bytes)),
                    Event::End => visitor.end_game(),
                    Event::Preamble(bytes) => visitor.preamble(batch.bytes(bytes)),
                }
            }
            let _ = recycle.try_send(batch);
            if !after_batch(visitor) {
                break;
            }
        }
        drop(batches);
        scanner
            .join()
            .unwrap_or_else(|_| Some(io::Error::other("the scanner failed")))
    })
}
