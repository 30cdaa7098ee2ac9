//! `chess960 serve`: an HTTP server speaking lichess's opening explorer API, so that what
//! talks to lichess's explorer (its analysis board, bots, scripts) can ask this one.
//!
//! | request | answer |
//! |---|---|
//! | `GET /lichess?…` | 200 `application/json`: [`Backend::answer`] of [`Endpoint::Lichess`](crate::api::Endpoint::Lichess)'s query |
//! | `GET /masters?…` | the same for [`Endpoint::Masters`](crate::api::Endpoint::Masters); 404 when there is no masters index |
//! | `GET /api/cloud-eval?…` | 200 `application/json`: [`Backend::cloud_eval`] of the `/lichess` index ([`CloudEvalQuery`]); 404 `{"error": "No cloud evaluation available for that position"}` when it has none, as lichess answers |
//! | `GET /starts` | 200 `application/json`: [`Backend::starts`] of the `/lichess` index, the 960 starts with their games |
//! | `GET /` | the page the server was given, `text/html; charset=utf-8` |
//! | a parameter malformed, or a FEN or move the index refuses | 400, `{"error": "fen: …", "parameter": "fen"}` ([`ParamError`](crate::api::ParamError)) |
//! | any other path | 404 `{"error": "…"}` |
//! | `OPTIONS` (a CORS preflight) | 204, any origin, `GET, HEAD, OPTIONS`, the `Authorization` header allowed |
//! | any method but `GET`, `HEAD`, `OPTIONS` | 405 |
//! | a URL longer than [`Limits::max_url_bytes`] | 414 |
//!
//! Every response carries `Access-Control-Allow-Origin: *`, as lichess's do, and every error's
//! body is JSON (lichess's explorer answers errors in plain text). The one exception is a
//! request hyper cannot read (a malformed request line, a head beyond
//! [`Limits::max_head_bytes`]): hyper answers it itself, a bare 400 or 431, and closes the
//! connection; no browser sends such a request. An `Authorization: Bearer …`
//! header, which lichess's clients send, is accepted and ignored. `HEAD` answers as `GET`
//! without the body.
//!
//! HTTP/1.1 with keep-alive, on a tokio runtime of one thread; answers are computed on
//! blocking threads, since an index reads its disk. A line per request goes to stderr: peer,
//! method, path and query, status, body bytes, time in milliseconds. SIGTERM or SIGINT stops
//! the server: no new connection, the answers in flight finished, then [`Listening::run`]
//! returns `Ok`. The bounds kept for the open internet are [`Limits`].
//!
//! | file | what | on |
//! |---|---|---|
//! | `routes.rs` | the routes, the 404 and 405s, `HEAD`; CORS; the edge: the access log, the 414, the preflight | axum's `Router`, its `method_not_allowed_fallback` and `from_fn` middleware, tower-http's `CorsLayer` |
//! | `error.rs` | the errors, their JSON bodies and responses | `serde_json`, axum's `IntoResponse` |
//!
//! The query strings are read where lichess's shapes are, in [`crate::api`] (`params.rs`,
//! `values.rs`, `names.rs`, `cloud_eval_query.rs`), so that Python reads them without an HTTP stack.
//! | `listen.rs` | the accept loop, the stop (signals, [`Stopper`]) and its grace | tokio |
//! | `connection.rs` | one connection: its place, HTTP/1.1, its closes (head timeout, stall, eviction, stop); what the connections share | hyper's `http1`, hyper-util's `TowerToHyperService`, tower-http's `AddExtension` |
//! | `conns.rs` | the bounded places, the eviction of the quietest idle connection | tokio's `Semaphore` for the places and the waiting; by hand: no crate evicts an idle connection for a new one |
//! | `timed_io.rs` | the socket's clock (the stall timeout, the quietest) | by hand: no crate notes when a byte last moved either way |
//! | `log.rs` | the access log's line; a text cut short (the log's, the messages') | by hand: its format |
//! | `starts.rs` | `/starts`'s body: the 960 starts' roots answered | |
//! | `limits.rs` | the bounds | |
//! | `index.rs` | an index answering ([`IndexBackend`]) | |

mod connection;
mod conns;
mod error;
mod index;
mod limits;
mod listen;
mod log;
mod rate;
mod routes;
mod starts;
mod timed_io;

#[cfg(test)]
mod tests;

use std::fmt;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use crate::answer::query::Query;
use crate::api::CloudEvalQuery;

pub use error::BackendError;
pub use index::IndexBackend;
pub use limits::Limits;
pub use listen::{Listening, Server, Stopper};

/// What answers one endpoint (`/lichess`, `/masters`): the JSON body of a query's answer.
/// [`IndexBackend`] is an index's: its typed answer ([`Explorer`](crate::Explorer)) written
/// as [`LichessBody`](crate::api::LichessBody); a test, a proxy or a cache may give bodies of
/// its own, which is why the server asks for the body and not for an answer to write.
///
/// It is called on a blocking thread, several at once, so it may read a disk. A FEN or a move
/// that cannot be played is a [`ParamError`](crate::api::ParamError) naming `fen` or `play` (a 400); an index that
/// cannot be read is [`BackendError::Unavailable`] (a 503); a panic is a 500, and the server
/// goes on.
///
/// ```
/// use chess960_explorer::api::ParamError;
/// use chess960_explorer::server::{Backend, BackendError};
/// use chess960_explorer::Query;
///
/// /// Knows only the start of the standard game.
/// struct Standard;
///
/// impl Backend for Standard {
///     fn answer(&self, query: &Query) -> Result<String, BackendError> {
///         match (&query.fen, query.play.is_empty()) {
///             (None, true) => Ok(r#"{"white":1,"draws":0,"black":0,"moves":[]}"#.to_owned()),
///             (Some(_), _) => Err(ParamError::new("fen", "only the standard start is known"))?,
///             (None, false) => Err(ParamError::new("play", "no move is known"))?,
///         }
///     }
/// }
///
/// let err = Standard.answer(&Query::at("8/8/8/8/8/8/8/8 w - - 0 1", &[])).unwrap_err();
/// assert!(matches!(err, BackendError::Param(err) if err.parameter == "fen"));
/// ```
pub trait Backend: Send + Sync {
    /// The JSON body answering `query`, or what is wrong with its FEN or its moves, or with
    /// the index.
    fn answer(&self, query: &Query) -> Result<String, BackendError>;

    /// The JSON body of lichess's cloud evaluation of the position `query` asks for, in
    /// lichess's shape (`fen`, `knodes`, `depth`, `pvs[]` with `moves` and `cp` or `mate`),
    /// or `None` when there is none (a 404). None by default.
    fn cloud_eval(&self, query: &CloudEvalQuery) -> Result<Option<String>, BackendError> {
        let _ = query;
        Ok(None)
    }

    /// The JSON body of `/starts`: the 960 starts in Scharnagl's order, each
    /// `{"id": 518, "rank": "RNBQKBNR", "games": N}`, N the games at its position (both
    /// sides from it, no move played). By default from [`Backend::answer`]'s totals (its
    /// `white`, `draws` and `black`) at each start, 960 answers a call; [`IndexBackend`]
    /// keeps its list until its index changes.
    fn starts(&self) -> Result<String, BackendError> {
        starts::starts_json(|query| starts::games_of_body(&self.answer(query)?))
    }
}

/// What answers each endpoint: `/lichess` always, `/masters` when there is a masters index
/// (a 404 when `None`).
#[derive(Clone)]
pub struct Endpoints {
    /// Answers `/lichess`.
    pub lichess: Arc<dyn Backend>,
    /// Answers `/masters`, if anything does.
    pub masters: Option<Arc<dyn Backend>>,
}

impl fmt::Debug for Endpoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endpoints")
            .field("lichess", &"dyn Backend")
            .field("masters", &self.masters.as_ref().map(|_| "dyn Backend"))
            .finish()
    }
}

/// Serves `endpoints` on `listen`, with `page` at `/`, within `limits`, writing the access
/// log to stderr, until SIGTERM or SIGINT; `Ok` after such a stop. The short form of
/// [`Server`], which also tells the address bound before serving and stops from another
/// thread.
///
/// ```no_run
/// # use std::sync::Arc;
/// # use chess960_explorer::server::{Endpoints, Backend, BackendError, Limits, run};
/// # struct Index;
/// # impl Backend for Index {
/// #     fn answer(&self, _: &chess960_explorer::Query) -> Result<String, BackendError> { Ok("{}".into()) }
/// # }
/// let endpoints = Endpoints { lichess: Arc::new(Index), masters: None };
/// run("0.0.0.0:9002".parse()?, endpoints, Limits::default(), "<!doctype html>")?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(
    listen: SocketAddr,
    endpoints: Endpoints,
    limits: Limits,
    page: &'static str,
) -> io::Result<()> {
    Server::new(endpoints, page)
        .limits(limits)
        .bind(listen)?
        .run()
}
