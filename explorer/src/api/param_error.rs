//! What is wrong with a request's parameters ([`ParamError`]): one parameter named, and
//! its 400's JSON body.

use std::borrow::Cow;
use std::fmt;

/// One parameter of a query that cannot be answered: which one (`fen`, `play`, `speeds`, …)
/// and what is wrong with it. The server answers it with a 400 whose JSON body names both
/// ([`ParamError::to_json`]); the query-string reader returns it for a malformed value, and
/// a server's `Backend` returns it for a FEN or a move that cannot be played.
///
/// ```
/// use chess960_explorer::api::ParamError;
///
/// let err = ParamError::new("play", "e2e5 is not a legal move");
/// assert_eq!(err.to_string(), "play: e2e5 is not a legal move");
/// assert_eq!(err.to_json(), r#"{"error":"play: e2e5 is not a legal move","parameter":"play"}"#);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct ParamError {
    /// The parameter's name, as the query string spells it (`topGames`, not `top_games`;
    /// one the endpoint does not read as given, its first 64 characters).
    pub parameter: Cow<'static, str>,
    /// What is wrong with its value.
    pub message: String,
}

impl ParamError {
    /// The error of `parameter`, saying `message`.
    pub fn new(parameter: impl Into<Cow<'static, str>>, message: impl Into<String>) -> ParamError {
        ParamError {
            parameter: parameter.into(),
            message: message.into(),
        }
    }

    /// The 400's JSON body: `{"error": "<parameter>: <message>", "parameter": "<parameter>"}`.
    pub fn to_json(&self) -> String {
        let body = serde_json::json!({
            "error": self.to_string(),
            "parameter": self.parameter,
        });
        body.to_string()
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.parameter, self.message)
    }
}

impl std::error::Error for ParamError {}
