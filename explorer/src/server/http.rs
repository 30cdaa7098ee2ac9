//! One request to its response: the routes (`/`, `/lichess`, `/masters`, `/api/cloud-eval`), the methods, the
//! CORS headers, the URL's length, and the answer computed on a blocking thread.
//!
//! Only these four paths read anything, and none reads a file: the page is text the server
//! was given, the answers come from [`Explore`].

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};

use super::Explore;
use super::cloud_eval::CloudEvalQuery;
use super::conns::Activity;
use super::error::{ExploreError, error_json};
use super::log::Entry;
use super::params::Endpoint;
use super::shared::Shared;

/// A response with its whole body.
pub(super) type Answer = Response<Full<Bytes>>;

/// The methods answered.
const ALLOWED: &str = "GET, HEAD, OPTIONS";

/// Answers `request` from `peer`, logs it, and counts its connection busy meanwhile.
pub(super) async fn respond(
    request: Request<Incoming>,
    peer: SocketAddr,
    shared: Arc<Shared>,
    activity: Arc<Activity>,
) -> Result<Answer, Infallible> {
    let _busy = activity.begin_answer();
    let started = Instant::now();
    let response = route(&request, &shared).await;
    let bytes = match *request.method() {
        Method::HEAD => 0,
        _ => usize::try_from(hyper::body::Body::size_hint(response.body()).lower())
            .unwrap_or(usize::MAX),
    };
    shared.log.request(&Entry {
        peer,
        method: request.method().as_str(),
        target: target(&request),
        status: response.status().as_u16(),
        bytes,
        elapsed: started.elapsed(),
    });
    Ok(response)
}

/// The path and query string, as the request line has them.
fn target<B>(request: &Request<B>) -> &str {
    request
        .uri()
        .path_and_query()
        .map_or_else(|| request.uri().path(), |target| target.as_str())
}

async fn route<B>(request: &Request<B>, shared: &Shared) -> Answer {
    if target(request).len() > shared.limits.max_url_bytes {
        let message = format!(
            "the URL is longer than {} bytes",
            shared.limits.max_url_bytes
        );
        return json(StatusCode::URI_TOO_LONG, error_json(&message));
    }
    match *request.method() {
        Method::GET | Method::HEAD => {}
        Method::OPTIONS => return preflight(),
        _ => {
            let message = format!("{} is not answered here: {ALLOWED}", request.method());
            let mut response = json(StatusCode::METHOD_NOT_ALLOWED, error_json(&message));
            let allow = HeaderValue::from_static(ALLOWED);
            response.headers_mut().insert(header::ALLOW, allow);
            return response;
        }
    }
    let query = request.uri().query().unwrap_or_default();
    let endpoints = &shared.endpoints;
    match request.uri().path() {
        "/" => page(shared.page),
        "/lichess" => explore(Endpoint::Lichess, &endpoints.lichess, query).await,
        "/masters" => match &endpoints.masters {
            Some(masters) => explore(Endpoint::Masters, masters, query).await,
            None => not_found("no masters games on this server: /lichess has its games"),
        },
        "/api/cloud-eval" => cloud_eval(&endpoints.lichess, query).await,
        _ => not_found("not found: this server answers /, /lichess, /masters and /api/cloud-eval"),
    }
}

/// The position's cloud evaluation, read on a blocking thread; a 404 as lichess's when
/// there is none.
async fn cloud_eval(explore: &Arc<dyn Explore>, query: &str) -> Answer {
    let query = match CloudEvalQuery::parse(query) {
        Ok(query) => query,
        Err(err) => return json(StatusCode::BAD_REQUEST, err.to_json()),
    };
    let explore = Arc::clone(explore);
    match tokio::task::spawn_blocking(move || explore.cloud_eval(&query)).await {
        Ok(Ok(Some(body))) => json(StatusCode::OK, body),
        Ok(Ok(None)) => not_found("No cloud evaluation available for that position"),
        Ok(Err(err)) => failed(err),
        Err(_) => json(
            StatusCode::INTERNAL_SERVER_ERROR,
            error_json("the answer failed"),
        ),
    }
}

/// An explorer's error: a 400 naming the parameter, or a 503.
fn failed(err: ExploreError) -> Answer {
    match err {
        ExploreError::Param(err) => json(StatusCode::BAD_REQUEST, err.to_json()),
        err => json(
            StatusCode::SERVICE_UNAVAILABLE,
            error_json(&err.to_string()),
        ),
    }
}

/// The query's answer, computed on a blocking thread.
async fn explore(endpoint: Endpoint, explore: &Arc<dyn Explore>, query: &str) -> Answer {
    let query = match endpoint.parse(query) {
        Ok(query) => query,
        Err(err) => return json(StatusCode::BAD_REQUEST, err.to_json()),
    };
    let explore = Arc::clone(explore);
    match tokio::task::spawn_blocking(move || explore.answer(&query)).await {
        Ok(Ok(body)) => json(StatusCode::OK, body),
        Ok(Err(err)) => failed(err),
        Err(_) => json(
            StatusCode::INTERNAL_SERVER_ERROR,
            error_json("the answer failed"),
        ),
    }
}

/// A response of `status` with `body`, of `content_type`, open to every origin.
fn with_body(status: StatusCode, content_type: &'static str, body: Bytes) -> Answer {
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}

fn json(status: StatusCode, body: String) -> Answer {
    with_body(status, "application/json", Bytes::from(body))
}

fn not_found(message: &str) -> Answer {
    json(StatusCode::NOT_FOUND, error_json(message))
}

fn page(page: &'static str) -> Answer {
    with_body(
        StatusCode::OK,
        "text/html; charset=utf-8",
        Bytes::from_static(page.as_bytes()),
    )
}

/// The answer to a CORS preflight: any origin, the methods answered, and `Authorization`
/// (lichess's clients send a token, which this server ignores).
fn preflight() -> Answer {
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = StatusCode::NO_CONTENT;
    let headers = response.headers_mut();
    let pairs = [
        (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
        (header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED),
        (header::ACCESS_CONTROL_ALLOW_HEADERS, "Authorization"),
        (header::ACCESS_CONTROL_MAX_AGE, "86400"),
    ];
    for (name, value) in pairs {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}
