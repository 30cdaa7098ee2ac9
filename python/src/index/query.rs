//! The keyword arguments of `Index.explore` and `Index.moves` as the [`Query`] a request to
//! `chess960 serve` asks: written as lichess's query string, then read by the server's own
//! reader ([`Endpoint::Lichess`]), so that every value is checked, capped and refused as the
//! server's `/lichess` does it (a `ValueError` naming the parameter where the server answers
//! a 400).

use chess960_explorer::Query;
use chess960_explorer::api::{Endpoint, ParamError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// What `explore` and `moves` are asked, as Python handed it in.
pub struct Args<'a, 'py> {
    pub fen: Option<&'a str>,
    pub play: Option<&'a Bound<'py, PyAny>>,
    pub speeds: Option<&'a Bound<'py, PyAny>>,
    pub ratings: Option<&'a Bound<'py, PyAny>>,
    pub since: Option<&'a str>,
    pub until: Option<&'a str>,
    pub moves: Option<i64>,
    pub top_games: i64,
    pub recent_games: i64,
    pub history: bool,
}

impl Args<'_, '_> {
    /// The query, or a `ValueError` naming the argument that is wrong, as the server's 400
    /// names the parameter.
    pub fn query(&self) -> PyResult<Query> {
        let text = self.query_string()?;
        Endpoint::Lichess
            .parse(&text)
            .map_err(|err| value_error(&err))
    }

    /// The arguments as lichess's query string: lists comma-separated, values percent-encoded.
    fn query_string(&self) -> PyResult<String> {
        let mut out = QueryString(String::from("variant=chess960"));
        if let Some(fen) = self.fen {
            out.append_pair("fen", fen);
        }
        if let Some(play) = self.play {
            out.append_pair("play", &list("play", play)?);
        }
        if let Some(speeds) = self.speeds {
            out.append_pair("speeds", &list("speeds", speeds)?);
        }
        if let Some(ratings) = self.ratings {
            out.append_pair("ratings", &list("ratings", ratings)?);
        }
        for (name, month) in [("since", self.since), ("until", self.until)] {
            if let Some(month) = month {
                out.append_pair(name, month);
            }
        }
        if let Some(moves) = self.moves {
            out.append_pair("moves", &moves.to_string());
        }
        out.append_pair("topGames", &self.top_games.to_string());
        out.append_pair("recentGames", &self.recent_games.to_string());
        out.append_pair("history", if self.history { "true" } else { "false" });
        Ok(out.0)
    }
}

/// A query string being written.
pub(crate) struct QueryString(pub(crate) String);

impl QueryString {
    /// `&name=value`, the value percent-encoded as a form's (`+` for a space), so that the
    /// server's reader (`serde_urlencoded`, which reads pairs by `form_urlencoded::parse`) reads
    /// back `value`.
    pub(crate) fn append_pair(&mut self, name: &str, value: &str) {
        self.0.push('&');
        self.0.push_str(name);
        self.0.push('=');
        for &byte in value.as_bytes() {
            match byte {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'*' => {
                    self.0.push(char::from(byte));
                }
                b' ' => self.0.push('+'),
                _ => self.0.push_str(&format!("%{byte:02X}")),
            }
        }
    }
}

/// A list argument as the query string's comma-separated value: a `str` is that value
/// already (`"blitz,rapid"`); otherwise each item of an iterable, a `str` or an `int`
/// (`[1600, "1800"]`), holding no comma.
pub(crate) fn list(name: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_str()?.to_owned());
    }
    if value.extract::<i64>().is_ok() {
        return Ok(value.str()?.to_str()?.to_owned());
    }
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{name}: a list of str (or int), or one comma-separated str, is wanted, not {}",
            type_name(value)
        ))
    })?;
    let mut names = Vec::new();
    for item in items {
        let item = item?;
        let text = match item.extract::<i64>() {
            Ok(number) => number.to_string(),
            Err(_) => match item.cast::<PyString>() {
                Ok(text) => text.to_str()?.to_owned(),
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "{name}: each item is a str (or int), not {}",
                        type_name(&item)
                    )));
                }
            },
        };
        if text.contains(',') || text.is_empty() {
            return Err(PyValueError::new_err(format!(
                "{name}: {text:?}: one name or move per item"
            )));
        }
        names.push(text);
    }
    Ok(names.join(","))
}

/// The name of `value`'s type, for a message.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |name| name.to_string())
}

/// The server's 400 as a `ValueError`: `"<argument>: <message>"`, the argument named as
/// Python's keyword (`top_games` for lichess's `topGames`).
pub fn value_error(err: &ParamError) -> PyErr {
    let name = match &*err.parameter {
        "topGames" => "top_games",
        "recentGames" => "recent_games",
        other => other,
    };
    PyValueError::new_err(format!("{name}: {}", err.message))
}
