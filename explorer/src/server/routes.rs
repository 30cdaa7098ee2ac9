//! The requests to their responses, on axum: the routes (`/`, `/lichess`, `/masters`,
//! `/api/cloud-eval`) and the 404 of any other path, each answering `GET` and `HEAD` (axum
//! answers `HEAD` as `GET` without the body) and any other method a 405; tower-http's
//! [`CorsLayer`] opening every answer to every origin; and the edge around them
//! ([`edge`]): the access log, the connection counted busy, the URL's bound, and the
//! CORS preflight.
//!
//! Only these four paths read anything, and none reads a file: the page is text the server
//! was given, the answers come from [`Explore`], computed on a blocking thread.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::Body;
use axum::extract::{RawQuery, Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::{Next, from_fn_with_state};
use axum::response::Response;
use axum::routing::{MethodRouter, get};
use hyper::body::Body as _;
use tower_http::cors::{Any, CorsLayer};

use super::cloud_eval::CloudEvalQuery;
use super::conns::Activity;
use super::error::{ExploreError, error_json};
use super::log::{AccessLog, Entry};
use super::params::Endpoint;
use super::{Endpoints, Explore};

/// The methods answered.
const ALLOWED: &str = "GET, HEAD, OPTIONS";

/// What the routes answer from.
#[derive(Clone, Debug)]
struct App {
    endpoints: Endpoints,
    page: &'static str,
}

/// What the edge reads: the URL's bound, the log.
#[derive(Clone, Copy, Debug)]
struct Edge {
    max_url_bytes: usize,
    log: AccessLog,
}

/// The connection a request came on: its peer, and its activity (busy while answering).
/// Each connection's requests carry it as an extension.
#[derive(Clone, Debug)]
pub(super) struct Peer {
    pub(super) addr: SocketAddr,
    pub(super) activity: Arc<Activity>,
}

/// The server's routes, within the edge: `endpoints` answering, `page` at `/`, URLs up to
/// `max_url_bytes`, a line per request to `log`.
pub(super) fn router(
    endpoints: Endpoints,
    page: &'static str,
    max_url_bytes: usize,
    log: AccessLog,
) -> Router {
    Router::new()
        .route(
            "/",
            answered(|State(app): State<App>| async move { html(app.page) }),
        )
        .route("/lichess", answered(lichess))
        .route("/masters", answered(masters))
        .route("/api/cloud-eval", answered(cloud_eval))
        .fallback(not_found)
        .with_state(App { endpoints, page })
        // Every origin, the same answer: no `Vary: Origin` (the layer's default) is needed.
        .layer(CorsLayer::new().allow_origin(Any).vary(Vec::new()))
        .layer(from_fn_with_state(Edge { max_url_bytes, log }, edge))
}

/// `handler` for `GET` and `HEAD`; any other method a 405.
fn answered<H, T>(handler: H) -> MethodRouter<App>
where
    H: axum::handler::Handler<T, App>,
    T: 'static,
{
    get(handler).fallback(not_allowed)
}

/// Around every request: the connection busy while it is answered, the URL's bound (414),
/// a preflight answered, and the request's line in the access log. Both answered here are
/// open to every origin by hand, being outside the [`CorsLayer`]; the preflight is not
/// the layer's, which answers a 200 and spells the methods and headers otherwise
/// (`GET,HEAD,OPTIONS`, `authorization`).
async fn edge(State(edge): State<Edge>, request: Request, next: Next) -> Response {
    let peer = request.extensions().get::<Peer>().cloned();
    let _busy = peer.as_ref().map(|peer| peer.activity.begin_answer());
    let started = Instant::now();
    let method = request.method().clone();
    let target = request
        .uri()
        .path_and_query()
        .map_or_else(|| request.uri().path(), |target| target.as_str())
        .to_owned();
    let response = if target.len() > edge.max_url_bytes {
        let message = format!("the URL is longer than {} bytes", edge.max_url_bytes);
        let mut response = json(StatusCode::URI_TOO_LONG, error_json(&message));
        let any = HeaderValue::from_static("*");
        let headers = response.headers_mut();
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, any);
        response
    } else if method == Method::OPTIONS {
        preflight()
    } else {
        next.run(request).await
    };
    let bytes = match method {
        Method::HEAD => 0,
        _ => response.body().size_hint().lower(),
    };
    edge.log.request(&Entry {
        peer: peer.map_or(SocketAddr::from(([0, 0, 0, 0], 0)), |peer| peer.addr),
        method: method.as_str(),
        target: &target,
        status: response.status().as_u16(),
        bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
        elapsed: started.elapsed(),
    });
    response
}

async fn lichess(State(app): State<App>, RawQuery(query): RawQuery) -> Response {
    let lichess = Arc::clone(&app.endpoints.lichess);
    explore(Endpoint::Lichess, lichess, query).await
}

async fn masters(State(app): State<App>, RawQuery(query): RawQuery) -> Response {
    match app.endpoints.masters {
        Some(masters) => explore(Endpoint::Masters, masters, query).await,
        None => not_found_json("no masters games on this server: /lichess has its games"),
    }
}

/// The query's answer, computed on a blocking thread.
async fn explore(endpoint: Endpoint, explore: Arc<dyn Explore>, query: Option<String>) -> Response {
    match endpoint.parse(query.as_deref().unwrap_or_default()) {
        Ok(query) => blocking(move || explore.answer(&query).map(Some)).await,
        Err(err) => json(StatusCode::BAD_REQUEST, err.to_json()),
    }
}

/// The position's cloud evaluation, read on a blocking thread; a 404 as lichess's when
/// there is none.
async fn cloud_eval(State(app): State<App>, RawQuery(query): RawQuery) -> Response {
    match CloudEvalQuery::parse(query.as_deref().unwrap_or_default()) {
        Ok(query) => {
            let explore = Arc::clone(&app.endpoints.lichess);
            blocking(move || explore.cloud_eval(&query)).await
        }
        Err(err) => json(StatusCode::BAD_REQUEST, err.to_json()),
    }
}

/// The JSON body `answer` computes on a blocking thread (an index reads its disk): a 200; a
/// 404 when there is none; a 400 naming the parameter, or a 503, when it fails; a 500 when
/// it panics.
async fn blocking<F>(answer: F) -> Response
where
    F: FnOnce() -> Result<Option<String>, ExploreError> + Send + 'static,
{
    match tokio::task::spawn_blocking(answer).await {
        Ok(Ok(Some(body))) => json(StatusCode::OK, body),
        Ok(Ok(None)) => not_found_json("No cloud evaluation available for that position"),
        Ok(Err(ExploreError::Param(err))) => json(StatusCode::BAD_REQUEST, err.to_json()),
        Ok(Err(err)) => json(
            StatusCode::SERVICE_UNAVAILABLE,
            error_json(&err.to_string()),
        ),
        Err(_) => json(
            StatusCode::INTERNAL_SERVER_ERROR,
            error_json("the answer failed"),
        ),
    }
}

/// Any other path: a 404 (a 405 for a method not answered).
async fn not_found(method: Method) -> Response {
    match method {
        Method::GET | Method::HEAD => not_found_json(
            "not found: this server answers /, /lichess, /masters and /api/cloud-eval",
        ),
        method => not_allowed(method).await,
    }
}

/// A 405, with the methods answered.
async fn not_allowed(method: Method) -> Response {
    let message = format!("{method} is not answered here: {ALLOWED}");
    let mut response = json(StatusCode::METHOD_NOT_ALLOWED, error_json(&message));
    let allow = HeaderValue::from_static(ALLOWED);
    response.headers_mut().insert(header::ALLOW, allow);
    response
}

/// A response of `status` with `body`, of `content_type`.
fn with_body(status: StatusCode, content_type: &'static str, body: Body) -> Response {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    let content_type = HeaderValue::from_static(content_type);
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, content_type);
    response
}

fn json(status: StatusCode, body: String) -> Response {
    with_body(status, "application/json", Body::from(body))
}

fn not_found_json(message: &str) -> Response {
    json(StatusCode::NOT_FOUND, error_json(message))
}

fn html(page: &'static str) -> Response {
    with_body(StatusCode::OK, "text/html; charset=utf-8", Body::from(page))
}

/// The answer to a CORS preflight: any origin, the methods answered, and `Authorization`
/// (lichess's clients send a token, which this server ignores).
fn preflight() -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::NO_CONTENT;
    let pairs = [
        (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
        (header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED),
        (header::ACCESS_CONTROL_ALLOW_HEADERS, "Authorization"),
        (header::ACCESS_CONTROL_MAX_AGE, "86400"),
    ];
    for (name, value) in pairs {
        let value = HeaderValue::from_static(value);
        response.headers_mut().insert(name, value);
    }
    response
}
