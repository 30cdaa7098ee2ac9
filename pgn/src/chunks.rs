//! Inputs cut into chunks for the parsers ([`Chunks::cut`]): each file in turn, on one
//! thread, cut after about [`Chunks::size`] bytes where a game may begin (a `[` that begins a
//! line after a blank line). A plain file is cut by reading a little past each cut, and each
//! parser reads its chunk's bytes itself, so that a file is read on every core; compressed
//! input and standard input are read (decompressed) here, and their bytes handed over.
//! Whether a game really begins at a cut (not inside a comment that spans lines) is the
//! parsers' to decide: the scanner that reads the chunk before says so when it reaches it.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::Ordering;

use memchr::memmem;

use crate::decompress::Compression;
use crate::open::Input;
use crate::progress::Progress;

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
    /// The bytes into `buffer` (in place of what it held), read from the file at `path` if
    /// they are a range of it, counted into `progress` then.
    pub(crate) fn read_into(
        self,
        buffer: &mut Vec<u8>,
        path: &Path,
        progress: &Progress,
    ) -> io::Result<()> {
        let (start, end) = match self {
            Bytes::Held(bytes) => {
                *buffer = bytes;
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
}

impl Default for Chunks {
    fn default() -> Chunks {
        Chunks { size: 4 << 20 }
    }
}

impl Chunks {
    /// Reads the files at `paths` (`-`: stdin) in turn, counting bytes into `progress`, and
    /// hands each chunk to `send`, in order, until `send` says no more (`false`) or
    /// `progress` is stopped. Every file gives at least one chunk, its `last`; one that
    /// could not be opened gives one empty chunk that says why.
    pub(crate) fn cut(
        self,
        paths: &[impl AsRef<Path>],
        progress: &Progress,
        mut send: impl FnMut(Chunk) -> bool,
    ) {
        for (file, path) in paths.iter().enumerate() {
            let path = path.as_ref();
            let opened = match plain_file(path) {
                Ok(Some((handle, size))) => Ok(Opened::Plain(handle, size)),
                Ok(None) => Input::open_with(path, progress).map(Opened::Input),
                Err(error) => Err(error),
            };
            let goes_on = match opened {
                Ok(Opened::Plain(mut handle, size)) => {
                    self.cut_plain(file, (&mut handle, size), progress, &mut send)
                }
                Ok(Opened::Input(mut input)) => self.cut_one(file, &mut input, &mut send),
                Err(error) => send(Chunk {
                    file,
                    bytes: Bytes::Held(Vec::new()),
                    bytes_before: 0,
                    last: true,
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
                match game_start_after(handle, start, target) {
                    Ok(Some(cut)) => {
                        let chunk = Chunk {
                            file,
                            bytes: Bytes::Range { start, end: cut },
                            bytes_before: start,
                            last: false,
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
                failed,
            });
        }
    }

    /// Cuts one input into chunks: whether the caller goes on.
    fn cut_one(self, file: usize, input: &mut Input, send: &mut impl FnMut(Chunk) -> bool) -> bool {
        let mut pending = Vec::with_capacity(self.size + (1 << 16));
        let mut bytes_before = 0u64;
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
            let Some(at) = last_game_start(&pending).filter(|&at| at > 0) else {
                continue;
            };
            let mut bytes =
                std::mem::replace(&mut pending, Vec::with_capacity(self.size + (1 << 16)));
            pending.extend_from_slice(bytes.get(at..).unwrap_or_default());
            bytes.truncate(at);
            let length = bytes.len() as u64;
            let chunk = Chunk {
                file,
                bytes: Bytes::Held(bytes),
                bytes_before,
                last: false,
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
            failed,
        })
    }
}

/// A file opened to be cut.
enum Opened {
    /// A plain file, and its size.
    Plain(File, u64),
    /// Compressed, or standard input.
    Input(Input),
}

/// The file at `path` and its size, if it is a regular file of plain PGN (not standard input,
/// not compressed).
fn plain_file(path: &Path) -> io::Result<Option<(File, u64)>> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let mut file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Ok(None);
    }
    let mut magic = [0u8; 4];
    let n = file.read(&mut magic)?;
    let plain = Compression::detect(magic.get(..n).unwrap_or_default()) == Compression::Plain;
    Ok(plain.then_some((file, meta.len())))
}

/// Bytes looked through at a time for a place a game may begin.
const WINDOW: usize = 1 << 16;

/// The first place after `start` and from about `target` on where a game may begin (a `[`
/// beginning a line after a blank line), if one is before the end of the file.
fn game_start_after(file: &mut File, start: u64, target: u64) -> io::Result<Option<u64>> {
    // From a few bytes before, for the blank line before a `[` at the target.
    let mut from = target.saturating_sub(3).max(start);
    let mut window = Vec::with_capacity(WINDOW);
    loop {
        file.seek(SeekFrom::Start(from))?;
        window.clear();
        (&mut *file).take(WINDOW as u64).read_to_end(&mut window)?;
        let found = [&b"\n\n["[..], b"\n\r\n["]
            .into_iter()
            .filter_map(|needle| {
                memmem::find_iter(&window, needle)
                    .map(|at| from + (at + needle.len() - 1) as u64)
                    .find(|&cut| cut > start)
            })
            .min();
        if found.is_some() {
            return Ok(found);
        }
        if window.len() < WINDOW {
            return Ok(None);
        }
        // Overlapping the next window by a needle's length, less one.
        from += (WINDOW - 3) as u64;
    }
}

/// Where the last `[` that begins a line after a blank line is, if one is.
fn last_game_start(bytes: &[u8]) -> Option<usize> {
    let mut end = bytes.len();
    while let Some(at) = memchr::memrchr(b'[', bytes.get(..end)?) {
        let before = bytes.get(..at)?;
        if before.ends_with(b"\n\n") || before.ends_with(b"\n\r\n") {
            return Some(at);
        }
        end = at;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chunks of a file holding `bytes`: their text, bytes before, whether last, whether
    /// held (not a range).
    fn chunks(bytes: &[u8], size: usize) -> Vec<(String, u64, bool, bool)> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pgn");
        std::fs::write(&path, bytes).unwrap();
        let mut out = Vec::new();
        Chunks { size }.cut(&[&path], &Progress::default(), |chunk| {
            assert!(chunk.failed.is_none());
            let held = matches!(chunk.bytes, Bytes::Held(_));
            let mut bytes = Vec::new();
            let progress = Progress::default();
            chunk.bytes.read_into(&mut bytes, &path, &progress).unwrap();
            let text = String::from_utf8(bytes).unwrap();
            out.push((text, chunk.bytes_before, chunk.last, held));
            true
        });
        out
    }

    #[test]
    fn a_plain_file_in_ranges_cut_where_a_tag_line_follows_a_blank_line() {
        let game = "[Event \"x\"]\n\n1. e4 *\n\n";
        let n = game.len() as u64;
        let expected = [
            (game.to_owned(), 0, false, false),
            (game.to_owned(), n, false, false),
            (game.to_owned(), 2 * n, true, false),
        ];
        assert_eq!(chunks(game.repeat(3).as_bytes(), 1), expected);
        // Cut at the first place after the size: two games, then the third.
        let out = chunks(game.repeat(3).as_bytes(), game.len() + 3);
        assert_eq!(
            out,
            [
                (game.repeat(2), 0, false, false),
                (game.to_owned(), 2 * n, true, false)
            ]
        );
        let crlf = "[Event \"x\"]\r\n\r\n*\r\n\r\n".repeat(2);
        let out = chunks(crlf.as_bytes(), 1);
        assert_eq!(out.len(), 2);
        assert_eq!(out.iter().map(|c| c.0.as_str()).collect::<String>(), crlf);
    }

    #[cfg(feature = "zstd")]
    #[test]
    fn a_compressed_file_held_cut_where_a_tag_line_follows_a_blank_line() {
        let game = "[Event \"x\"]\n\n1. e4 *\n\n";
        let text = game.repeat(100_000);
        let packed = zstd::encode_all(text.as_bytes(), 3).unwrap();
        let out = chunks(&packed, 100_000);
        assert!(out.len() > 4 && out.iter().all(|chunk| chunk.3));
        assert!(out.iter().all(|chunk| chunk.0.starts_with('[')));
        assert_eq!(out.iter().map(|c| c.0.as_str()).collect::<String>(), text);
        assert_eq!(out.iter().filter(|c| c.2).count(), 1);
    }

    #[test]
    fn a_file_that_cannot_be_opened_gives_one_empty_chunk() {
        let mut out = Vec::new();
        Chunks::default().cut(&["/no/such/file.pgn"], &Progress::default(), |chunk| {
            let empty = matches!(chunk.bytes, Bytes::Held(ref bytes) if bytes.is_empty());
            let unopened = matches!(chunk.failed, Some(Failed::Unopened(_)));
            out.push((empty, chunk.last, unopened));
            true
        });
        assert_eq!(out, [(true, true, true)]);
    }

    #[test]
    fn an_empty_file_gives_one_empty_last_chunk() {
        assert_eq!(chunks(b"", 1), [(String::new(), 0, true, false)]);
    }
}
