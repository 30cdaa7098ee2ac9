//! The engine's two pipes, each served by a thread of its own so that no wait and no write can
//! block the driver past a deadline: its output read a line at a time, its input written a
//! line at a time (an engine that stops reading would otherwise block a write forever, once
//! the pipe is full).

use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

/// The longest line an engine may print (a long `pv` is a few kilobytes).
pub(super) const LONGEST_LINE: usize = 1 << 16;

/// What the output's thread passes on.
pub(super) enum Output {
    Line(Vec<u8>),
    TooLong,
    Closed,
}

/// Reads `stdout` a line at a time on a thread of its own, until it ends or a line is too long.
pub(super) fn read_lines(stdout: impl Read + Send + 'static) -> io::Result<Receiver<Output>> {
    let (sender, output) = mpsc::channel();
    thread::Builder::new().spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            let limit = LONGEST_LINE as u64 + 1;
            let message = match (&mut reader).take(limit).read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => Output::Closed,
                Ok(_) if line.len() > LONGEST_LINE => Output::TooLong,
                Ok(_) => {
                    while line.last().is_some_and(|b| matches!(b, b'\n' | b'\r')) {
                        line.pop();
                    }
                    Output::Line(line)
                }
            };
            let last = !matches!(message, Output::Line(_));
            if sender.send(message).is_err() || last {
                return;
            }
        }
    })?;
    Ok(output)
}

/// The engine's input, written by a thread of its own: each line handed over, and the outcome
/// of each write reported back in order.
pub(super) struct Writer {
    lines: Sender<String>,
    pub(super) written: Receiver<io::Result<()>>,
}

impl Writer {
    /// Writes to `stdin` on a thread of its own until the `Writer` is dropped or a write fails.
    pub(super) fn new(mut stdin: impl Write + Send + 'static) -> io::Result<Writer> {
        let (lines, to_write) = mpsc::channel::<String>();
        let (report, written) = mpsc::channel();
        thread::Builder::new().spawn(move || {
            for mut line in to_write {
                // One write a hand-over, its line ending with it.
                line.push('\n');
                let result = stdin
                    .write_all(line.as_bytes())
                    .and_then(|()| stdin.flush());
                let failed = result.is_err();
                if report.send(result).is_err() || failed {
                    return;
                }
            }
        })?;
        Ok(Writer { lines, written })
    }

    /// Hands `line` (without its ending; lines joined by `\n` are written at once) to the
    /// writing thread; false if it has ended.
    pub(super) fn hand_over(&self, line: &str) -> bool {
        self.lines.send(line.to_owned()).is_ok()
    }
}
