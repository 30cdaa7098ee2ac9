//! The access log: one line per request on stderr ([`AccessLog`]).

use crate::api::values::shortened;
use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::net::SocketAddr;
use std::time::Duration;

/// The longest path and query logged whole; a longer one is cut, with `…`.
pub(super) const MAX_TARGET: usize = 512;

/// Writes a line per request to stderr, or nothing when off.
#[derive(Clone, Copy, Debug)]
pub(super) struct AccessLog(pub(super) bool);

/// One request, as the log writes it.
#[derive(Debug)]
pub(super) struct Entry<'a> {
    pub(super) peer: SocketAddr,
    pub(super) method: &'a str,
    /// The path and query string, as the request line has them.
    pub(super) target: &'a str,
    pub(super) status: u16,
    /// The bytes of the body sent (none for HEAD).
    pub(super) bytes: usize,
    pub(super) elapsed: Duration,
}

impl AccessLog {
    /// Writes `entry`'s line, if the log is on. A failing stderr is no reason to fail a
    /// request: the line is lost.
    pub(super) fn request(self, entry: &Entry<'_>) {
        if self.0 {
            let _ = io::stderr().lock().write_all(entry.line().as_bytes());
        }
    }

    /// Writes a line about the server itself (a stop), if the log is on.
    pub(super) fn note(self, message: &str) {
        if self.0 {
            let _ = writeln!(io::stderr().lock(), "chess960 serve: {message}");
        }
    }
}

impl Entry<'_> {
    /// `peer method target status bytes time`, time in milliseconds:
    /// `127.0.0.1:50432 GET /lichess?play=e2e4 200 1234 0.8ms`.
    pub(super) fn line(&self) -> String {
        let (target, cut) = shortened(self.target, MAX_TARGET);
        let mut line = format!("{} {} {target}{cut}", self.peer, self.method);
        let millis = self.elapsed.as_secs_f64() * 1000.0;
        let _ = writeln!(line, " {} {} {millis:.1}ms", self.status, self.bytes);
        line
    }
}
