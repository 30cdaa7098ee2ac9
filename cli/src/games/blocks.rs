//! Output of files read in parallel, put back in input order: each reader writes [`Blocks`] of
//! 64 KiB to a channel of its own, and one writer empties the channels in turn. Flushing
//! ends a file's output: its last block, then an empty one. The second half of a file read in
//! two ([`Blocks::spilled`]) writes to a temporary file first, sent when it ends: memory stays
//! bounded while the first half is being written.

use std::io::{self, Read, Seek, Write};
use std::sync::mpsc::{Receiver, SyncSender};

/// Output written in 64 KiB blocks to a channel, for the writer to put in order.
pub struct Blocks {
    send: SyncSender<Vec<u8>>,
    block: Vec<u8>,
    /// Where the blocks go until the output ends, for a part written after another.
    spill: Option<io::BufWriter<std::fs::File>>,
}

const BLOCK: usize = 1 << 16;

impl Blocks {
    pub fn new(send: SyncSender<Vec<u8>>) -> Self {
        Blocks {
            send,
            block: Vec::with_capacity(BLOCK),
            spill: None,
        }
    }

    /// Blocks kept in a temporary file until the output ends, then sent.
    pub fn spilled(send: SyncSender<Vec<u8>>) -> io::Result<Self> {
        let spill = Some(io::BufWriter::with_capacity(BLOCK, tempfile::tempfile()?));
        Ok(Blocks {
            spill,
            ..Blocks::new(send)
        })
    }
}

impl Write for Blocks {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(spill) = &mut self.spill {
            return spill.write(buf);
        }
        self.block.extend_from_slice(buf);
        if self.block.len() >= BLOCK {
            let block = std::mem::replace(&mut self.block, Vec::with_capacity(BLOCK));
            self.send(block)?;
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
        self.send
            .send(block)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "output closed"))
    }
}

/// Writes a file's blocks until the empty one that ends them (or until its reader is gone).
pub fn write_blocks(out: &mut impl Write, receiver: &Receiver<Vec<u8>>) -> io::Result<()> {
    for block in receiver.iter().take_while(|block| !block.is_empty()) {
        out.write_all(&block)?;
    }
    Ok(())
}
