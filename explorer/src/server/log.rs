//! The access log on tower-http's [`TraceLayer`](tower_http::trace::TraceLayer): a span per
//! request naming its peer, method and target ([`RequestSpan`]), and at its response one
//! `tracing` event with the status, the body's bytes and the time taken ([`ResponseLine`]).
//! What prints them is the program's `tracing` subscriber (`chess960 serve` writes one line a
//! request to stderr); with none, nothing is written. Notes about the server itself (a stop,
//! an accept that failed) are events too ([`note`]).

use std::time::Duration;

use axum::extract::Request;
use axum::http::Response;
use hyper::body::Body;
use tower_http::trace::{MakeSpan, OnResponse};
use tracing::Span;

use super::peer::Peer;
use crate::api::values::shortened;

/// The longest path and query logged whole; a longer one is cut, with `…`.
pub(super) const MAX_TARGET: usize = 512;

/// The request's span: `request{peer=… method=… target=…}`; none when the log is off.
#[derive(Clone, Copy, Debug)]
pub(super) struct RequestSpan(pub(super) bool);

impl<B> MakeSpan<B> for RequestSpan {
    fn make_span(&mut self, request: &Request<B>) -> Span {
        if !self.0 {
            return Span::none();
        }
        let uri = request.uri();
        let target = uri.path_and_query().map_or(uri.path(), |at| at.as_str());
        let (target, cut) = shortened(target, MAX_TARGET);
        let peer = request.extensions().get::<Peer>().map(|peer| peer.addr);
        tracing::info_span!(
            "request",
            peer = %peer.map_or_else(|| "-".to_owned(), |peer| peer.to_string()),
            method = %request.method(),
            target = %format_args!("{target}{cut}"),
        )
    }
}

/// The response's event in the request's span: `status=200 bytes=1234 ms=0.8` (the body's
/// bytes as it says it has them: none for `HEAD`, whose body axum drops).
#[derive(Clone, Copy, Debug)]
pub(super) struct ResponseLine(pub(super) bool);

impl<B: Body> OnResponse<B> for ResponseLine {
    fn on_response(self, response: &Response<B>, latency: Duration, span: &Span) {
        if !self.0 {
            return;
        }
        let bytes = response.body().size_hint().lower();
        let ms = format!("{:.1}", latency.as_secs_f64() * 1000.0);
        tracing::info!(
            parent: span,
            status = response.status().as_u16(),
            bytes,
            ms = %ms,
        );
    }
}

/// A note about the server itself, as the access log's lines are written.
pub(super) fn note(message: &str) {
    tracing::info!("chess960 serve: {message}");
}
