//! An engine's process: started in a process group of its own that dies with the program
//! (`spawn.rs`), its input and output served by threads of their own so that every write and
//! every wait for a line has a deadline (`pipes.rs`), and its last lines on stderr kept to say
//! why it failed (`stderr.rs`).

mod pipes;
mod spawn;
mod stderr;

use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::failure::{Failure, FailureKind};
use pipes::{LONGEST_LINE, Output, Writer};
use stderr::Tail;

/// What waiting for a line gave.
pub(crate) enum Received {
    /// A line, without its ending.
    Line(String),
    /// The deadline passed first.
    Late,
}

/// The moment `after` from now; `None` (no deadline) if it is too far to count, as
/// `Duration::MAX` is.
pub(crate) fn deadline(after: Duration) -> Option<Instant> {
    Instant::now().checked_add(after)
}

/// A running engine. Dropping it sends `quit`, and kills its process group if it has not
/// ended within a moment.
pub(crate) struct Process {
    child: Child,
    writer: Writer,
    output: Receiver<Output>,
    stderr: Tail,
    /// How long a write may take.
    write_timeout: Duration,
}

impl Process {
    /// Starts `program` with `args`; a write to it may take up to `write_timeout`.
    pub(crate) fn spawn(
        program: &PathBuf,
        args: &[OsString],
        write_timeout: Duration,
    ) -> io::Result<Process> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = spawn::spawn(command)?;
        let pipes = match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
            (Some(stdin), Some(stdout), Some(stderr)) => pipes::read_lines(stdout)
                .and_then(|output| Ok((Writer::new(stdin)?, output, Tail::read(stderr)))),
            _ => Err(io::Error::other("the engine's pipes were not opened")),
        };
        let (writer, output, stderr) = match pipes {
            Ok(pipes) => pipes,
            Err(err) => {
                spawn::kill(&mut child);
                let _ = child.wait();
                return Err(err);
            }
        };
        Ok(Process {
            child,
            writer,
            output,
            stderr,
            write_timeout,
        })
    }

    /// Writes `line` and a line ending: a crash if the engine's input is closed, a stall if
    /// the write takes longer than allowed (the engine reads nothing).
    pub(crate) fn send(&mut self, line: &str) -> Result<(), Failure> {
        if !self.writer.hand_over(line) {
            return Err(self.crashed(&format!("writing `{line}` to it: its input is closed")));
        }
        let wait = self.write_timeout;
        let result = match deadline(wait) {
            Some(deadline) => self
                .writer
                .written
                .recv_timeout(deadline.saturating_duration_since(Instant::now())),
            None => self
                .writer
                .written
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(err)) => Err(self.crashed(&format!("writing `{line}` to it: {err}"))),
            Err(RecvTimeoutError::Timeout) => Err(Failure::new(
                FailureKind::Stall,
                format!("writing `{line}` to it took over {wait:?}: it reads no input"),
            )),
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.crashed(&format!("writing `{line}` to it: its input is closed")))
            }
        }
    }

    /// The next line, or `Late` once `deadline` has passed (never, without one); a crash or
    /// a protocol failure if the output ends or a line breaks UCI's form.
    pub(crate) fn receive(&mut self, deadline: Option<Instant>) -> Result<Received, Failure> {
        let received = match deadline {
            Some(deadline) => self
                .output
                .recv_timeout(deadline.saturating_duration_since(Instant::now())),
            None => self
                .output
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
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

    /// `failure`, with the engine's last lines on stderr if it wrote any (waiting a moment
    /// for them after a crash).
    pub(crate) fn explained(&self, mut failure: Failure) -> Failure {
        let wait = match failure.kind {
            FailureKind::Crash => Duration::from_millis(200),
            _ => Duration::ZERO,
        };
        if let Some(lines) = self.stderr.quoted(wait) {
            failure.detail = format!("{}; its stderr: {lines}", failure.detail);
        }
        failure
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
        self.writer.hand_over("quit");
        let deadline = Instant::now() + Duration::from_millis(100);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(2));
        }
        spawn::kill(&mut self.child);
        let _ = self.child.wait();
    }
}
