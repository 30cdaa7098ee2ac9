//! Output of files read in parallel, put back in input order: each reader writes [`Blocks`] of
//! 64 KiB to a channel of its own, and one writer empties the channels in turn. Flushing
//! ends a file's output: its last block, then an empty one. A part written after others
//! ([`Blocks::spilling`]: a later file, a file's second half) does not wait for the writer:
//! once its channel is full, the rest goes to a temporary file, sent when the part ends, so
//! that every reader runs at once in bounded memory.

use std::io::{self, Read, Seek, Write};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};

/// Output written in 64 KiB blocks to a channel, for the writer to put in order.
pub struct Blocks {
    send: SyncSender<Vec<u8>>,
    block: Vec<u8>,
    /// Where the blocks go, once the channel is full, until the output ends.
    spill: Option<io::BufWriter<std::fs::File>>,
    /// Whether a full channel starts a spill (else it makes the reader wait).
    spills: bool,
}

const BLOCK: usize = 1 << 16;

impl Blocks {
    pub fn new(send: SyncSender<Vec<u8>>) -> Self {
        Blocks {
            send,
            block: Vec::with_capacity(BLOCK),
            spill: None,
            spills: false,
        }
    }

    /// Blocks that go to a temporary file once the channel is full, sent when the output
    /// ends.
    pub fn spilling(send: SyncSender<Vec<u8>>) -> Self {
        Blocks {
            spills: true,
            ..Blocks::new(send)
        }
    }

    /// Sends a full block, or keeps it in the spill.
    fn pass(&mut self, block: Vec<u8>) -> io::Result<()> {
        if let Some(spill) = &mut self.spill {
            return spill.write_all(&block);
        }
        if !self.spills {
            return self.send(block);
        }
        match self.send.try_send(block) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(block)) => {
                let mut spill = io::BufWriter::with_capacity(BLOCK, tempfile::tempfile()?);
                spill.write_all(&block)?;
                self.spill = Some(spill);
                Ok(())
            }
            Err(TrySendError::Disconnected(_)) => Err(closed()),
        }
    }
}

impl Write for Blocks {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.block.extend_from_slice(buf);
        if self.block.len() >= BLOCK {
            let block = std::mem::replace(&mut self.block, Vec::with_capacity(BLOCK));
            self.pass(block)?;
        }
        Ok(buf.len())
    }

    /// The end of the file's output: what is left, and the empty block that ends it.
    fn flush(&mut self) -> io::Result<()> {
        if let Some(spill) = self.spill.take() {
            let mut file = spill.into_inner().map_err(io::IntoInnerError::into_error)?;
            file.seek(io::SeekFrom::Start(0))?;
            loop {
                let mut block = Vec::with_capacity(BLOCK);
                if (&mut file).take(BLOCK as u64).read_to_end(&mut block)? == 0 {
                    break;
                }
                self.send(block)?;
            }
        }
        let block = std::mem::take(&mut self.block);
        if !block.is_empty() {
            self.send(block)?;
        }
        self.send(Vec::new())
    }
}

impl Blocks {
    fn send(&self, block: Vec<u8>) -> io::Result<()> {
        self.send.send(block).map_err(|_| closed())
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "output closed")
}

/// Writes a file's blocks until the empty one that ends them (or until its reader is gone).
pub fn write_blocks(out: &mut impl Write, receiver: &Receiver<Vec<u8>>) -> io::Result<()> {
    for block in receiver.iter().take_while(|block| !block.is_empty()) {
        out.write_all(&block)?;
    }
    Ok(())
}
