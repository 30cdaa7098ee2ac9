//! The keyword arguments of `Index.player` as the [`PlayerQuery`] `chess960 serve`'s
//! `/player` asks: written as lichess's query string, then read by the server's own reader
//! ([`parse_player`]), so that every value is checked as the server checks it.

use chess960_explorer::PlayerQuery;
use chess960_explorer::api::parse_player;
use pyo3::prelude::*;

use super::query::{QueryString, list, value_error};

/// What `player` is asked, as Python handed it in.
pub struct PlayerArgs<'a, 'py> {
    pub player: &'a str,
    pub color: &'a str,
    pub fen: Option<&'a str>,
    pub play: Option<&'a Bound<'py, PyAny>>,
    pub modes: Option<&'a Bound<'py, PyAny>>,
    pub speeds: Option<&'a Bound<'py, PyAny>>,
    pub since: Option<&'a str>,
    pub until: Option<&'a str>,
    pub moves: Option<i64>,
    pub recent_games: i64,
}

impl PlayerArgs<'_, '_> {
    /// The query, or a `ValueError` naming the argument that is wrong.
    pub fn query(&self) -> PyResult<PlayerQuery> {
        let mut out = QueryString(String::from("variant=chess960"));
        out.append_pair("player", self.player);
        out.append_pair("color", self.color);
        if let Some(fen) = self.fen {
            out.append_pair("fen", fen);
        }
        for (name, value) in [
            ("play", self.play),
            ("modes", self.modes),
            ("speeds", self.speeds),
        ] {
            if let Some(value) = value {
                out.append_pair(name, &list(name, value)?);
            }
        }
        for (name, month) in [("since", self.since), ("until", self.until)] {
            if let Some(month) = month {
                out.append_pair(name, month);
            }
        }
        if let Some(moves) = self.moves {
            out.append_pair("moves", &moves.to_string());
        }
        out.append_pair("recentGames", &self.recent_games.to_string());
        parse_player(&out.0).map_err(|err| value_error(&err))
    }
}
