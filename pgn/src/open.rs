//! A PGN input as chunks of plain bytes: a file, stdin or any reader, plain, gzip, zstd or
//! bzip2 (decided by its first bytes, not its name; each decompressor behind its feature). Plain PGN is read on the scanner's thread, so that each
//! chunk is scanned while it is in the cache; compressed PGN is decompressed on a thread of its
//! own, so that the scanner never waits for the decoder. In bounded memory.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

use crate::progress::Progress;

/// Bytes per chunk decompressed and handed to the scanner.
const CHUNK: usize = 1 << 18;
/// Bytes per read of plain PGN: the chunk stays in the core's cache while it is scanned.
const DIRECT_CHUNK: usize = 1 << 16;
/// Chunks in flight between the reading thread and the scanner.
const IN_FLIGHT: usize = 4;
/// Buffers given back and kept to be filled again, at most.
const SPARE: usize = 256;
/// The largest zstd window decoded: 32 MiB (`zstd -19` uses 8 MiB; `--long` may ask for more).
#[cfg(feature = "zstd")]
const ZSTD_WINDOW_LOG_MAX: u32 = 25;

/// How an input is compressed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Compression {
    /// Plain PGN.
    Plain,
    /// gzip (`1f 8b`), one member or several.
    Gzip,
    /// Zstandard (`28 b5 2f fd`), one frame or several.
    Zstd,
    /// bzip2 (`BZh`), one stream or several.
    Bzip2,
}

impl Compression {
    /// The compression whose magic number `start` begins with.
    ///
    /// ```
    /// use chess960_pgn::Compression;
    ///
    /// assert_eq!(Compression::detect(b"\x28\xb5\x2f\xfd"), Compression::Zstd);
    /// assert_eq!(Compression::detect(b"[Event \"x\"]"), Compression::Plain);
    /// ```
    pub fn detect(start: &[u8]) -> Compression {
        match start {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            [b'B', b'Z', b'h', ..] => Compression::Bzip2,
            _ => Compression::Plain,
        }
    }
}

/// An input being read: its chunks of plain PGN, for the crate's `read`.
///
/// ```no_run
/// use chess960_pgn::{Input, Stats};
///
/// let stats = Stats::read(Input::open("lichess_db_chess960_rated_2024-01.pgn.zst")?, &Default::default())?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Input {
    how: How,
    progress: Progress,
}

enum How {
    /// Plain PGN, read on the scanner's thread, a chunk at a time into the buffer given back
    /// last, so that the bytes are still in the core's cache when they are scanned (a reader
    /// that holds several chunks, as the fixer's pipeline does, gives them back in turn).
    Direct {
        source: Box<dyn Read + Send>,
        spare: Vec<Vec<u8>>,
    },
    /// A reader whose first bytes are not read yet.
    Unopened(Box<dyn Read + Send>),
    /// A reader that failed to start.
    Done,
    /// Compressed PGN, decompressed on a thread of its own.
    Threaded {
        chunks: Receiver<io::Result<Vec<u8>>>,
        recycle: SyncSender<Vec<u8>>,
    },
}

impl Input {
    /// Starts reading the file at `path` (`-`: stdin).
    ///
    /// # Errors
    ///
    /// The file's, if it cannot be opened or its first bytes read.
    pub fn open(path: impl AsRef<Path>) -> io::Result<Input> {
        Input::open_with(path.as_ref(), &Progress::default())
    }

    /// Starts reading the file at `path` (`-`: stdin), adding to `progress`.
    ///
    /// # Errors
    ///
    /// The file's, if it cannot be opened or its first bytes read.
    pub fn open_with(path: &Path, progress: &Progress) -> io::Result<Input> {
        let source: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(io::stdin())
        } else {
            Box::new(File::open(path)?)
        };
        Input::start(source, progress)
    }

    /// Starts reading `source` (a Python file object, a socket, a byte slice): PGN,
    /// compressed or not. Its first bytes are read when it is first asked for a chunk.
    ///
    /// ```
    /// use chess960_pgn::{Input, Stats};
    ///
    /// let stats = Stats::read(Input::from_reader(&b"[Variant \"Chess960\"]\n\n1-0\n"[..]), &Default::default())?;
    /// assert_eq!(stats.games(), 1);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn from_reader(source: impl Read + Send + 'static) -> Input {
        Input {
            how: How::Unopened(Box::new(source)),
            progress: Progress::default(),
        }
    }

    /// The same input, adding to `progress` (shared with the caller) instead of its own.
    ///
    /// ```
    /// use chess960_pgn::{Input, Progress};
    ///
    /// let progress = Progress::default();
    /// let input = Input::from_reader(&b""[..]).with_progress(&progress);
    /// assert_eq!(input.progress().games(), 0);
    /// ```
    pub fn with_progress(mut self, progress: &Progress) -> Input {
        self.progress = progress.clone();
        self
    }

    /// The counters this input adds to.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    fn start(source: Box<dyn Read + Send>, progress: &Progress) -> io::Result<Input> {
        let counted = Counted {
            inner: source,
            read: Arc::clone(&progress.bytes),
        };
        let (compression, source) = sniff(counted)?;
        let how = if compression == Compression::Plain {
            How::Direct {
                source,
                spare: Vec::new(),
            }
        } else {
            let (send, chunks) = sync_channel(IN_FLIGHT);
            let (recycle, spare) = sync_channel(IN_FLIGHT + 2);
            thread::spawn(move || {
                let result =
                    decoder(compression, source).and_then(|plain| pump(plain, &send, &spare));
                if let Err(err) = result {
                    // The scanner may have stopped listening; then nobody needs the error.
                    let _ = send.send(Err(err));
                }
            });
            How::Threaded { chunks, recycle }
        };
        Ok(Input {
            how,
            progress: progress.clone(),
        })
    }

    /// Bytes `start..end` of a plain file, adding to `progress`.
    pub(crate) fn part(
        path: &Path,
        start: u64,
        end: u64,
        progress: &Progress,
    ) -> io::Result<Input> {
        let mut file = File::open(path)?;
        file.seek(SeekFrom::Start(start))?;
        let source = Counted {
            inner: file.take(end.saturating_sub(start)),
            read: Arc::clone(&progress.bytes),
        };
        Ok(Input {
            how: How::Direct {
                source: Box::new(source),
                spare: Vec::new(),
            },
            progress: progress.clone(),
        })
    }

    /// Whether the input is decompressed on a thread of its own (then that thread is busy, and
    /// a reader should not take a third).
    pub(crate) fn decompresses(&self) -> bool {
        matches!(self.how, How::Threaded { .. })
    }

    /// The next chunk, or `None` at the end of the input.
    pub(crate) fn next_chunk(&mut self) -> Option<io::Result<Vec<u8>>> {
        if let How::Unopened(_) = self.how {
            let How::Unopened(source) = std::mem::replace(&mut self.how, How::Done) else {
                return None;
            };
            match Input::start(source, &self.progress) {
                Ok(started) => self.how = started.how,
                Err(err) => return Some(Err(err)),
            }
        }
        match &mut self.how {
            How::Unopened(_) | How::Done => None,
            How::Threaded { chunks, .. } => chunks.recv().ok(),
            How::Direct { source, spare } => {
                let mut chunk = spare.pop().unwrap_or_default();
                match fill(source, &mut chunk, DIRECT_CHUNK) {
                    Ok(0) => None,
                    Ok(_) => Some(Ok(chunk)),
                    Err(err) => Some(Err(err)),
                }
            }
        }
    }

    /// Hands a chunk's buffer back to be filled again.
    pub(crate) fn give_back(&mut self, chunk: Vec<u8>) {
        match &mut self.how {
            How::Unopened(_) | How::Done => {}
            How::Threaded { recycle, .. } => {
                let _ = recycle.try_send(chunk);
            }
            How::Direct { spare, .. } if spare.len() < SPARE => spare.push(chunk),
            How::Direct { .. } => {}
        }
    }
}

/// The compression of `source`, by its first bytes, and all of its bytes (read as they come,
/// with no buffer between the file and the chunks).
fn sniff(
    mut source: impl Read + Send + 'static,
) -> io::Result<(Compression, Box<dyn Read + Send>)> {
    // Enough of the start to see a magic number, even from a pipe that gives a byte at a time.
    let mut start = [0u8; 4];
    let mut have = 0;
    while have < start.len() {
        match source.read(start.get_mut(have..).unwrap_or_default()) {
            Ok(0) => break,
            Ok(n) => have += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    let start = start.get(..have).unwrap_or_default().to_vec();
    let compression = Compression::detect(&start);
    Ok((compression, Box::new(io::Cursor::new(start).chain(source))))
}

/// The plain bytes of a `compression`-compressed `source`.
fn decoder(
    compression: Compression,
    source: Box<dyn Read + Send>,
) -> io::Result<Box<dyn Read + Send>> {
    let source = BufReader::with_capacity(CHUNK, source);
    Ok(match compression {
        Compression::Plain => Box::new(source),
        #[cfg(feature = "gzip")]
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(source)),
        #[cfg(feature = "bzip2")]
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(source)),
        #[cfg(feature = "zstd")]
        Compression::Zstd => {
            let mut decoder = zstd::stream::read::Decoder::with_buffer(source)?;
            decoder.window_log_max(ZSTD_WINDOW_LOG_MAX)?;
            Box::new(ZstdErrors(decoder))
        }
        #[allow(unreachable_patterns)]
        other => {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!(
                    "{other:?}-compressed input: chess960-pgn was built without its \"{}\" feature",
                    format!("{other:?}").to_lowercase()
                ),
            ));
        }
    })
}

/// Reads `plain` into chunks and sends them, reusing the buffers the scanner gives back.
fn pump(
    mut plain: Box<dyn Read + Send>,
    send: &SyncSender<io::Result<Vec<u8>>>,
    spare: &Receiver<Vec<u8>>,
) -> io::Result<()> {
    // The buffers the reader gives back are filled again; while it holds them (a reader may
    // keep several, as the fixer's pipeline does), new ones are made. Memory stays bounded:
    // the channel holds IN_FLIGHT chunks, one is being filled, and the reader bounds its own.
    loop {
        let mut buffer = spare
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(CHUNK));
        if fill(&mut plain, &mut buffer, CHUNK)? == 0 || send.send(Ok(buffer)).is_err() {
            return Ok(());
        }
    }
}

/// Reads into `buffer` until it holds `size` bytes or the input ends; how many it holds.
fn fill(source: &mut impl Read, buffer: &mut Vec<u8>, size: usize) -> io::Result<usize> {
    buffer.resize(size, 0);
    let mut filled = 0;
    while filled < size {
        match source.read(buffer.get_mut(filled..).unwrap_or_default()) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    buffer.truncate(filled);
    Ok(filled)
}

/// Counts the bytes read from the file, for the progress bar.
struct Counted<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A zstd decoder whose errors say what the input was.
#[cfg(feature = "zstd")]
struct ZstdErrors<R>(R);

#[cfg(feature = "zstd")]
impl<R: Read> Read for ZstdErrors<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(|err| {
            io::Error::new(
                err.kind(),
                format!(
                    "zstd: {err} (windows up to {} MiB are read)",
                    1 << (ZSTD_WINDOW_LOG_MAX - 20)
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_numbers() {
        assert_eq!(Compression::detect(b"\x1f\x8b\x08"), Compression::Gzip);
        assert_eq!(
            Compression::detect(b"\x28\xb5\x2f\xfd\x00"),
            Compression::Zstd
        );
        assert_eq!(Compression::detect(b"BZh9"), Compression::Bzip2);
        assert_eq!(Compression::detect(b"[Event"), Compression::Plain);
        assert_eq!(Compression::detect(b"\x28\xb5"), Compression::Plain);
        assert_eq!(Compression::detect(b""), Compression::Plain);
    }
}
