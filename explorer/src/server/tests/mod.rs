//! The server over real sockets on 127.0.0.1, with an [`Backend`] that echoes the query it
//! was asked as JSON, and a raw HTTP/1.1 client (so that keep-alive, slow clients and
//! malformed requests are in the test's hands): `answers.rs` what each request is answered,
//! `limits.rs` the bounds, slow and idle clients, and the stop; `params.rs` the query string
//! alone; `parts.rs` the parts without a socket (the log's line, the places, the error bodies);
//! `starts.rs` `/starts`, of a backend of its own and of an index; `sources.rs` which games are
//! lichess's.

mod answers;
mod damage;
mod lichess_paths;
mod limits;
mod parts;
mod player;
mod sources;
mod starts;

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::answer::query::Query;
use chess960_pgn::{RatingGroup, Speed};
use serde_json::{Value, json};

use super::{Backend, BackendError, Endpoints, Limits, Server, Stopper};
use crate::api::ParamError;

pub(super) const PAGE: &str = "<!doctype html><title>explorer</title>";

/// An answer larger than what the sockets between server and client hold.
pub(super) const BIG: usize = 32 << 20;

/// Echoes the query; `fen=illegal` is refused, `fen=unreadable` fails to read its index,
/// `fen=panic` panics, `fen=slow` takes 600 ms,
/// `fen=big` is answered with [`BIG`] bytes.
struct Echo(&'static str);

impl Backend for Echo {
    fn answer(&self, query: &Query) -> Result<String, BackendError> {
        match query.fen.as_deref() {
            Some("illegal") => return Err(ParamError::new("fen", "not a position").into()),
            Some("unreadable") => {
                return Err(BackendError::Unavailable(
                    "index.redb: I/O error".to_owned(),
                ));
            }
            Some("panic") => panic!("the index broke"),
            Some("slow") => thread::sleep(Duration::from_millis(600)),
            Some("big") => return Ok(format!("\"{}\"", "x".repeat(BIG))),
            _ => {}
        }
        let speeds = query.speeds.map(|speeds| {
            let has = |speed: &Speed| speeds.has(*speed);
            Speed::ALL
                .into_iter()
                .filter(has)
                .map(Speed::as_str)
                .collect::<Vec<_>>()
        });
        let ratings = query.ratings.map(|groups| {
            let has = |group: &RatingGroup| groups.has(*group);
            let names = RatingGroup::ALL
                .into_iter()
                .filter(has)
                .map(RatingGroup::as_str);
            names.collect::<Vec<_>>()
        });
        let body = json!({
            "endpoint": self.0,
            "fen": query.fen,
            "play": query.play.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "speeds": speeds,
            "ratings": ratings,
            "since": query.since.map(|month| month.to_string()),
            "until": query.until.map(|month| month.to_string()),
            "moves": query.moves,
            "topGames": query.top_games,
            "recentGames": query.recent_games,
            "history": query.history,
        });
        Ok(body.to_string())
    }
}

/// The echoing endpoints, `/lichess` and `/masters`.
pub(super) fn echo_endpoints() -> Endpoints {
    Endpoints {
        lichess: Arc::new(Echo("lichess")),
        masters: Some(Arc::new(Echo("masters"))),
    }
}

/// A server on a free port, stopped and joined when dropped.
pub(super) struct TestServer {
    pub(super) addr: SocketAddr,
    stopper: Stopper,
    pub(super) thread: Option<JoinHandle<io::Result<()>>>,
}

impl TestServer {
    pub(super) fn start(limits: Limits) -> TestServer {
        TestServer::with(limits, true, false)
    }

    pub(super) fn with(limits: Limits, masters: bool, signals: bool) -> TestServer {
        let mut endpoints = echo_endpoints();
        if !masters {
            endpoints.masters = None;
        }
        TestServer::serving(endpoints, limits, signals)
    }

    /// A server of `endpoints`.
    pub(super) fn serving(endpoints: Endpoints, limits: Limits, signals: bool) -> TestServer {
        TestServer::behind(endpoints, limits, signals, Vec::new())
    }

    /// A server of `endpoints` behind the reverse proxies `proxies`.
    pub(super) fn behind(
        endpoints: Endpoints,
        limits: Limits,
        signals: bool,
        proxies: Vec<std::net::IpAddr>,
    ) -> TestServer {
        let server = Server::new(endpoints, PAGE)
            .limits(limits)
            .trusted_proxies(proxies)
            .stop_on_signals(signals);
        TestServer::of(server)
    }

    /// `server`, quiet, on a free port.
    pub(super) fn of(server: Server) -> TestServer {
        let listening = server
            .access_log(false)
            .bind("127.0.0.1:0".parse().unwrap())
            .unwrap();
        let addr = listening.local_addr().unwrap();
        let stopper = listening.stopper();
        let thread = Some(thread::spawn(move || listening.run()));
        TestServer {
            addr,
            stopper,
            thread,
        }
    }

    pub(super) fn client(&self) -> Client {
        Client::connect(self.addr)
    }

    /// Stops the server and says how `run` ended.
    pub(super) fn stop(mut self) -> io::Result<()> {
        self.stopper.stop();
        self.thread.take().unwrap().join().unwrap()
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.stopper.stop();
            let _ = thread.join();
        }
    }
}

/// One response, as read off the socket.
#[derive(Debug)]
pub(super) struct Reply {
    pub(super) status: u16,
    headers: Vec<(String, String)>,
    pub(super) body: String,
}

impl Reply {
    pub(super) fn header(&self, name: &str) -> Option<&str> {
        let mut found = self.headers.iter().filter(|(key, _)| key == name);
        found.next().map(|(_, value)| value.as_str())
    }

    pub(super) fn json(&self) -> Value {
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{self:?}"
        );
        serde_json::from_str(&self.body).unwrap()
    }
}

/// A raw HTTP/1.1 client on one connection.
pub(super) struct Client {
    pub(super) stream: TcpStream,
    read: Vec<u8>,
}

impl Client {
    pub(super) fn connect(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(8)))
            .unwrap();
        Client {
            stream,
            read: Vec::new(),
        }
    }

    pub(super) fn send(&mut self, raw: &str) {
        self.stream.write_all(raw.as_bytes()).unwrap();
    }

    /// `method target` with `headers`, and its reply.
    pub(super) fn request(&mut self, method: &str, target: &str, headers: &str) -> Reply {
        self.send(&format!(
            "{method} {target} HTTP/1.1\r\nHost: test\r\n{headers}\r\n"
        ));
        self.reply(method == "HEAD")
    }

    pub(super) fn get(&mut self, target: &str) -> Reply {
        self.request("GET", target, "")
    }

    /// The next reply; its body by its Content-Length, none for HEAD. Every reply must be
    /// open to every origin.
    pub(super) fn reply(&mut self, head_only: bool) -> Reply {
        let reply = self.any_reply(head_only);
        assert_eq!(
            reply.header("access-control-allow-origin"),
            Some("*"),
            "{reply:?}"
        );
        reply
    }

    /// The next reply, whether or not it is open to every origin.
    pub(super) fn any_reply(&mut self, head_only: bool) -> Reply {
        let end = loop {
            if let Some(at) = self.read.windows(4).position(|w| w == b"\r\n\r\n") {
                break at + 4;
            }
            self.fill();
        };
        let head = String::from_utf8(self.read.drain(..end).collect()).unwrap();
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|line| line.split_once(": "))
            .map(|(name, value)| (name.to_ascii_lowercase(), value.to_owned()))
            .collect();
        let mut reply = Reply {
            status,
            headers,
            body: String::new(),
        };
        let length: usize = reply
            .header("content-length")
            .map_or(0, |n| n.parse().unwrap());
        if !head_only {
            while self.read.len() < length {
                self.fill();
            }
            reply.body = String::from_utf8(self.read.drain(..length).collect()).unwrap();
        }
        reply
    }

    pub(super) fn fill(&mut self) {
        let mut chunk = [0; 4096];
        let n = self.stream.read(&mut chunk).unwrap();
        assert!(
            n > 0,
            "closed before the reply ended: {:?}",
            String::from_utf8_lossy(&self.read)
        );
        self.read.extend_from_slice(&chunk[..n]);
    }

    /// Whether the server closes the connection within `within` (what it sends first is
    /// read and dropped).
    pub(super) fn closed_within(&mut self, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        let mut chunk = [0; 1024];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let timeout = left.max(Duration::from_millis(1));
            self.stream.set_read_timeout(Some(timeout)).unwrap();
            match self.stream.read(&mut chunk) {
                Ok(0) => return true,
                Ok(_) if !left.is_zero() => {}
                Ok(_) => return false,
                Err(err) => return err.kind() == io::ErrorKind::ConnectionReset,
            }
        }
    }
}

pub(super) fn quick() -> Limits {
    Limits {
        head_timeout: Duration::from_secs(2),
        shutdown_grace: Duration::from_secs(3),
        ..Limits::default()
    }
}
