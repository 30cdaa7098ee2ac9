//! A query string to the [`Query`] it asks, read as lichess's explorer reads its parameters
//! (lila-openingexplorer's `api/query.rs`: serde's `Deserialize` of a struct of the
//! parameters, one for each endpoint, each value read by its reader in `values.rs`), and a
//! `Query` written back as a query string.
//!
//! `/lichess` reads `variant`, `fen`, `play`, `speeds`, `ratings`, `since`, `until`, `moves`,
//! `topGames`, `recentGames` and `history`; `/masters` the same less `speeds`, `ratings` and
//! `history`, its `since` and `until` being years as lichess's masters endpoint takes them.
//! As lichess's:
//!
//! - a parameter that is not one of these is ignored;
//! - a list (`play`, `speeds`, `ratings`) is comma-separated, and an empty value is the empty
//!   list: `speeds=` keeps no game at all, `play=` plays no move;
//! - any other empty value is malformed (`fen=`, `since=`, `moves=`, `history=`);
//! - a parameter given twice is malformed;
//! - `topGames` and `recentGames` above [`MAX_GAMES`](crate::MAX_GAMES) are read as `MAX_GAMES` (lichess caps
//!   them the same way), whereas `play` longer than [`MAX_PLAY`](crate::MAX_PLAY) moves is refused.
//!
//! Where this server differs: `variant` may only be `chess960` (or absent, which here means
//! chess960, the only variant served; lichess's default is standard chess, whose start is
//! Chess960's 518); `history` is read only as `true` or `false`.

use serde::Deserialize;

use super::error::ParamError;
use super::values;
use crate::answer::query::Query;
use chess960::UciMove;
use chess960_pgn::{Month, RatingGroup, RatingGroups, Speed, Speeds};

/// One of lichess's explorer endpoints this server answers: which parameters its query
/// string holds, and how they read.
///
/// ```
/// use chess960_explorer::server::Endpoint;
///
/// let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
/// let text = format!("variant=chess960&fen={}&play=e2e4,e7e5&speeds=blitz,rapid&topGames=9", fen.replace(' ', "+"));
/// let query = Endpoint::Lichess.parse(&text)?;
/// assert_eq!(query.fen.as_deref(), Some(fen));
/// assert_eq!((query.play.len(), query.play[1].to_string().as_str()), (2, "e7e5"));
/// assert_eq!(query.top_games, 4); // lichess's cap
///
/// let err = Endpoint::Lichess.parse("variant=standard").unwrap_err();
/// assert_eq!(err.parameter, "variant");
/// # Ok::<(), chess960_explorer::server::ParamError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Endpoint {
    /// `/lichess`: lichess's own games, filtered by speed, rating group and month.
    Lichess,
    /// `/masters`: over-the-board games between strong players; `since` and `until` are
    /// years (`since=1990`), read as the year's first and last month.
    Masters,
}

/// `/lichess`'s parameters, each read by its reader; any other is ignored, one given twice
/// refused (serde's `duplicate field`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Lichess {
    #[serde(default, deserialize_with = "values::variant")]
    variant: (),
    #[serde(default, deserialize_with = "values::fen")]
    fen: Option<String>,
    #[serde(default, deserialize_with = "values::play")]
    play: Vec<UciMove>,
    #[serde(default, deserialize_with = "values::speeds")]
    speeds: Option<Speeds>,
    #[serde(default, deserialize_with = "values::ratings")]
    ratings: Option<RatingGroups>,
    #[serde(default, deserialize_with = "values::since")]
    since: Option<Month>,
    #[serde(default, deserialize_with = "values::until")]
    until: Option<Month>,
    #[serde(default, deserialize_with = "values::moves")]
    moves: Option<usize>,
    #[serde(default, deserialize_with = "values::top_games")]
    top_games: Option<usize>,
    #[serde(default, deserialize_with = "values::recent_games")]
    recent_games: Option<usize>,
    #[serde(default, deserialize_with = "values::history")]
    history: Option<bool>,
}

/// `/masters`'s parameters: `/lichess`'s less `speeds`, `ratings` and `history` (ignored
/// there), `since` and `until` years.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Masters {
    #[serde(default, deserialize_with = "values::variant")]
    variant: (),
    #[serde(default, deserialize_with = "values::fen")]
    fen: Option<String>,
    #[serde(default, deserialize_with = "values::play")]
    play: Vec<UciMove>,
    #[serde(default, deserialize_with = "values::since_year")]
    since: Option<Month>,
    #[serde(default, deserialize_with = "values::until_year")]
    until: Option<Month>,
    #[serde(default, deserialize_with = "values::moves")]
    moves: Option<usize>,
    #[serde(default, deserialize_with = "values::top_games")]
    top_games: Option<usize>,
    #[serde(default, deserialize_with = "values::recent_games")]
    recent_games: Option<usize>,
}

impl Endpoint {
    /// Its path: `/lichess` or `/masters`.
    ///
    /// ```
    /// assert_eq!(chess960_explorer::server::Endpoint::Masters.path(), "/masters");
    /// ```
    pub const fn path(self) -> &'static str {
        match self {
            Endpoint::Lichess => "/lichess",
            Endpoint::Masters => "/masters",
        }
    }

    /// The query of a query string (the URL's part after `?`, without the `?`), or the first
    /// malformed parameter, in the order given. Never panics, whatever the bytes.
    pub fn parse(self, query_string: &str) -> Result<Query, ParamError> {
        let defaults = Query::default();
        let query = match self {
            Endpoint::Lichess => {
                let read: Lichess = serde_urlencoded::from_str(query_string)
                    .map_err(|err| values::refused(&err))?;
                let () = read.variant;
                Query {
                    fen: read.fen,
                    play: read.play,
                    speeds: read.speeds,
                    ratings: read.ratings,
                    since: read.since,
                    until: read.until,
                    moves: read.moves,
                    top_games: read.top_games.unwrap_or(defaults.top_games),
                    recent_games: read.recent_games.unwrap_or(defaults.recent_games),
                    history: read.history.unwrap_or(defaults.history),
                }
            }
            Endpoint::Masters => {
                let read: Masters = serde_urlencoded::from_str(query_string)
                    .map_err(|err| values::refused(&err))?;
                let () = read.variant;
                Query {
                    fen: read.fen,
                    play: read.play,
                    since: read.since,
                    until: read.until,
                    moves: read.moves,
                    top_games: read.top_games.unwrap_or(defaults.top_games),
                    recent_games: read.recent_games.unwrap_or(defaults.recent_games),
                    ..defaults
                }
            }
        };
        Ok(query)
    }

    /// `query` as a query string that [`Endpoint::parse`] reads back as `query`, for every
    /// query it returned; parameters at their default are left out, `variant=chess960` is
    /// always written. Lists keep their commas; the FEN is percent-encoded.
    ///
    /// ```
    /// use chess960_explorer::server::Endpoint;
    ///
    /// let text = "fen=8/8/8/8/8/8/8/8+w+-+-&play=e2e4,e7e5&ratings=2200,1600&since=2024-01&history=true";
    /// let query = Endpoint::Lichess.parse(text)?;
    /// let written = Endpoint::Lichess.to_query_string(&query);
    /// assert_eq!(written, "variant=chess960&fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-&play=e2e4,e7e5&ratings=1600,2200&since=2024-01&history=true");
    /// assert_eq!(Endpoint::Lichess.parse(&written)?, query);
    /// # Ok::<(), chess960_explorer::server::ParamError>(())
    /// ```
    pub fn to_query_string(self, query: &Query) -> String {
        let defaults = Query::default();
        let mut out = String::from("variant=chess960");
        let mut put = |name: &str, value: &str| {
            out.push('&');
            out.push_str(name);
            out.push('=');
            out.push_str(value);
        };
        if let Some(fen) = &query.fen {
            put("fen", &encoded(fen));
        }
        if !query.play.is_empty() {
            let moves: Vec<String> = query.play.iter().map(UciMove::to_string).collect();
            put("play", &moves.join(","));
        }
        if self == Endpoint::Lichess {
            if let Some(speeds) = query.speeds {
                let names = Speed::ALL.into_iter().filter(|&speed| speeds.has(speed));
                put(
                    "speeds",
                    &names.map(Speed::as_str).collect::<Vec<_>>().join(","),
                );
            }
            if let Some(groups) = query.ratings {
                let names = RatingGroup::ALL
                    .into_iter()
                    .filter(|&group| groups.has(group));
                put(
                    "ratings",
                    &names.map(RatingGroup::as_str).collect::<Vec<_>>().join(","),
                );
            }
        }
        for (name, month) in [("since", query.since), ("until", query.until)] {
            if let Some(month) = month {
                match self {
                    Endpoint::Lichess => put(name, &month.to_string()),
                    Endpoint::Masters => put(name, &month.year.to_string()),
                }
            }
        }
        if let Some(moves) = query.moves {
            put("moves", &moves.to_string());
        }
        if query.top_games != defaults.top_games {
            put("topGames", &query.top_games.to_string());
        }
        if query.recent_games != defaults.recent_games {
            put("recentGames", &query.recent_games.to_string());
        }
        if self == Endpoint::Lichess && query.history != defaults.history {
            put("history", if query.history { "true" } else { "false" });
        }
        out
    }
}

/// `value` percent-encoded as a form's value (`+` for a space).
fn encoded(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}
