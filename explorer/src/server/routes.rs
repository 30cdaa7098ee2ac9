//! The requests to their responses, on axum: the routes (`/`, `/lichess`, `/masters`,
//! `/player`, `/api/cloud-eval`, `/starts`, `/summary`, `/health`, each game's PGN at
//! `/lichess/pgn/{id}` and `/masters/pgn/{id}`; lichess's old paths `/master`,
//! `/master/pgn/{id}`, `/personal` and `/lichess/history`) and the 404 of any other path, each answering `GET` and `HEAD` (axum
//! answers `HEAD` as `GET` without the body) and any other method a 405; the edge around
//! them ([`edge`]): the access log, the connection counted busy, the client's rate, the
//! URL's bound; and outermost tower-http's [`CorsLayer`], which answers every CORS
//! preflight and opens every answer, the edge's too, to every origin.
//!
//! Only these paths read anything, and none reads a file: the page is text the server
//! was given, the answers come from [`Backend`](super::Backend), computed on a blocking thread.

use std::net::IpAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, RawQuery, Request, State};
use axum::http::header;
use axum::http::{Method, StatusCode};
use axum::middleware::{Next, from_fn};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use tower_http::cors::{Any, CorsLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use super::Limits;
use super::client::client;
use super::error::{BackendError, error, json};
use super::log::{RequestSpan, ResponseLine};
use super::peer::Peer;
use super::rate::ClientRate;
use super::token::Tokens;
use super::{Backend, Endpoints};
use crate::answer::query::Query;
use crate::api::names;
use crate::api::{CloudEvalQuery, Endpoint, ParamError, parse_player};

/// The methods answered (`OPTIONS` by the [`CorsLayer`], as a CORS preflight, on every path).
const ALLOWED: &str = "GET, HEAD, OPTIONS";

/// The server's routes, within the edge: `endpoints` answering, `page` at `/`, URLs and
/// clients' rates within `limits`, a line per request to `log`.
pub(super) fn router(
    endpoints: Endpoints,
    page: &'static str,
    limits: &Limits,
    trusted_proxies: Arc<[IpAddr]>,
    tokens: Option<Arc<Tokens>>,
    access_log: bool,
) -> Router {
    let max_url_bytes = limits.max_url_bytes;
    let rate = ClientRate::new(limits.requests_per_second).map(Arc::new);
    let deadline =
        TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, limits.answer_timeout);
    Router::new()
        .route("/", get(move || async move { Html(page) }))
        .route("/health", get(health))
        .route("/lichess", get(lichess))
        .route("/lichess/history", get(lichess_history))
        .route("/lichess/pgn/{id}", get(lichess_pgn))
        .route("/player", get(player))
        .route("/personal", get(player))
        .route("/masters", get(masters))
        .route("/masters/pgn/{id}", get(masters_pgn))
        // lichess's old paths, which it still serves.
        .route("/master", get(masters))
        .route("/master/pgn/{id}", get(masters_pgn))
        .route("/api/cloud-eval", get(cloud_eval))
        .route("/starts", get(starts))
        .route("/summary", get(summary))
        .method_not_allowed_fallback(not_allowed)
        .fallback(not_found)
        .with_state(endpoints)
        // Inside the access log, so that it has the 503 of an answer too slow.
        .layer(deadline)
        .layer(from_fn(move |request, next| {
            edge(
                max_url_bytes,
                rate.clone(),
                trusted_proxies.clone(),
                tokens.clone(),
                request,
                next,
            )
        }))
        // The access log: a span a request, an event at its response (`log.rs`); off, none.
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(RequestSpan(access_log))
                .on_request(())
                .on_response(ResponseLine(access_log)),
        )
        // Outermost: every answer open to every origin, the same for each (no `Vary:
        // Origin`); a preflight answered here, never counted against a client's rate.
        // lichess's clients send a token, which the preflight allows.
        .layer(
            CorsLayer::new()
                .allow_origin(Any)
                .allow_methods([Method::GET, Method::HEAD])
                .allow_headers([header::AUTHORIZATION])
                .max_age(std::time::Duration::from_secs(86400))
                .vary(Vec::new()),
        )
}

/// Around every request but a CORS preflight: the connection busy while it is answered, the
/// client's rate (429), the URL's bound (414), the host's tokens (401; not asked of `/health`
/// and the page).
async fn edge(
    max_url_bytes: usize,
    rate: Option<Arc<ClientRate>>,
    trusted_proxies: Arc<[IpAddr]>,
    tokens: Option<Arc<Tokens>>,
    request: Request,
    next: Next,
) -> Response {
    let peer = request.extensions().get::<Peer>().cloned();
    let _busy = peer.as_ref().map(|peer| peer.activity.begin_answer());
    let uri = request.uri();
    let target = uri.path_and_query().map_or(uri.path(), |at| at.as_str());
    // A load balancer's probe is never refused for the rate.
    let counted = uri.path() != "/health";
    let client = (peer.as_ref())
        .map(|peer| client(peer.addr.ip(), request.headers(), &trusted_proxies))
        .filter(|_| counted);
    let retry_after = rate.zip(client).and_then(|(rate, ip)| rate.retry_after(ip));
    if let Some(seconds) = retry_after {
        let message = format!("too many requests from this address: ask again in {seconds} s");
        let retry = (header::RETRY_AFTER, seconds.to_string());
        ([retry], error(StatusCode::TOO_MANY_REQUESTS, &message)).into_response()
    } else if target.len() > max_url_bytes {
        let message = format!("the URL is longer than {max_url_bytes} bytes");
        error(StatusCode::URI_TOO_LONG, &message)
    } else if let Some(Err(why)) = tokens
        .filter(|_| !matches!(uri.path(), "/" | "/health"))
        .map(|tokens| tokens.admit(request.headers()))
    {
        let challenge = (header::WWW_AUTHENTICATE, "Bearer");
        ([challenge], error(StatusCode::UNAUTHORIZED, why)).into_response()
    } else {
        next.run(request).await
    }
}

async fn lichess(State(endpoints): State<Endpoints>, RawQuery(query): RawQuery) -> Response {
    let query = Endpoint::Lichess.parse(query.as_deref().unwrap_or_default());
    let lichess = endpoints.lichess;
    answer(query, move |query| lichess.answer(&query).map(Some), "").await
}

/// `/lichess`'s history alone, as lichess's old path answers it: `/lichess`'s parameters,
/// its answer with `history` and no move or game listed.
async fn lichess_history(
    State(endpoints): State<Endpoints>,
    RawQuery(query): RawQuery,
) -> Response {
    let query = Endpoint::Lichess
        .parse(query.as_deref().unwrap_or_default())
        .map(|query| Query {
            history: true,
            moves: Some(0),
            top_games: 0,
            recent_games: 0,
            ..query
        });
    let lichess = endpoints.lichess;
    answer(query, move |query| lichess.answer(&query).map(Some), "").await
}

async fn masters(State(endpoints): State<Endpoints>, RawQuery(query): RawQuery) -> Response {
    let Some(masters) = endpoints.masters else {
        let message = "no masters games on this server: /lichess has its games";
        return error(StatusCode::NOT_FOUND, message);
    };
    let query = Endpoint::Masters.parse(query.as_deref().unwrap_or_default());
    answer(query, move |query| masters.answer(&query).map(Some), "").await
}

/// A player's explorer, lichess's `/player` (and its old `/personal`): NDJSON, one line,
/// ready at once (`queuePosition` 0), from `/lichess`'s index.
async fn player(State(endpoints): State<Endpoints>, RawQuery(query): RawQuery) -> Response {
    let asked = match parse_player(query.as_deref().unwrap_or_default()) {
        Ok(asked) => asked,
        Err(err) => return err.into_response(),
    };
    let lichess = endpoints.lichess;
    match tokio::task::spawn_blocking(move || lichess.player(&asked)).await {
        Ok(Ok(Some(line))) => {
            ([(header::CONTENT_TYPE, "application/x-ndjson")], line).into_response()
        }
        Ok(Ok(None)) => error(StatusCode::NOT_FOUND, "no player explorer on this server"),
        Ok(Err(err)) => err.into_response(),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the answer failed"),
    }
}

/// A game of `/lichess`'s index, whole, as PGN; a 404 when it holds none of that id.
async fn lichess_pgn(State(endpoints): State<Endpoints>, Path(id): Path<String>) -> Response {
    game_pgn(Some(endpoints.lichess), id).await
}

/// A game of `/masters`' index, whole, as PGN, as lichess's `/masters/pgn/{id}`.
async fn masters_pgn(State(endpoints): State<Endpoints>, Path(id): Path<String>) -> Response {
    game_pgn(endpoints.masters, id).await
}

/// The PGN of game `id` of `backend` (`application/x-chess-pgn`, as lichess's), computed on
/// a blocking thread; a 404 when it has no such game (or there is no such backend).
async fn game_pgn(backend: Option<Arc<dyn Backend>>, id: String) -> Response {
    let Some(backend) = backend else {
        return error(StatusCode::NOT_FOUND, "no masters games on this server");
    };
    match tokio::task::spawn_blocking(move || backend.pgn(&id)).await {
        Ok(Ok(Some(pgn))) => {
            ([(header::CONTENT_TYPE, "application/x-chess-pgn")], pgn).into_response()
        }
        Ok(Ok(None)) => error(StatusCode::NOT_FOUND, "no game of that id here"),
        Ok(Err(err)) => err.into_response(),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the answer failed"),
    }
}

/// The position's cloud evaluation; a 404 as lichess's when there is none.
async fn cloud_eval(State(endpoints): State<Endpoints>, RawQuery(query): RawQuery) -> Response {
    let query = CloudEvalQuery::parse(query.as_deref().unwrap_or_default());
    let none = "No cloud evaluation available for that position";
    answer(
        query,
        move |query| endpoints.lichess.cloud_eval(&query),
        none,
    )
    .await
}

/// The 960 starts and their games; it reads no parameter.
async fn starts(State(endpoints): State<Endpoints>, RawQuery(query): RawQuery) -> Response {
    let query = names::normalized(query.as_deref().unwrap_or_default(), "/starts", &[]);
    answer(query, move |_| endpoints.lichess.starts().map(Some), "").await
}

/// What the index holds and how fresh it is; it reads no parameter. A 404 from a backend
/// that cannot say.
async fn summary(State(endpoints): State<Endpoints>, RawQuery(query): RawQuery) -> Response {
    let query = names::normalized(query.as_deref().unwrap_or_default(), "/summary", &[]);
    let none = "no summary: this server's explorer cannot say what it holds";
    answer(query, move |_| endpoints.lichess.summary(), none).await
}

/// The JSON body `compute` makes of `query`, on a blocking thread (an index reads its
/// disk): a 200; a 404 saying `none` when there is none; a 400 naming the parameter when the query is
/// malformed or refused; a 503 when the index cannot be read; a 500 when it panics.
async fn answer<Q, F>(query: Result<Q, ParamError>, compute: F, none: &'static str) -> Response
where
    Q: Send + 'static,
    F: FnOnce(Q) -> Result<Option<String>, BackendError> + Send + 'static,
{
    let query = match query {
        Ok(query) => query,
        Err(err) => return err.into_response(),
    };
    match tokio::task::spawn_blocking(move || compute(query)).await {
        Ok(Ok(Some(body))) => json(StatusCode::OK, body),
        Ok(Ok(None)) => error(StatusCode::NOT_FOUND, none),
        Ok(Err(err)) => err.into_response(),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the answer failed"),
    }
}

/// Whether the server can answer: a 200 `{"status": "ok"}` when its index answers the
/// standard start (read from disk), else a 503 saying why (for a load balancer's readiness
/// check).
async fn health(State(endpoints): State<Endpoints>) -> Response {
    let lichess = endpoints.lichess;
    let asked = tokio::task::spawn_blocking(move || lichess.answer(&Query::default())).await;
    match asked {
        Ok(Ok(_)) => json(StatusCode::OK, r#"{"status":"ok"}"#.to_owned()),
        // Damaged or unreadable, the server cannot answer: a balancer takes it out.
        Ok(Err(err)) => error(StatusCode::SERVICE_UNAVAILABLE, &err.to_string()),
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the index could not answer",
        ),
    }
}

/// Any other path: a 404 (a 405 for a method not answered).
async fn not_found(method: Method) -> Response {
    match method {
        Method::GET | Method::HEAD => error(
            StatusCode::NOT_FOUND,
            "not found: this server answers /, /lichess, /masters, /player, /lichess/pgn/ID, /masters/pgn/ID, /api/cloud-eval, /starts, /summary and /health (and lichess's old /master, /master/pgn/ID, /personal and /lichess/history)",
        ),
        method => not_allowed(method).await,
    }
}

/// A 405, with the methods answered.
async fn not_allowed(method: Method) -> Response {
    let message = format!("{method} is not answered here: {ALLOWED}");
    let response = error(StatusCode::METHOD_NOT_ALLOWED, &message);
    ([(header::ALLOW, ALLOWED)], response).into_response()
}
