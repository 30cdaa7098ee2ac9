//! An engine's process: its input written a line at a time, and its output read by a thread
//! of its own, so that every wait for a line has a deadline.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::failure::{Failure, FailureKind};

/// The longest line an engine may print (a long `pv` is a few kilobytes).
const LONGEST_LINE: usize = 1 << 16;

/// What the reader thread passes on.
enum Output {
    Line(Vec<u8>),
    TooLong,
    Closed,
}

/// What waiting for a line gave.
pub(crate) enum Received {
    /// A line, without its ending.
    Line(String),
    /// The deadline passed first.
    Late,
}

/// A running engine. Dropping it sends `quit` and kills the process.
pub(crate) struct Process {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<Output>,
}

impl Process {
    /// Starts `program` with `args`; its standard error is discarded.
    pub(crate) fn spawn(program: &PathBuf, args: &[OsString]) -> io::Result<Process> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("the engine's pipes were not opened"));
        };
        let (sender, output) = mpsc::channel();
        thread::spawn(move || {
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
        });
        Ok(Process {
            child,
            stdin,
            output,
        })
    }

    /// Writes `line` and a line ending.
    pub(crate) fn send(&mut self, line: &str) -> Result<(), Failure> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        written.map_err(|err| self.crashed(&format!("writing `{line}` to it: {err}")))
    }

    /// The next line, or `Late` once `deadline` has passed; a crash or a protocol failure if
    /// the output ends or a line breaks UCI's form.
    pub(crate) fn receive(&mut self, deadline: Instant) -> Result<Received, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(wait) {
            Ok(Output::Line(bytes)) => {
                String::from_utf8(bytes).map(Received::Line).map_err(|err| {
                    let bytes = err.into_bytes();
                    let shown =
                        String::from_utf8_lossy(bytes.get(..60).unwrap_or(&bytes)).into_owned();
                    Failure::new(
                        FailureKind::Protocol,
                        format!("a line that is not UTF-8: {shown:?}"),
                    )
                })
            }
            Ok(Output::TooLong) => Err(Failure::new(
                FailureKind::Protocol,
                format!("a line longer than {LONGEST_LINE} bytes"),
            )),
            Err(RecvTimeoutError::Timeout) => Ok(Received::Late),
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                Err(self.crashed("its output ended"))
            }
        }
    }

    /// A crash, saying how the process ended (if it has, within a moment).
    fn crashed(&mut self, what: &str) -> Failure {
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break format!("the engine exited ({status})"),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => break "the engine is still running".to_owned(),
            }
        };
        Failure::new(FailureKind::Crash, format!("{what}: {status}"))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(100);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
