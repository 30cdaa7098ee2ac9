//! The last lines an engine wrote to its standard error, kept by a thread of their own: what
//! a failure quotes to say why (a network file that is missing, an option it refused).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::Duration;

/// Lines kept.
const LINES: usize = 5;
/// Characters kept of each line.
const WIDTH: usize = 200;

/// The engine's last lines on stderr.
#[derive(Clone, Default)]
pub(super) struct Tail {
    shared: Arc<(Mutex<Lines>, Condvar)>,
}

#[derive(Default)]
struct Lines {
    last: VecDeque<String>,
    closed: bool,
}

impl Tail {
    /// Reads `stderr` to its end on a thread of its own, keeping its last lines.
    pub(super) fn read(stderr: impl Read + Send + 'static) -> Tail {
        let tail = Tail::default();
        let kept = tail.clone();
        let read = move || {
            let mut reader = BufReader::new(stderr);
            let mut line = Vec::new();
            loop {
                line.clear();
                // A line longer than this comes in pieces; only the last ones are kept anyway.
                match (&mut reader).take(4096).read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => kept.push(&line),
                }
            }
            kept.close();
        };
        if thread::Builder::new().spawn(read).is_err() {
            tail.close();
        }
        tail
    }

    fn push(&self, line: &[u8]) {
        let text = String::from_utf8_lossy(line);
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let shown: String = text.chars().take(WIDTH).collect();
        let (lines, _) = &*self.shared;
        if let Ok(mut lines) = lines.lock() {
            if lines.last.len() == LINES {
                lines.last.pop_front();
            }
            lines.last.push_back(shown);
        }
    }

    fn close(&self) {
        let (lines, closed) = &*self.shared;
        if let Ok(mut lines) = lines.lock() {
            lines.closed = true;
        }
        closed.notify_all();
    }

    /// The last lines, each quoted, joined by ` / ` (one line, as a record's field must be);
    /// `None` if there were none. Waits up to `wait` for stderr to end first (an engine that
    /// has exited may still have lines in the pipe).
    pub(super) fn quoted(&self, wait: Duration) -> Option<String> {
        let (lines, closed) = &*self.shared;
        let lines = lines.lock().ok()?;
        let (lines, _) = closed
            .wait_timeout_while(lines, wait, |lines| !lines.closed)
            .ok()?;
        if lines.last.is_empty() {
            return None;
        }
        let quoted: Vec<String> = lines.last.iter().map(|line| format!("{line:?}")).collect();
        Some(quoted.join(" / "))
    }
}
