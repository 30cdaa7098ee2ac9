//! A query string to the [`Query`] it asks, read as lichess's explorer reads its parameters
//! (lila-openingexplorer's `api/query.rs`: serde's `Deserialize` of a struct of the
//! parameters, one for each endpoint, each value read by its reader in `values.rs`), and a
//! `Query` written back as a query string.
//!
//! `/lichess` reads `variant`, `source`, `fen`, `play`, `speeds`, `ratings`, `since`,
//! `until`, `moves`, `topGames`, `recentGames` and `history`; `/masters` the same less
//! `speeds`, `ratings` and `history`, its `since` and `until` being years as lichess's
//! masters endpoint takes them. As lichess's:
//!
//! - `moves` not given lists [`DEFAULT_MOVES`], 12;
//! - a list (`play`, `speeds`, `ratings`) is comma-separated, and an empty value is the empty
//!   list: `speeds=` keeps no game at all, `play=` plays no move;
//! - any other empty value is malformed (`fen=`, `since=`, `moves=`, `history=`);
//! - a parameter given twice is malformed;
//! - `variant` is any of lichess's names for chess: `chess960`, `standard` (berserk's
//!   default), `chess` and `fromPosition` ask the same games, as lichess's explorer keys a
//!   Chess960 position as standard chess's; `source` (`analysis` from lichess's analysis
//!   board) is read by nothing;
//! - `topGames` lists at most [`MAX_TOP_GAMES`](crate::MAX_TOP_GAMES) (4) on `/lichess` and
//!   [`MAX_MASTERS_TOP_GAMES`] (15) on `/masters`, and `recentGames` at most
//!   [`MAX_RECENT_GAMES`](crate::MAX_RECENT_GAMES) (8) less the top games found; not given,
//!   each is its most, and above it is read as it (lichess caps them the same way), whereas
//!   `play` longer than [`MAX_PLAY`](crate::MAX_PLAY) moves is refused.
//!
//! Where this server differs: a variant with other rules (`atomic`) is refused, as this
//! server has none of its games; `history` is read only as lichess's spellings of a bool
//! (`true`, `True`, `on`, `1` and their opposites); a parameter the endpoint does not read is
//! refused, naming it, where lichess ignores it (so that a misspelt filter, `speed=blitz`,
//! cannot answer every game as if it were applied); and a list may be spelt as forms spell
//! arrays, `speeds[]=blitz&speeds[]=rapid` read as `speeds=blitz,rapid` (`names.rs`).

use serde::Deserialize;

use super::param_error::ParamError;
use super::{names, values};
use crate::answer::query::{MAX_MASTERS_TOP_GAMES, Query};
use chess960::UciMove;
use chess960_pgn::{Month, RatingGroup, RatingGroups, Speed, Speeds};

/// One of lichess's explorer endpoints this server answers: which parameters its query
/// string holds, and how they read.
///
/// ```
/// use chess960_explorer::api::Endpoint;
///
/// let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
/// let text = format!("variant=chess960&fen={}&play=e2e4,e7e5&speeds=blitz,rapid&topGames=9", fen.replace(' ', "+"));
/// let query = Endpoint::Lichess.parse(&text)?;
/// assert_eq!(query.fen.as_deref(), Some(fen));
/// assert_eq!((query.play.len(), query.play[1].to_string().as_str()), (2, "e7e5"));
/// assert_eq!(query.top_games, 4); // lichess's cap
/// assert_eq!(Endpoint::Lichess.parse("variant=standard&source=analysis")?, Endpoint::Lichess.parse("")?);
///
/// let err = Endpoint::Lichess.parse("variant=atomic").unwrap_err();
/// assert_eq!(err.parameter, "variant");
/// # Ok::<(), chess960_explorer::api::ParamError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Endpoint {
    /// `/lichess`: lichess's own games, filtered by speed, rating group and month.
    Lichess,
    /// `/masters`: over-the-board games between strong players; `since` and `until` are
    /// years (`since=1990`), read as the year's first and last month.
    Masters,
}

/// `/lichess`'s query string: `variant`, then the query's parameters ([`LichessQuery`]).
/// Any other parameter is refused before (`names.rs`), one given twice here (serde's
/// `duplicate field`).
#[derive(Deserialize)]
struct Lichess {
    #[serde(rename = "variant", default, deserialize_with = "values::variant")]
    _variant: (),
    #[serde(rename = "source", default, deserialize_with = "values::source")]
    _source: (),
    #[serde(flatten, with = "LichessQuery")]
    query: Query,
}

/// `/masters`'s query string, as `/lichess`'s ([`MastersQuery`]).
#[derive(Deserialize)]
struct Masters {
    #[serde(rename = "variant", default, deserialize_with = "values::variant")]
    _variant: (),
    #[serde(rename = "source", default, deserialize_with = "values::source")]
    _source: (),
    #[serde(flatten, with = "MastersQuery")]
    query: Query,
}

/// The [`Query`] of `/lichess`'s parameters, each read by its reader, those not given at
/// [`Query::default`].
#[derive(Deserialize)]
#[serde(remote = "Query", default = "asked", rename_all = "camelCase")]
struct LichessQuery {
    #[serde(deserialize_with = "values::fen")]
    fen: Option<String>,
    #[serde(deserialize_with = "values::play")]
    play: Vec<UciMove>,
    #[serde(deserialize_with = "values::speeds")]
    speeds: Option<Speeds>,
    #[serde(deserialize_with = "values::ratings")]
    ratings: Option<RatingGroups>,
    #[serde(deserialize_with = "values::since")]
    since: Option<Month>,
    #[serde(deserialize_with = "values::until")]
    until: Option<Month>,
    #[serde(deserialize_with = "values::moves")]
    moves: Option<usize>,
    #[serde(deserialize_with = "values::top_games")]
    top_games: usize,
    #[serde(skip_deserializing)]
    max_top_games: usize,
    #[serde(deserialize_with = "values::recent_games")]
    recent_games: usize,
    #[serde(deserialize_with = "values::history")]
    history: bool,
}

/// The [`Query`] of `/masters`'s parameters: `/lichess`'s less `speeds`, `ratings` and
/// `history` (ignored there), `since` and `until` years.
#[derive(Deserialize)]
#[serde(remote = "Query", default = "asked_masters", rename_all = "camelCase")]
struct MastersQuery {
    #[serde(deserialize_with = "values::fen")]
    fen: Option<String>,
    #[serde(deserialize_with = "values::play")]
    play: Vec<UciMove>,
    #[serde(skip_deserializing)]
    speeds: Option<Speeds>,
    #[serde(skip_deserializing)]
    ratings: Option<RatingGroups>,
    #[serde(deserialize_with = "values::since_year")]
    since: Option<Month>,
    #[serde(deserialize_with = "values::until_year")]
    until: Option<Month>,
    #[serde(deserialize_with = "values::moves")]
    moves: Option<usize>,
    #[serde(deserialize_with = "values::masters_top_games")]
    top_games: usize,
    #[serde(skip_deserializing)]
    max_top_games: usize,
    #[serde(deserialize_with = "values::recent_games")]
    recent_games: usize,
    #[serde(skip_deserializing)]
    history: bool,
}

/// The moves listed when `moves` is not given: lichess's explorer's 12.
pub const DEFAULT_MOVES: usize = 12;

/// A query's parameters not given: [`Query::default`]'s, but [`DEFAULT_MOVES`] moves.
fn asked() -> Query {
    Query {
        moves: Some(DEFAULT_MOVES),
        ..Query::default()
    }
}

/// `/masters`' parameters not given: [`asked`]'s, but lichess's masters' top games
/// ([`MAX_MASTERS_TOP_GAMES`]).
fn asked_masters() -> Query {
    Query {
        top_games: MAX_MASTERS_TOP_GAMES,
        max_top_games: MAX_MASTERS_TOP_GAMES,
        ..asked()
    }
}

impl Endpoint {
    /// Its path: `/lichess` or `/masters`.
    ///
    /// ```
    /// assert_eq!(chess960_explorer::api::Endpoint::Masters.path(), "/masters");
    /// ```
    pub const fn path(self) -> &'static str {
        match self {
            Endpoint::Lichess => "/lichess",
            Endpoint::Masters => "/masters",
        }
    }

    /// The query of a query string (the URL's part after `?`, without the `?`), or its
    /// malformed parameter: `variant`, else the first in the order given. Never panics,
    /// whatever the bytes.
    pub fn parse(self, query_string: &str) -> Result<Query, ParamError> {
        let text = names::normalized(query_string, self.path(), self.names())?;
        let read = match self {
            Endpoint::Lichess => serde_urlencoded::from_str(&text).map(|p: Lichess| p.query),
            Endpoint::Masters => serde_urlencoded::from_str(&text).map(|p: Masters| p.query),
        };
        read.map_err(|err| values::refused(&err))
    }

    /// The parameters it reads, as the query string spells them.
    ///
    /// ```
    /// use chess960_explorer::api::Endpoint;
    ///
    /// assert!(Endpoint::Lichess.names().contains(&"speeds"));
    /// assert!(!Endpoint::Masters.names().contains(&"speeds"));
    /// ```
    pub const fn names(self) -> &'static [&'static str] {
        match self {
            Endpoint::Lichess => &[
                "variant",
                "source",
                "fen",
                "play",
                "speeds",
                "ratings",
                "since",
                "until",
                "moves",
                "topGames",
                "recentGames",
                "history",
            ],
            Endpoint::Masters => &[
                "variant",
                "source",
                "fen",
                "play",
                "since",
                "until",
                "moves",
                "topGames",
                "recentGames",
            ],
        }
    }

    /// `query` as a query string that [`Endpoint::parse`] reads back as `query`, for every
    /// query it returned; parameters at their default are left out (`moves` of `None`, every
    /// move, too: it is read back as [`DEFAULT_MOVES`]), `variant=chess960` is always
    /// written. Lists keep their commas; the FEN is percent-encoded.
    ///
    /// ```
    /// use chess960_explorer::api::Endpoint;
    ///
    /// let text = "fen=8/8/8/8/8/8/8/8+w+-+-&play=e2e4,e7e5&ratings=2200,1600&since=2024-01&history=true";
    /// let query = Endpoint::Lichess.parse(text)?;
    /// let written = Endpoint::Lichess.to_query_string(&query);
    /// assert_eq!(written, "variant=chess960&fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-&play=e2e4,e7e5&ratings=1600,2200&since=2024-01&history=true");
    /// assert_eq!(Endpoint::Lichess.parse(&written)?, query);
    /// # Ok::<(), chess960_explorer::api::ParamError>(())
    /// ```
    pub fn to_query_string(self, query: &Query) -> String {
        let lichess = self == Endpoint::Lichess;
        let defaults = if lichess { asked() } else { asked_masters() };
        let play: Vec<String> = query.play.iter().map(UciMove::to_string).collect();
        let speeds = query.speeds.filter(|_| lichess);
        let speeds = speeds.map(|set| listed(Speed::ALL, |s| set.has(s), Speed::as_str));
        let groups = query.ratings.filter(|_| lichess);
        let groups =
            groups.map(|set| listed(RatingGroup::ALL, |g| set.has(g), RatingGroup::as_str));
        let month = |month: Option<Month>| match self {
            Endpoint::Lichess => month.map(|month| month.to_string()),
            Endpoint::Masters => month.map(|month| month.year.to_string()),
        };
        let unless = |value: usize, default: usize| (value != default).then(|| value.to_string());
        let recent = unless(query.recent_games, defaults.recent_games);
        let history = lichess && query.history != defaults.history;
        let params = [
            ("variant", Some("chess960".to_owned())),
            ("fen", query.fen.as_deref().map(encoded)),
            ("play", (!play.is_empty()).then(|| play.join(","))),
            ("speeds", speeds),
            ("ratings", groups),
            ("since", month(query.since)),
            ("until", month(query.until)),
            (
                "moves",
                query
                    .moves
                    .filter(|&moves| Some(moves) != defaults.moves)
                    .map(|moves| moves.to_string()),
            ),
            ("topGames", unless(query.top_games, defaults.top_games)),
            ("recentGames", recent),
            ("history", history.then(|| query.history.to_string())),
        ];
        let given = params
            .into_iter()
            .filter_map(|(name, value)| Some(format!("{name}={}", value?)));
        given.collect::<Vec<_>>().join("&")
    }
}

/// `value` percent-encoded as a form's value (`+` for a space).
fn encoded(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// The names of the members of `all` that a set `has`, comma-separated, in `all`'s order.
fn listed<T: Copy, const N: usize>(
    all: [T; N],
    has: impl Fn(T) -> bool,
    name: fn(T) -> &'static str,
) -> String {
    let names: Vec<&str> = all
        .into_iter()
        .filter(|&item| has(item))
        .map(name)
        .collect();
    names.join(",")
}

#[cfg(test)]
mod tests;
