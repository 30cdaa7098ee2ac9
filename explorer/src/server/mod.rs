//! `chess960 serve`: an HTTP server speaking lichess's opening explorer API, so that what
//! talks to lichess's explorer (its analysis board, bots, scripts) can ask this one.
//!
//! | request | answer |
//! |---|---|
//! | `GET /lichess?…` | 200 `application/json`: [`Backend::answer`] of [`Endpoint::Lichess`](crate::api::Endpoint::Lichess)'s query |
//! | `GET /masters?…` | the same for [`Endpoint::Masters`](crate::api::Endpoint::Masters); 404 when there is no masters index |
//! | `GET /player?…` (`/personal`) | 200 `application/x-ndjson`: [`Backend::player`] of the `/lichess` index ([`parse_player`](crate::api::parse_player)'s query), one line, `queuePosition` 0 |
//! | `GET /lichess/pgn/{id}`, `GET /masters/pgn/{id}` (`/master/pgn/{id}`) | 200 `application/x-chess-pgn`: [`Backend::pgn`] of that index; 404 for an id of no game there |
//! | `GET /summary` | 200 `application/json`: [`Backend::summary`] of the `/lichess` index, what it holds and how fresh it is |
//! | `GET /master?…`, `GET /lichess/history?…` | lichess's old paths: `/masters`, and `/lichess` with `history` and no move or game |
//! | `GET /api/cloud-eval?…` | 200 `application/json`: [`Backend::cloud_eval`] of the `/lichess` index ([`CloudEvalQuery`](crate::api::CloudEvalQuery)); 404 `{"error": "No cloud evaluation available for that position"}` when it has none, as lichess answers |
//! | `GET /starts` | 200 `application/json`: [`Backend::starts`] of the `/lichess` index, the 960 starts with their games |
//! | `GET /` | the page the server was given, `text/html; charset=utf-8` |
//! | a parameter malformed, or a FEN or move the index refuses | 400, `{"error": "fen: …", "parameter": "fen"}` ([`ParamError`](crate::api::ParamError)) |
//! | the index damaged (a file not as written: [`BackendError::Damaged`]) | 500, `{"error": "the index is damaged: …/rows.tbl: …"}`; `/health` 503 |
//! | the index unreadable for now (a disk error) | 503 |
//! | any other path | 404 `{"error": "…"}` |
//! | `OPTIONS` (a CORS preflight), on any path | 200 from tower-http's `CorsLayer`, outermost: any origin, `GET,HEAD`, the `authorization` header allowed, kept a day |
//! | any method but `GET`, `HEAD`, `OPTIONS` | 405 |
//! | a URL longer than [`Limits::max_url_bytes`] | 414 |
//!
//! Every response carries `Access-Control-Allow-Origin: *`, as lichess's do, and every error's
//! body is JSON (lichess's explorer answers errors in plain text). The one exception is a
//! request hyper cannot read (a malformed request line, a head beyond
//! [`Limits::max_head_bytes`]): hyper answers it itself, a bare 400 or 431, and closes the
//! connection; no browser sends such a request. An `Authorization: Bearer …`
//! header, which lichess's clients send, is accepted and ignored, unless the server was
//! given [`Tokens`] ([`Server::tokens`], `chess960 serve --token-file`): then every request
//! but `/health`, the page and a CORS preflight must carry one of them, and is answered 401
//! `{"error": "No such token"}` (or why a token is wanted) with `WWW-Authenticate: Bearer`
//! without it. `HEAD` answers as `GET` without the body.
//!
//! HTTP/1.1 with keep-alive, on a tokio runtime of one thread; answers are computed on
//! blocking threads, since an index reads its disk. Each request is a `tracing` span (peer,
//! method, path and query) and its response an event in it (status, body bytes, time in
//! milliseconds), on tower-http's trace layer: the program's subscriber writes them (`chess960
//! serve`: a line each on stderr). An answer past [`Limits::answer_timeout`] is tower-http's
//! timeout layer's 503, without a body. SIGTERM or SIGINT stops
//! the server: no new connection, the answers in flight finished, then [`Listening::run`]
//! returns `Ok`. The bounds kept for the open internet are [`Limits`].
//!
//! | file | what | on |
//! |---|---|---|
//! | `routes.rs` | the routes, the 404 and 405s, `HEAD`; CORS outermost (the preflight its); the access log; the deadline; the edge: the rate, the 414 | axum's `Router`, its `method_not_allowed_fallback` and `from_fn` middleware, tower-http's `CorsLayer`, `TraceLayer` and `TimeoutLayer` |
//! | `error.rs` | the errors, their JSON bodies and responses | `serde_json`, axum's `IntoResponse` |
//!
//! The query strings are read where lichess's shapes are, in [`crate::api`] (`params.rs`,
//! `values.rs`, `names.rs`, `cloud_eval_query.rs`), so that Python reads them without an HTTP stack.
//! | `listen.rs` | the accept loop, the stop (signals, [`Stopper`]) and its grace | tokio, hyper-util's `GracefulShutdown` |
//! | `connection.rs` | one connection: its place, HTTP/1.1, its closes (head timeout, stall, eviction; the stop, watched by the graceful shutdown); what the connections share | hyper's `http1`, hyper-util's `TowerToHyperService` and graceful `Watcher`, tower-http's `AddExtension` |
//! | `conns.rs` | the bounded places, the eviction of the quietest idle connection | tokio's `Semaphore` for the places and the waiting; by hand: no crate evicts an idle connection for a new one |
//! | `timed_io.rs` | the socket's clock (the stall timeout, the quietest) | by hand: no crate notes when a byte last moved either way |
//! | `log.rs` | the access log: a request's span, its response's event; notes | tower-http's `TraceLayer`, `tracing` |
//! | `starts.rs` | `/starts`'s body: the 960 starts' roots answered | |
//! | `limits.rs` | the bounds | |
//! | `token.rs` | the tokens a host may require ([`Tokens`]), kept as their SHA-256 | `sha2` |
//! | `index.rs` | an index answering ([`IndexBackend`]) | |

mod backend;
mod client;
mod connection;
mod conns;
mod error;
mod index;
mod limits;
mod listen;
mod log;
mod peer;
mod rate;
mod routes;
mod starts;
mod timed_io;
mod token;

#[cfg(test)]
mod tests;

use std::io;
use std::net::SocketAddr;

pub use backend::{Backend, Endpoints};
pub use error::BackendError;
pub use index::IndexBackend;
pub use limits::Limits;
pub use listen::{Listening, Server, Stopper};
pub use token::{Tokens, TokensError};

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
