//! Output of files read in parallel, put back in input order: each reader writes [`Blocks`] of
//! 64 KiB to a channel of its own, and one writer empties the channels in turn.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, SyncSender};

/// Output written in 64 KiB blocks to a channel, for the writer to put in order.
pub struct Blocks {
    send: SyncSender<Vec<u8>>,
    block: Vec<u8>,
}

const BLOCK: usize = 1 << 16;

impl Blocks {
    pub fn new(send: SyncSender<Vec<u8>>) -> Self {
        Blocks {
            send,
            block: Vec::with_capacity(BLOCK),
        }
    }
}

impl Write for Blocks {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.block.extend_from_slice(buf);
        if self.block.len() >= BLOCK {
            self.flush()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.block.is_empty() {
            return Ok(());
        }
        let block = std::mem::replace(&mut self.block, Vec::with_capacity(BLOCK));
        self.send
            .send(block)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "output closed"))
    }
}

/// Writes a file's blocks until its reader is done.
pub fn write_blocks(out: &mut impl Write, receiver: &Receiver<Vec<u8>>) -> io::Result<()> {
    for block in receiver {
        out.write_all(&block)?;
    }
    Ok(())
}
