//! What the server lets one client take ([`Limits`]): sizes, times and connections, chosen
//! for a server on the open internet.

use std::time::Duration;

/// The bounds the server keeps, each with a default for the open internet.
///
/// | limit | default | beyond it |
/// |---|---|---|
/// | `max_url_bytes` | 4 KiB | 414, the request answered and the connection kept |
/// | `max_head_bytes` | 16 KiB | 431 from hyper, the connection closed |
/// | `head_timeout` | 10 s | the connection closed |
/// | `stall_timeout` | 30 s | the connection closed |
/// | `max_connections` | 256 | the longest-quiet idle connection closed to make room, else a wait |
/// | `answer_threads` | 8 | answers wait for a thread |
/// | `answer_timeout` | 30 s | 503 (tower-http's `TimeoutLayer`), the answer's thread left to finish |
/// | `shutdown_grace` | 10 s | connections still answering are dropped at a stop |
/// | `requests_per_second` | none (0) | 429 with `Retry-After`, for that client (IP address) alone |
///
/// ```
/// use std::time::Duration;
/// use chess960_explorer::server::Limits;
///
/// let limits = Limits { head_timeout: Duration::from_secs(5), ..Limits::default() };
/// assert_eq!((limits.max_url_bytes, limits.max_connections), (4096, 256));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// The longest path and query string (the URL as the request line has it). The longest
    /// real query is under 1 KiB: a FEN percent-encoded (about 150 bytes), 50 moves of
    /// `play` (300), and the filters; 4 KiB leaves room and bounds what a query costs to read.
    /// A URL so long that the head passes `max_head_bytes` is hyper's 431 instead.
    pub max_url_bytes: usize,
    /// The most bytes of a request's head: its request line and headers. Browsers send 1 to
    /// 2 KiB (more with cookies); 16 KiB is what common servers allow. At least 8 KiB is
    /// kept whatever is asked (hyper's least read buffer).
    pub max_head_bytes: usize,
    /// How long a connection may take to send a request's head whole, counted from when it
    /// begins waiting for one: from the connection's start, then from each answer's end. It
    /// closes slow-loris clients (a header byte now and then) and is also the keep-alive
    /// timeout: an idle connection is closed when it runs out. A real client sends its head
    /// in one packet at once; browsers reopen a closed keep-alive connection without a sound.
    pub head_timeout: Duration,
    /// How long a connection may go with no byte read or written while no answer is being
    /// computed for it: a client that stopped reading its answer.
    pub stall_timeout: Duration,
    /// The most connections open at once. At the bound, a new connection makes the server
    /// close the idle connection that has been quiet longest (one whose answer is not being
    /// computed: keep-alive connections, clients still sending their head) and waits up to
    /// `head_timeout` for its place; as many more as the bound may wait so, the rest are
    /// closed at once. A flood of idle connections thus never stops a new client from being
    /// answered. Each connection holds a socket and a few KiB: 256, and as many waiting, stay
    /// under the usual limit of 1024 open files.
    pub max_connections: usize,
    /// The threads that compute answers (an index read from disk blocks): at most this many
    /// answers at once, the others waiting their turn.
    pub answer_threads: usize,
    /// How long a request may take to be answered (its answer computed, most of it) before
    /// it is answered 503 instead: a query that reads too much of a cold disk does not hold
    /// its client. The thread computing it finishes (a blocking read cannot be taken back)
    /// and its answer is dropped.
    pub answer_timeout: Duration,
    /// How long a stop (SIGTERM, SIGINT) waits for the answers being computed and written
    /// before the server exits anyway.
    pub shutdown_grace: Duration,
    /// The requests a second each client (an IP address) may make, as many at once; past
    /// it a request is answered 429 with `Retry-After` (the seconds until it may ask again),
    /// while other clients are answered. `/health` and CORS preflights are not counted. 0:
    /// no limit (the default). Behind a reverse proxy every client has the proxy's address:
    /// name the proxy ([`Server::trusted_proxies`](super::Server::trusted_proxies)), and each
    /// client is the address its `X-Forwarded-For` gives.
    pub requests_per_second: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_url_bytes: 4096,
            max_head_bytes: 16 * 1024,
            head_timeout: Duration::from_secs(10),
            stall_timeout: Duration::from_secs(30),
            max_connections: 256,
            answer_threads: 8,
            answer_timeout: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(10),
            requests_per_second: 0,
        }
    }
}

/// The longest wait a server keeps to (a year): a longer one, [`Duration::MAX`] meaning
/// "never", is read as this, since a clock's deadline past it would overflow.
pub(super) const LONGEST: Duration = Duration::from_secs(365 * 24 * 3600);

impl Limits {
    /// These limits, each wait at most [`LONGEST`].
    pub(super) fn clamped(self) -> Limits {
        Limits {
            head_timeout: self.head_timeout.min(LONGEST),
            stall_timeout: self.stall_timeout.min(LONGEST),
            answer_timeout: self.answer_timeout.min(LONGEST),
            shutdown_grace: self.shutdown_grace.min(LONGEST),
            ..self
        }
    }
}
