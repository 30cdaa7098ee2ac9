//! A PGN input as chunks of plain bytes: a file, stdin or any reader, plain, gzip, zstd or
//! bzip2 (decided by its first bytes, not its name). Plain PGN is read on the scanner's
//! thread, so that each chunk is scanned while it is in the cache; compressed PGN is
//! decompressed on a thread of its own (`decompress.rs`), so that the scanner never waits for
//! the decoder. In bounded memory; an input that fails, after the bytes before its failure.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};

use crate::decompress::{self, Compression, fill};
use crate::progress::Progress;

/// Bytes per read of plain PGN: the chunk stays in the core's cache while it is scanned.
const DIRECT_CHUNK: usize = 1 << 16;
/// Buffers given back and kept to be filled again, at most.
const SPARE: usize = 256;

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

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input")
            .field("progress", &self.progress)
            .finish_non_exhaustive()
    }
}

enum How {
    /// Plain PGN, read on the scanner's thread, a chunk at a time into the buffer given back
    /// last, so that the bytes are still in the core's cache when they are scanned (a reader
    /// that holds several chunks, as the fixer's pipeline does, gives them back in turn).
    Direct {
        source: Box<dyn Read + Send>,
        spare: Vec<Vec<u8>>,
        /// An error that came after the bytes of the last chunk, for the next call.
        failed: Option<io::Error>,
    },
    /// A reader whose first bytes are not read yet.
    Unopened(Box<dyn Read + Send>),
    /// A reader that failed to start.
    Done,
    /// Compressed PGN, decompressed on a thread of its own, which ends its chunks with an
    /// empty one: a thread that ends without it (a panic in a decompressor or a reader) is an
    /// error, not the end of the input.
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

    /// Whether `path` can be read only once, as it streams: standard input (`-`), a FIFO (a
    /// process substitution, `<(zstd -dc …)`), a terminal, a socket; not a regular file, a
    /// folder or a path that is not there. What is read once is neither looked at before
    /// its reading nor read twice.
    ///
    /// ```
    /// use chess960_pgn::Input;
    ///
    /// assert!(Input::read_once("-"));
    /// assert!(!Input::read_once("Cargo.toml"));
    /// assert!(!Input::read_once("no/such/file.pgn"));
    /// # #[cfg(unix)]
    /// assert!(Input::read_once("/dev/null"));
    /// ```
    pub fn read_once(path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        path.as_os_str() == "-"
            || std::fs::metadata(path).is_ok_and(|meta| !meta.is_file() && !meta.is_dir())
    }

    /// Starts reading `file`, already open, from where it stands, adding to `progress`.
    pub(crate) fn from_file(file: File, progress: &Progress) -> io::Result<Input> {
        Input::start(Box::new(file), progress)
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
                failed: None,
            }
        } else {
            let (chunks, recycle) = decompress::on_a_thread(compression, source);
            How::Threaded { chunks, recycle }
        };
        Ok(Input {
            how,
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
            How::Threaded { chunks, .. } => match chunks.recv() {
                Ok(Ok(chunk)) if chunk.is_empty() => {
                    self.how = How::Done;
                    None
                }
                Ok(Ok(chunk)) => Some(Ok(chunk)),
                Ok(Err(err)) => {
                    self.how = How::Done;
                    Some(Err(err))
                }
                Err(_) => {
                    self.how = How::Done;
                    Some(Err(io::Error::other(
                        "the decompressing thread ended before the input did (it panicked)",
                    )))
                }
            },
            How::Direct {
                source,
                spare,
                failed,
            } => {
                if let Some(err) = failed.take() {
                    return Some(Err(err));
                }
                let mut chunk = spare.pop().unwrap_or_default();
                match fill(source, &mut chunk, DIRECT_CHUNK) {
                    (0, None) => None,
                    (0, Some(err)) => Some(Err(err)),
                    (_, err) => {
                        *failed = err;
                        Some(Ok(chunk))
                    }
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
