//! Why an explorer gave no answer ([`BackendError`]), and the JSON bodies of the server's
//! errors (a [`ParamError`]'s among them).
//!
//! lichess's explorer answers a bad request with a plain-text body (`bad request: …`, from
//! its `api/error.rs`); this server answers every error with JSON instead, so that a client
//! reads every answer the same way: `{"error": "…"}`, plus `"parameter": "…"` when one
//! parameter is to blame (a 400).

use std::fmt;

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::api::ParamError;

/// Why an [`Backend`](super::Backend) gave no answer: the query's fault, a 400 naming the
/// parameter; or the server's, its index could not be read (a disk error), a 503 saying so,
/// after which the same query may be asked again.
///
/// ```
/// use chess960_explorer::api::ParamError;
/// use chess960_explorer::server::BackendError;
///
/// let err: BackendError = ParamError::new("fen", "not a FEN").into();
/// assert_eq!(err.to_string(), "fen: not a FEN");
/// let err = BackendError::Unavailable("index.redb: Input/output error".to_owned());
/// assert_eq!(err.to_string(), "the index cannot be read: index.redb: Input/output error");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum BackendError {
    /// A parameter that cannot be answered (a 400).
    Param(ParamError),
    /// The index could not be read: what went wrong (a 503; the same query may be asked
    /// again, once the disk is back).
    Unavailable(String),
    /// The index is damaged (a file not as it was written, [`IndexError::is_corrupt`](crate::IndexError::is_corrupt)):
    /// which file and how (a 500: asking again gives the same; `/health` answers 503).
    Damaged(String),
}

impl From<ParamError> for BackendError {
    fn from(err: ParamError) -> BackendError {
        BackendError::Param(err)
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendError::Param(err) => err.fmt(f),
            BackendError::Unavailable(what) => write!(f, "the index cannot be read: {what}"),
            BackendError::Damaged(what) => write!(f, "the index is damaged: {what}"),
        }
    }
}

impl std::error::Error for BackendError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BackendError::Param(err) => Some(err),
            BackendError::Unavailable(_) | BackendError::Damaged(_) => None,
        }
    }
}

impl IntoResponse for ParamError {
    /// A 400 with [`ParamError::to_json`]'s body.
    fn into_response(self) -> Response {
        json(StatusCode::BAD_REQUEST, self.to_json())
    }
}

impl IntoResponse for BackendError {
    /// The [`ParamError`]'s 400, a 500 naming the damaged file, or a 503 saying why the
    /// index cannot be read.
    fn into_response(self) -> Response {
        match self {
            BackendError::Param(err) => err.into_response(),
            BackendError::Damaged(_) => error(StatusCode::INTERNAL_SERVER_ERROR, &self.to_string()),
            err => error(StatusCode::SERVICE_UNAVAILABLE, &err.to_string()),
        }
    }
}

/// A response of `status` with the JSON `body`.
pub(super) fn json(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The answer to an error that no parameter is to blame for (404, 405, 414, 500, 503):
/// `status`, and [`error_json`]'s body.
pub(super) fn error(status: StatusCode, message: &str) -> Response {
    json(status, error_json(message))
}

/// The JSON body of an error that no parameter is to blame for: `{"error": "<message>"}`.
pub(super) fn error_json(message: &str) -> String {
    serde_json::json!({ "error": message }).to_string()
}
