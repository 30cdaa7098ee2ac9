//! `/player`'s query string to the [`PlayerQuery`] it asks ([`parse_player`]), read as
//! lichess's explorer reads it (lila-openingexplorer's `PlayerQuery`): `player` and `color`
//! required; `variant`, `source`, `fen`, `play` as `/lichess` reads them; `modes` (`rated`,
//! `casual`), `speeds`, `since` and `until` (months) the filters; `moves` all when not
//! given, `recentGames` at most 8 (8 when not given). berserk's extras, which lichess takes
//! and reads no further (`ratings`, `topGames`, `history`), are taken and read no further;
//! any other name is a 400 naming it, as on the other endpoints.

use serde::Deserialize;

use super::param_error::ParamError;
use super::{names, values};
use crate::answer::player::PlayerQuery;
use crate::answer::query::{MAX_RECENT_GAMES, Query};
use chess960::UciMove;
use chess960_pgn::{Month, RatingGroups, Speeds};

/// The names `/player` reads, as the query string spells them.
pub(super) const PLAYER_NAMES: [&str; 15] = [
    "variant",
    "source",
    "player",
    "color",
    "fen",
    "play",
    "modes",
    "speeds",
    "since",
    "until",
    "moves",
    "recentGames",
    "ratings",
    "topGames",
    "history",
];

/// `/player`'s query string.
#[derive(Deserialize)]
struct Player {
    #[serde(rename = "variant", default, deserialize_with = "values::variant")]
    _variant: (),
    #[serde(rename = "source", default, deserialize_with = "values::source")]
    _source: (),
    #[serde(deserialize_with = "values::player")]
    player: String,
    #[serde(deserialize_with = "values::color")]
    color: cozy_chess::Color,
    #[serde(default, deserialize_with = "values::modes")]
    modes: Option<Vec<chess960_pgn::Mode>>,
    #[serde(rename = "ratings", default, deserialize_with = "values::ignored")]
    _ratings: (),
    #[serde(rename = "topGames", default, deserialize_with = "values::ignored")]
    _top_games: (),
    #[serde(rename = "history", default, deserialize_with = "values::ignored")]
    _history: (),
    #[serde(flatten, with = "PlayerFields")]
    query: Query,
}

/// The [`Query`] of `/player`'s position, filters and limits.
#[derive(Deserialize)]
#[serde(remote = "Query", default = "asked_player", rename_all = "camelCase")]
struct PlayerFields {
    #[serde(deserialize_with = "values::fen")]
    fen: Option<String>,
    #[serde(deserialize_with = "values::play")]
    play: Vec<UciMove>,
    #[serde(deserialize_with = "values::speeds")]
    speeds: Option<Speeds>,
    #[serde(skip_deserializing)]
    ratings: Option<RatingGroups>,
    #[serde(deserialize_with = "values::since")]
    since: Option<Month>,
    #[serde(deserialize_with = "values::until")]
    until: Option<Month>,
    #[serde(deserialize_with = "values::moves")]
    moves: Option<usize>,
    #[serde(skip_deserializing)]
    top_games: usize,
    #[serde(skip_deserializing)]
    max_top_games: usize,
    #[serde(deserialize_with = "values::recent_games")]
    recent_games: usize,
    #[serde(skip_deserializing)]
    history: bool,
}

/// `/player`'s parameters not given: every move, 8 recent games, no top game.
fn asked_player() -> Query {
    Query {
        moves: None,
        top_games: 0,
        recent_games: MAX_RECENT_GAMES,
        ..Query::default()
    }
}

/// The [`PlayerQuery`] of `/player`'s query string (the URL's part after `?`), or its
/// malformed parameter (`player` or `color` when not given). Never panics, whatever the bytes.
///
/// ```
/// use chess960_explorer::api::parse_player;
///
/// let asked = parse_player("player=DrNykterstein&color=black&modes=rated&speeds=blitz&recentGames=3&ratings=2000&source=analysis")?;
/// assert_eq!((asked.player.as_str(), asked.color), ("DrNykterstein", cozy_chess::Color::Black));
/// assert_eq!((asked.query.moves, asked.query.recent_games), (None, 3));
/// assert_eq!(parse_player("color=white").unwrap_err().parameter, "player");
/// assert_eq!(parse_player("player=a&color=red").unwrap_err().parameter, "color");
/// # Ok::<(), chess960_explorer::api::ParamError>(())
/// ```
pub fn parse_player(query_string: &str) -> Result<PlayerQuery, ParamError> {
    let text = names::normalized(query_string, "/player", &PLAYER_NAMES)?;
    let read: Player = serde_urlencoded::from_str(&text).map_err(|err| values::refused(&err))?;
    let mut asked = PlayerQuery::new(&read.player, read.color, read.query);
    asked.modes = read.modes;
    Ok(asked)
}
