//! The fixer on two threads: the scanner finds the games on one (reading the file and skipping
//! movetext) and hands the chunks it read, with the events it found in them, to the fixer on
//! the calling thread, which repairs the tag sections and writes them with the rest of the
//! games' bytes, straight from the chunks. The chunks are handed over, not copied, 256 KiB at
//! a time (a hand-over costs a thread's wake-up; 64 KiB, 1 and 4 MiB were slower), and come
//! back to be filled again. In bounded memory: a few batches are in flight.

use std::io::{self, IoSlice, Write};
use std::ops::Range;
use std::sync::mpsc::sync_channel;
use std::thread;

use super::stream::{Fixer, Report};
use crate::open::Input;
use crate::scan::{HeaderEnd, Scanner, Visitor};

/// Batches in flight.
const IN_FLIGHT: usize = 4;
/// Bytes of chunks a batch holds before it is handed over.
const BATCH: usize = 1 << 18;

/// Where an event's bytes are: in the chunk, or (bytes the scanner held over from an earlier
/// chunk) in the batch's own buffer.
#[derive(Clone)]
enum Bytes {
    /// In chunk `.0` of the batch.
    Chunk(usize, Range<usize>),
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

/// Chunks and the events the scanner found in them.
#[derive(Default)]
struct Batch {
    chunks: Vec<Vec<u8>>,
    held: Vec<u8>,
    events: Vec<Event>,
}

impl Batch {
    fn bytes(&self, bytes: &Bytes) -> &[u8] {
        match bytes {
            Bytes::Chunk(chunk, range) => {
                self.chunks.get(*chunk).and_then(|c| c.get(range.clone()))
            }
            Bytes::Held(range) => self.held.get(range.clone()),
        }
        .unwrap_or_default()
    }
}

/// The scanner's side: the events of the chunks being fed, by where their bytes lie.
struct Recorder {
    /// The index in the batch, address and length of the chunk being fed.
    chunk: (usize, usize, usize),
    held: Vec<u8>,
    events: Vec<Event>,
}

impl Recorder {
    /// Where `bytes` lie: a range of the chunk, or copied to `held`.
    fn place(&mut self, bytes: &[u8]) -> Bytes {
        let (index, start, len) = self.chunk;
        let at = (bytes.as_ptr() as usize).wrapping_sub(start);
        if at <= len && bytes.len() <= len - at {
            Bytes::Chunk(index, at..at + bytes.len())
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

/// What the fixer writes during a batch: its own bytes (tag sections), and between them the
/// batch's bytes that go out as they are, written at the batch's end straight from the chunks
/// (a vectored write: the movetext is not copied into a buffer first).
#[derive(Default)]
pub(super) struct Segments {
    own: Vec<u8>,
    parts: Vec<Part>,
}

enum Part {
    Own(Range<usize>),
    Batch(Bytes),
}

impl Write for Segments {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let start = self.own.len();
        self.own.extend_from_slice(bytes);
        match self.parts.last_mut() {
            Some(Part::Own(range)) if range.end == start => range.end = self.own.len(),
            _ => self.parts.push(Part::Own(start..self.own.len())),
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Segments {
    /// Writes the batch's parts to `out`, and forgets them.
    fn write_out(&mut self, batch: &Batch, out: &mut impl Write) -> io::Result<()> {
        let mut slices: Vec<IoSlice> = self
            .parts
            .iter()
            .map(|part| match part {
                Part::Own(range) => self.own.get(range.clone()).unwrap_or_default(),
                Part::Batch(bytes) => batch.bytes(bytes),
            })
            .filter(|bytes| !bytes.is_empty())
            .map(IoSlice::new)
            .collect();
        let written = write_all_vectored(out, &mut slices);
        self.own.clear();
        self.parts.clear();
        written
    }
}

/// `Write::write_all_vectored`, which is not stable yet.
fn write_all_vectored(out: &mut impl Write, mut slices: &mut [IoSlice]) -> io::Result<()> {
    while !slices.is_empty() {
        match out.write_vectored(slices) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => IoSlice::advance_slices(&mut slices, n),
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(())
}

/// Scans `input` on a thread of its own and has `fixer` (here) fix every game it found,
/// writing to `out` batch by batch; `after_batch` runs after each batch and says whether to
/// go on. The input's read error, if it failed.
///
/// # Errors
///
/// The first write error, at once.
pub(super) fn fix_beside<R: FnMut(Report)>(
    input: &mut Input,
    fixer: &mut Fixer<Segments, R>,
    out: &mut impl Write,
    mut after_batch: impl FnMut(&Fixer<Segments, R>) -> bool,
) -> io::Result<Option<io::Error>> {
    let (send, batches) = sync_channel::<Batch>(IN_FLIGHT);
    let (recycle, used) = sync_channel::<Batch>(IN_FLIGHT + 2);
    thread::scope(|scope| {
        let scanner = scope.spawn(move || {
            let mut scanner = Scanner::new();
            let mut spare: Vec<Batch> = Vec::new();
            loop {
                while let Ok(mut batch) = used.try_recv() {
                    for chunk in batch.chunks.drain(..) {
                        input.give_back(chunk);
                    }
                    spare.push(batch);
                }
                let mut batch = spare.pop().unwrap_or_default();
                let mut recorder = Recorder {
                    chunk: (0, 0, 0),
                    held: std::mem::take(&mut batch.held),
                    events: std::mem::take(&mut batch.events),
                };
                recorder.held.clear();
                recorder.events.clear();
                let (mut bytes, mut error, mut last) = (0, None, false);
                while bytes < BATCH {
                    match input.next_chunk() {
                        Some(Ok(chunk)) => {
                            recorder.chunk =
                                (batch.chunks.len(), chunk.as_ptr() as usize, chunk.len());
                            scanner.feed(&chunk, &mut recorder);
                            bytes += chunk.len();
                            batch.chunks.push(chunk);
                        }
                        Some(Err(failed)) => (error, last) = (Some(failed), true),
                        None => last = true,
                    }
                    if last {
                        recorder.chunk = (0, 0, 0);
                        scanner.finish(&mut recorder);
                        break;
                    }
                }
                batch.held = recorder.held;
                batch.events = recorder.events;
                // A closed channel: the fixer stopped (a write error).
                if send.send(batch).is_err() || last {
                    return error;
                }
            }
        });
        let mut written = Ok(());
        for batch in &batches {
            for event in &batch.events {
                match event {
                    Event::Begin(offset) => fixer.begin_game(*offset),
                    Event::EndHeader(end) => fixer.end_header(*end),
                    Event::Game(bytes) => {
                        if fixer.passes(batch.bytes(bytes)) {
                            fixer.out_mut().parts.push(Part::Batch(bytes.clone()));
                        }
                    }
                    Event::Preamble(bytes) => {
                        fixer.out_mut().parts.push(Part::Batch(bytes.clone()));
                    }
                    Event::End => fixer.end_game(),
                }
            }
            written = fixer.out_mut().write_out(&batch, out);
            let _ = recycle.try_send(batch);
            if written.is_err() || !after_batch(fixer) {
                break;
            }
        }
        drop(batches);
        let read_error = scanner
            .join()
            .unwrap_or_else(|_| Some(io::Error::other("the scanner failed")));
        written.map(|()| read_error)
    })
}
