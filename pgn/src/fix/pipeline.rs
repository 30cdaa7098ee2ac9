//! The fixer on two threads: the scanner finds the games on one (a third of the work, most of
//! it skipping movetext) and hands the events, with their bytes, in batches to the fixer on
//! the calling thread, which repairs the tag sections and writes. In bounded memory: a few
//! batches of about 1 MiB are in flight.

use std::io;
use std::ops::Range;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

use crate::open::Input;
use crate::read::scan;
use crate::scan::{HeaderEnd, Visitor};

/// Bytes a batch holds before it is handed over.
const BATCH: usize = 1 << 20;
/// Batches in flight.
const IN_FLIGHT: usize = 4;

/// One thing the scanner told, its bytes in the batch.
enum Event {
    Begin(u64),
    EndHeader(HeaderEnd),
    Bytes(Range<usize>),
    End,
    Preamble(Range<usize>),
}

/// Events and their bytes.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    events: Vec<Event>,
}

/// The scanner's side: records events into batches and sends them.
struct Batcher {
    batch: Batch,
    send: SyncSender<Batch>,
    spare: Receiver<Batch>,
    /// The fixer has stopped (a write error): scanning stops.
    closed: bool,
}

impl Batcher {
    fn push_bytes(&mut self, bytes: &[u8], event: fn(Range<usize>) -> Event) {
        if bytes.is_empty() {
            return;
        }
        let start = self.batch.bytes.len();
        self.batch.bytes.extend_from_slice(bytes);
        self.batch.events.push(event(start..self.batch.bytes.len()));
        if self.batch.bytes.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let mut next = self.spare.try_recv().unwrap_or_default();
        next.bytes.clear();
        next.events.clear();
        let full = std::mem::replace(&mut self.batch, next);
        if !full.events.is_empty() && self.send.send(full).is_err() {
            self.closed = true;
        }
    }
}

impl Visitor for Batcher {
    fn begin_game(&mut self, offset: u64) {
        self.batch.events.push(Event::Begin(offset));
    }
    fn wants_tag(&self, _name: &[u8]) -> bool {
        false
    }
    fn end_header(&mut self, end: HeaderEnd) {
        self.batch.events.push(Event::EndHeader(end));
    }
    fn game_bytes(&mut self, bytes: &[u8]) {
        self.push_bytes(bytes, Event::Bytes);
    }
    fn end_game(&mut self) {
        self.batch.events.push(Event::End);
    }
    fn preamble(&mut self, bytes: &[u8]) {
        self.push_bytes(bytes, Event::Preamble);
    }
}

/// Scans `input` on a thread of its own and tells `visitor` (here) every event, in order;
/// `after_batch` runs after each batch and says whether to go on. The input's read error, if
/// it failed.
pub(super) fn scan_beside<V: Visitor>(
    input: &mut Input,
    visitor: &mut V,
    mut after_batch: impl FnMut(&V) -> bool,
) -> Option<io::Error> {
    let (send, batches) = sync_channel::<Batch>(IN_FLIGHT);
    let (recycle, spare) = sync_channel::<Batch>(IN_FLIGHT + 2);
    thread::scope(|scope| {
        let scanner = scope.spawn(move || {
            let mut batcher = Batcher {
                batch: Batch::default(),
                send,
                spare,
                closed: false,
            };
            let (error, _) = scan(input, &mut batcher, |b| b.closed);
            batcher.flush();
            error
        });
        for batch in &batches {
            for event in &batch.events {
                match event {
                    Event::Begin(offset) => visitor.begin_game(*offset),
                    Event::EndHeader(end) => visitor.end_header(*end),
                    Event::Bytes(range) => {
                        visitor.game_bytes(batch.bytes.get(range.clone()).unwrap_or_default());
                    }
                    Event::End => visitor.end_game(),
                    Event::Preamble(range) => {
                        visitor.preamble(batch.bytes.get(range.clone()).unwrap_or_default());
                    }
                }
            }
            let _ = recycle.try_send(batch);
            if !after_batch(visitor) {
                break;
            }
        }
        // The scanner stops at its next chunk once nobody listens.
        drop(batches);
        scanner
            .join()
            .unwrap_or_else(|_| Some(io::Error::other("the scanner failed")))
    })
}
