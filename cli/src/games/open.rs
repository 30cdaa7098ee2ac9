//! A PGN input as chunks of plain bytes: a file or stdin, plain, gzip, zstd or bzip2 (decided
//! by its first bytes, not its name), read and decompressed on a thread of its own so that the
//! scanner never waits for the disk or the decoder; in bounded memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

/// Bytes per chunk handed to the scanner.
const CHUNK: usize = 1 << 18;
/// Chunks in flight between the reading thread and the scanner.
const IN_FLIGHT: usize = 4;
/// The largest zstd window decoded: 32 MiB (`zstd -19` uses 8 MiB; `--long` may ask for more).
const ZSTD_WINDOW_LOG_MAX: u32 = 25;

/// How the input is compressed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    pub fn detect(start: &[u8]) -> Compression {
        match start {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            [b'B', b'Z', b'h', ..] => Compression::Bzip2,
            _ => Compression::Plain,
        }
    }
}

/// An input being read: its chunks of plain PGN, and how far into the file (compressed bytes)
/// the reading is.
pub struct Input {
    chunks: Receiver<io::Result<Vec<u8>>>,
    recycle: SyncSender<Vec<u8>>,
}

impl Input {
    /// Starts reading `path` (`-`: stdin), counting the bytes read in `read`.
    pub fn open(path: &Path, read: Arc<AtomicU64>) -> io::Result<Input> {
        let source: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(io::stdin())
        } else {
            Box::new(File::open(path)?)
        };
        let counted = Counted {
            inner: source,
            read,
        };
        let (send, chunks) = sync_channel(IN_FLIGHT);
        let (recycle, spare) = sync_channel(IN_FLIGHT + 2);
        thread::spawn(move || {
            let result = decode(counted).and_then(|plain| pump(plain, &send, &spare));
            if let Err(err) = result {
                // The scanner may have stopped listening; then nobody needs the error.
                let _ = send.send(Err(err));
            }
        });
        Ok(Input { chunks, recycle })
    }

    /// The next chunk, or `None` at the end of the input.
    pub fn next_chunk(&self) -> Option<io::Result<Vec<u8>>> {
        self.chunks.recv().ok()
    }

    /// Hands a chunk's buffer back for the reading thread to fill again.
    pub fn give_back(&self, buffer: Vec<u8>) {
        let _ = self.recycle.try_send(buffer);
    }
}

/// The plain bytes of `source`, by its first bytes.
fn decode(source: impl Read + Send + 'static) -> io::Result<Box<dyn Read + Send>> {
    let mut source = BufReader::with_capacity(CHUNK, source);
    // Enough of the start to see a magic number, even from a pipe that gives a byte at a time.
    let mut start = Vec::with_capacity(4);
    while start.len() < 4 {
        let buf = source.fill_buf()?;
        let Some(&byte) = buf.first() else { break };
        start.push(byte);
        source.consume(1);
    }
    let whole = BufReader::new(io::Cursor::new(start.clone()).chain(source));
    Ok(match Compression::detect(&start) {
        Compression::Plain => Box::new(whole),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(whole)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(whole)),
        Compression::Zstd => {
            let mut decoder = zstd::stream::read::Decoder::with_buffer(whole)?;
            decoder.window_log_max(ZSTD_WINDOW_LOG_MAX)?;
            Box::new(ZstdErrors(decoder))
        }
    })
}

/// Reads `plain` into chunks and sends them, reusing the buffers the scanner gives back.
fn pump(
    mut plain: Box<dyn Read + Send>,
    send: &SyncSender<io::Result<Vec<u8>>>,
    spare: &Receiver<Vec<u8>>,
) -> io::Result<()> {
    loop {
        let mut buffer = spare
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(CHUNK));
        buffer.resize(CHUNK, 0);
        let mut filled = 0;
        while filled < CHUNK {
            match plain.read(buffer.get_mut(filled..).unwrap_or_default()) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
        buffer.truncate(filled);
        if filled == 0 || send.send(Ok(buffer)).is_err() {
            return Ok(());
        }
    }
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
struct ZstdErrors<R>(R);

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
