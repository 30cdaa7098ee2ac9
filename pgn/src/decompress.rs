//! Compressed PGN decompressed on a thread of its own: the compression told by its magic
//! number, each decompressor behind its feature, the plain bytes sent in chunks whose buffers
//! come back to be filled again, and an empty chunk at the end, so that a thread that dies
//! (a panic in a decompressor or in the caller's reader) is told from the input's end.

use std::io::{self, BufReader, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

/// Bytes per chunk decompressed and handed to the scanner.
const CHUNK: usize = 1 << 18;
/// Chunks in flight between the decompressing thread and the scanner.
const IN_FLIGHT: usize = 4;
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

/// Decompresses `source` on a thread of its own: the chunks of plain bytes (an empty one at the
/// end, an error if it failed), and where their buffers go back to be filled again.
pub(crate) fn on_a_thread(
    compression: Compression,
    source: Box<dyn Read + Send>,
) -> (Receiver<io::Result<Vec<u8>>>, SyncSender<Vec<u8>>) {
    let (send, chunks) = sync_channel(IN_FLIGHT);
    let (recycle, spare) = sync_channel(IN_FLIGHT + 2);
    thread::spawn(move || {
        let result = decoder(compression, source).and_then(|plain| pump(plain, &send, &spare));
        if let Err(err) = result {
            // The scanner may have stopped listening; then nobody needs the error.
            let _ = send.send(Err(err));
        }
        // An error or the empty chunk was the last message; a panic sends neither.
    });
    (chunks, recycle)
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
        // At the end, the empty chunk says so; the bytes before an error go first.
        let (filled, failed) = fill(&mut plain, &mut buffer, CHUNK);
        let end = filled == 0;
        if (filled > 0 || failed.is_none()) && send.send(Ok(buffer)).is_err() {
            return Ok(());
        }
        if let Some(err) = failed {
            return Err(err);
        }
        if end {
            return Ok(());
        }
    }
}

/// Reads into `buffer` until it holds `size` bytes, the input ends or fails; how many it
/// holds, and the error that stopped it (the bytes before an error are kept).
pub(crate) fn fill(
    source: &mut impl Read,
    buffer: &mut Vec<u8>,
    size: usize,
) -> (usize, Option<io::Error>) {
    buffer.resize(size, 0);
    let mut filled = 0;
    let mut failed = None;
    while filled < size {
        match source.read(buffer.get_mut(filled..).unwrap_or_default()) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => {
                failed = Some(err);
                break;
            }
        }
    }
    buffer.truncate(filled);
    (filled, failed)
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
