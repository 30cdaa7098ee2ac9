//! Inputs cut into chunks for the parsers ([`Chunks::cut`]): each file in turn, on one
//! thread, cut after about [`Chunks::size`] bytes where a game may begin (a `[` that begins a
//! line that does not follow a tag line, that line seen whole: `game_starts.rs`). A plain
//! file is cut by reading a little past each cut, and each parser reads its chunk's bytes
//! itself, so that a file is read on every core; compressed input and standard input are
//! read (decompressed) here, and their bytes handed over. Whether a game really begins at a
//! cut (not inside a comment that spans lines) is the parsers' to decide: the scanner that
//! reads the chunk before says so when it reaches it. Where no game may begin up to
//! [`Chunks::most`] bytes (one game that long, or bytes that are no PGN), the chunk is cut
//! anyway, and the parsers read on across the cut.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, PoisonError};

use crate::decompress::Compression;
use crate::open::Input;
use crate::progress::Progress;
use game_starts::{game_start_after, last_game_start};

/// Plain bytes of one file, beginning where a game may begin (or at the file's start).
#[derive(Debug)]
pub(crate) struct Chunk {
    /// The file's index among the paths read.
    pub file: usize,
    /// The bytes.
    pub bytes: Bytes,
    /// The file's (decompressed) bytes before these.
    pub bytes_before: u64,
    /// Whether the file ends here.
    pub last: bool,
    /// Whether the file's next chunk begins where a game may begin (a `[` that begins a
    /// line), not where a run without such a place was cut anyway.
    pub next_at_tag: bool,
    /// Why the file ends here, if it did not end well.
    pub failed: Option<Failed>,
}

/// A chunk's bytes: read already, or where they are in a plain file.
#[derive(Debug)]
pub(crate) enum Bytes {
    Held(Vec<u8>),
    /// Bytes `start..end` of the file.
    Range {
        start: u64,
        end: u64,
    },
}

impl Bytes {
    /// The bytes into `buffer` (in place of what it held, given to `spare` if they were held
    /// bytes), read from the file at `path` if they are a range of it, counted into
    /// `progress` then.
    pub(crate) fn read_into(
        self,
        buffer: &mut Vec<u8>,
        path: &Path,
        progress: &Progress,
        spare: &Spare,
    ) -> io::Result<()> {
        let (start, end) = match self {
            Bytes::Held(bytes) => {
                spare.give(std::mem::replace(buffer, bytes));
                return Ok(());
            }
            Bytes::Range { start, end } => (start, end),
        };
        buffer.clear();
        let mut file = File::open(path)?;
        file.seek(SeekFrom::Start(start))?;
        let length = end.saturating_sub(start);
        buffer.reserve(usize::try_from(length).unwrap_or(0));
        file.take(length).read_to_end(buffer)?;
        if (buffer.len() as u64) < length {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file is shorter than when its reading began",
            ));
        }
        progress.bytes.fetch_add(length, Ordering::Relaxed);
        Ok(())
    }
}

/// Buffers of held chunks the parsers are done with, for the next chunks: the same few are
/// filled again, not a new one allocated for each chunk (which the allocator may not give
/// back at once).
#[derive(Default)]
pub(crate) struct Spare(Mutex<Vec<Vec<u8>>>);

impl Spare {
    /// Keeps `buffer` for a later chunk, if it has room for one and few are kept.
    fn give(&self, mut buffer: Vec<u8>) {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if buffer.capacity() > 0 && kept.len() < 2 {
            buffer.clear();
            kept.push(buffer);
        }
    }

    /// An empty buffer with room for `bytes`.
    fn take(&self, bytes: usize) -> Vec<u8> {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut buffer = kept.unwrap_or_default();
        buffer.reserve(bytes);
        buffer
    }
}

/// Why a file ended before its end.
#[derive(Debug)]
pub(crate) enum Failed {
    /// It could not be opened (or its first bytes read).
    Unopened(io::Error),
    /// Reading it failed after the bytes of its last chunk (or the reading was asked to
    /// stop: `Interrupted`).
    Input(io::Error),
}

/// How large the chunks are.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chunks {
    /// The bytes after which a chunk is cut at the next place a game may begin.
    pub size: usize,
    /// The most bytes a chunk has: without a place a game may begin by then, it is cut there.
    pub most: usize,
}

impl Chunks {
    /// What the chunks in memory are sized to: `2 × threads + 1` chunks of the most bytes a
    /// chunk has (one read by each parser, one waiting for each, one being cut). A few more
    /// may be held (a chunk the cutter waits to hand over, two spare buffers, a piece of
    /// compressed input past the most), so they take 24–30 MiB up to 16 threads; past about
    /// 38 threads, where chunks keep 256 KiB, 0.6 MiB or so a thread.
    pub(crate) const MEMORY: usize = 24 << 20;

    /// Chunks for `threads` parsers: 4 MiB, or less so that `2 × threads + 1` of the most
    /// bytes a chunk has fit in [`Chunks::MEMORY`] (256 KiB at least).
    pub(crate) fn for_threads(threads: usize) -> Chunks {
        let most = Chunks::MEMORY / threads.saturating_mul(2).saturating_add(1);
        // A chunk has up to a quarter more than its size.
        Chunks::of((most / 5 * 4).clamp(256 << 10, 4 << 20))
    }

    /// Chunks of about `size` bytes, waiting a quarter more (64 KiB at least) for a place a
    /// game may begin.
    pub(crate) const fn of(size: usize) -> Chunks {
        let wait = if size / 4 > 1 << 16 {
            size / 4
        } else {
            1 << 16
        };
        Chunks {
            size,
            most: size.saturating_add(wait),
        }
    }

    /// Reads the files at `paths` in turn (the first read once, `-` or a pipe: from `stdin`
    /// if given; `-` otherwise from the process's standard input), counting bytes into
    /// `progress`, and hands each chunk to `send`, in order, until `send` says no more
    /// (`false`) or `progress` is stopped. Every file gives at least one
    /// chunk, its `last`; one that could not be opened gives one empty chunk that says why.
    pub(crate) fn cut(
        self,
        paths: &[impl AsRef<Path>],
        mut stdin: Option<Box<dyn Read + Send>>,
        progress: &Progress,
        spare: &Spare,
        mut send: impl FnMut(Chunk) -> bool,
    ) {
        for (file, path) in paths.iter().enumerate() {
            let path = path.as_ref();
            let given = stdin.take_if(|_| Input::read_once(path));
            let opened = match given {
                Some(reader) => Ok(Opened::Input(
                    Input::from_reader(reader).with_progress(progress),
                )),
                None => Opened::open(path, progress),
            };
            let goes_on = match opened {
                Ok(Opened::Plain(mut handle, size)) => {
                    self.cut_plain(file, (&mut handle, size), progress, &mut send)
                }
                Ok(Opened::Input(mut input)) => self.cut_one(file, &mut input, spare, &mut send),
                Err(error) => send(Chunk {
                    file,
                    bytes: Bytes::Held(Vec::new()),
                    bytes_before: 0,
                    last: true,
                    next_at_tag: false,
                    failed: Some(Failed::Unopened(error)),
                }),
            };
            if !goes_on {
                return;
            }
        }
    }

    /// Cuts a plain file of `size` bytes into ranges: whether the caller goes on.
    fn cut_plain(
        self,
        file: usize,
        (handle, size): (&mut File, u64),
        progress: &Progress,
        send: &mut impl FnMut(Chunk) -> bool,
    ) -> bool {
        let mut start = 0;
        loop {
            let target = start + self.size as u64;
            let (end, failed) = if progress.is_stopped() {
                let stopped = io::Error::new(io::ErrorKind::Interrupted, "asked to stop");
                (start, Some(Failed::Input(stopped)))
            } else if target >= size {
                (size, None)
            } else {
                match game_start_after(handle, start, target, start + self.most as u64) {
                    Ok(Some((cut, next_at_tag))) => {
                        let chunk = Chunk {
                            file,
                            bytes: Bytes::Range { start, end: cut },
                            bytes_before: start,
                            last: false,
                            next_at_tag,
                            failed: None,
                        };
                        if !send(chunk) {
                            return false;
                        }
                        start = cut;
                        continue;
                    }
                    Ok(None) => (size, None),
                    Err(error) => (start, Some(Failed::Input(error))),
                }
            };
            return send(Chunk {
                file,
                bytes: Bytes::Range { start, end },
                bytes_before: start,
                last: true,
                next_at_tag: false,
                failed,
            });
        }
    }

    /// Cuts one input into chunks: whether the caller goes on.
    fn cut_one(
        self,
        file: usize,
        input: &mut Input,
        spare: &Spare,
        send: &mut impl FnMut(Chunk) -> bool,
    ) -> bool {
        // Room for the most a chunk has and a piece of input past it.
        let room = self.most + (1 << 18);
        let mut pending = spare.take(room);
        let mut bytes_before = 0u64;
        // Whether `pending` begins a line: it does but after a cut where no game may begin.
        let mut whole_line = true;
        // The bytes of `pending` looked through for a place a game may begin, without one.
        let mut searched = 0;
        let failed = loop {
            if input.progress().is_stopped() {
                let stopped = io::Error::new(io::ErrorKind::Interrupted, "asked to stop");
                break Some(Failed::Input(stopped));
            }
            match input.next_chunk() {
                None => break None,
                Some(Err(error)) => break Some(Failed::Input(error)),
                Some(Ok(piece)) => {
                    pending.extend_from_slice(&piece);
                    input.give_back(piece);
                }
            }
            if pending.len() < self.size {
                continue;
            }
            // At the most a chunk has without a place a game may begin, it is cut where it
            // ends (its part is read on from the next chunk's bytes).
            let full = pending.len() >= self.most;
            // Only the bytes not looked through yet.
            let found = last_game_start(&pending, searched, whole_line).filter(|&at| at > 0);
            let (at, next_at_tag) = match found {
                Some(at) => (at, true),
                None if full => (pending.len(), false),
                None => {
                    searched = pending.len();
                    continue;
                }
            };
            whole_line = next_at_tag;
            // No place is after `at`: what follows it was looked through.
            searched = pending.len() - at;
            let mut bytes = std::mem::replace(&mut pending, spare.take(room));
            pending.extend_from_slice(bytes.get(at..).unwrap_or_default());
            bytes.truncate(at);
            let length = bytes.len() as u64;
            let chunk = Chunk {
                file,
                bytes: Bytes::Held(bytes),
                bytes_before,
                last: false,
                next_at_tag,
                failed: None,
            };
            if !send(chunk) {
                return false;
            }
            bytes_before += length;
        };
        send(Chunk {
            file,
            bytes: Bytes::Held(pending),
            bytes_before,
            last: true,
            next_at_tag: false,
            failed,
        })
    }
}

/// A file opened to be cut.
enum Opened {
    /// A plain file, and its size.
    Plain(File, u64),
    /// Compressed, standard input, or no regular file (a FIFO): read through [`Input`].
    Input(Input),
}

impl Opened {
    /// Opens the file at `path` (`-`: the process's standard input) once: a FIFO or a
    /// process substitution (`<(zstd -dc …)`) closed after a look would lose its writer.
    fn open(path: &Path, progress: &Progress) -> io::Result<Opened> {
        if path.as_os_str() == "-" {
            return Input::open_with(path, progress).map(Opened::Input);
        }
        let mut file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_file() {
            let mut magic = [0u8; 4];
            let n = file.read(&mut magic)?;
            if Compression::detect(magic.get(..n).unwrap_or_default()) == Compression::Plain {
                return Ok(Opened::Plain(file, meta.len()));
            }
            file.seek(SeekFrom::Start(0))?;
        }
        Input::from_file(file, progress).map(Opened::Input)
    }
}

pub(crate) mod game_starts;
#[cfg(test)]
mod tests;
