//! A query string to the [`Query`] it asks, read as lichess's explorer reads its parameters
//! (lila-openingexplorer's `api/query.rs`), and a `Query` written back as a query string.
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
//! - `topGames` and `recentGames` above [`MAX_GAMES`] are read as `MAX_GAMES` (lichess caps
//!   them the same way), whereas `play` longer than [`MAX_PLAY`] moves is refused.
//!
//! Where this server differs: `variant` may only be `chess960` (or absent, which here means
//! chess960, the only variant served; lichess's default is standard chess, whose start is
//! Chess960's 518); `history` is read only as `true` or `false`.

use crate::answer::query::{MAX_GAMES, MAX_PLAY, Query};
use chess960_pgn::{Month, RatingGroup, RatingGroups, Speed, Speeds};

use super::error::ParamError;

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
/// assert_eq!(query.play, ["e2e4", "e7e5"]);
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

/// A parameter of the query string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Param {
    Variant,
    Fen,
    Play,
    Speeds,
    Ratings,
    Since,
    Until,
    Moves,
    TopGames,
    RecentGames,
    History,
}

impl Param {
    const ALL: [Param; 11] = [
        Param::Variant,
        Param::Fen,
        Param::Play,
        Param::Speeds,
        Param::Ratings,
        Param::Since,
        Param::Until,
        Param::Moves,
        Param::TopGames,
        Param::RecentGames,
        Param::History,
    ];

    /// Its name in the query string.
    const fn name(self) -> &'static str {
        match self {
            Param::Variant => "variant",
            Param::Fen => "fen",
            Param::Play => "play",
            Param::Speeds => "speeds",
            Param::Ratings => "ratings",
            Param::Since => "since",
            Param::Until => "until",
            Param::Moves => "moves",
            Param::TopGames => "topGames",
            Param::RecentGames => "recentGames",
            Param::History => "history",
        }
    }

    /// Its bit in a set of the parameters read so far.
    const fn bit(self) -> u16 {
        1 << self as u16
    }
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

    /// Whether the endpoint reads `param` (the others are ignored, as unknown ones are).
    const fn reads(self, param: Param) -> bool {
        match self {
            Endpoint::Lichess => true,
            Endpoint::Masters => !matches!(param, Param::Speeds | Param::Ratings | Param::History),
        }
    }

    /// The query of a query string (the URL's part after `?`, without the `?`), or the first
    /// malformed parameter, in the order given. Never panics, whatever the bytes.
    pub fn parse(self, query_string: &str) -> Result<Query, ParamError> {
        let mut query = Query::default();
        let mut seen = 0u16;
        for (key, value) in form_urlencoded::parse(query_string.as_bytes()) {
            let known = Param::ALL.into_iter().find(|param| param.name() == key);
            let Some(param) = known.filter(|&param| self.reads(param)) else {
                continue;
            };
            if seen & param.bit() != 0 {
                return Err(ParamError::new(param.name(), "given more than once"));
            }
            seen |= param.bit();
            self.read(param, &value, &mut query)
                .map_err(|message| ParamError::new(param.name(), message))?;
        }
        Ok(query)
    }

    /// Reads one parameter's value into `query`, or says what is wrong with it.
    fn read(self, param: Param, value: &str, query: &mut Query) -> Result<(), String> {
        match param {
            Param::Variant => read_variant(value)?,
            Param::Fen if value.is_empty() => return Err("empty: a FEN is wanted".to_owned()),
            Param::Fen => query.fen = Some(value.to_owned()),
            Param::Play => query.play = read_play(value)?,
            Param::Speeds => query.speeds = Some(read_list::<Speed, Speeds>(value)?),
            Param::Ratings => query.ratings = Some(read_list::<RatingGroup, RatingGroups>(value)?),
            Param::Since => query.since = Some(self.read_month(value, 1)?),
            Param::Until => query.until = Some(self.read_month(value, 12)?),
            Param::Moves => query.moves = Some(read_count(value)?),
            Param::TopGames => query.top_games = read_count(value)?.min(MAX_GAMES),
            Param::RecentGames => query.recent_games = read_count(value)?.min(MAX_GAMES),
            Param::History => query.history = read_bool(value)?,
        }
        Ok(())
    }

    /// A month `YYYY-MM` (`/lichess`), or a year (`/masters`: its month `month_of_year`).
    fn read_month(self, value: &str, month_of_year: u8) -> Result<Month, String> {
        match self {
            Endpoint::Lichess => value.parse::<Month>().map_err(|err| err.to_string()),
            Endpoint::Masters => match value.parse::<u16>() {
                Ok(year) => Ok(Month {
                    year,
                    month: month_of_year,
                }),
                Err(_) => Err(format!("{}: a year is wanted (1990)", shown(value))),
            },
        }
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
        let mut put = |param: Param, value: &str| {
            out.push('&');
            out.push_str(param.name());
            out.push('=');
            out.push_str(value);
        };
        if let Some(fen) = &query.fen {
            put(Param::Fen, &encoded(fen));
        }
        if !query.play.is_empty() {
            let moves: Vec<String> = query.play.iter().map(|mv| encoded(mv)).collect();
            put(Param::Play, &moves.join(","));
        }
        if self.reads(Param::Speeds) {
            if let Some(speeds) = query.speeds {
                let names: Vec<&str> = Speed::ALL
                    .into_iter()
                    .filter(|&speed| speeds.has(speed))
                    .map(Speed::as_str)
                    .collect();
                put(Param::Speeds, &names.join(","));
            }
        }
        if self.reads(Param::Ratings) {
            if let Some(groups) = query.ratings {
                let names: Vec<&str> = RatingGroup::ALL
                    .into_iter()
                    .filter(|&group| groups.has(group))
                    .map(RatingGroup::as_str)
                    .collect();
                put(Param::Ratings, &names.join(","));
            }
        }
        for (param, month) in [(Param::Since, query.since), (Param::Until, query.until)] {
            if let Some(month) = month {
                match self {
                    Endpoint::Lichess => put(param, &month.to_string()),
                    Endpoint::Masters => put(param, &month.year.to_string()),
                }
            }
        }
        if let Some(moves) = query.moves {
            put(Param::Moves, &moves.to_string());
        }
        if query.top_games != defaults.top_games {
            put(Param::TopGames, &query.top_games.to_string());
        }
        if query.recent_games != defaults.recent_games {
            put(Param::RecentGames, &query.recent_games.to_string());
        }
        if self.reads(Param::History) && query.history != defaults.history {
            put(Param::History, if query.history { "true" } else { "false" });
        }
        out
    }
}

/// `value` percent-encoded as a form's value (`+` for a space).
fn encoded(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// `value` quoted for a message, its first 64 characters at most.
fn shown(value: &str) -> String {
    match value.char_indices().nth(64) {
        Some((end, _)) => format!("{:?}…", value.get(..end).unwrap_or(value)),
        None => format!("{value:?}"),
    }
}

/// `chess960`, the only variant served here.
pub(super) fn read_variant(value: &str) -> Result<(), String> {
    if value == "chess960" {
        Ok(())
    } else {
        Err(format!(
            "{}: this server has chess960 games only (variant=chess960)",
            shown(value)
        ))
    }
}

/// Moves in UCI, comma-separated: each `[a-h][1-8][a-h][1-8]` and a promotion `[qrbn]` or not,
/// at most [`MAX_PLAY`]; none for the empty value.
fn read_play(value: &str) -> Result<Vec<String>, String> {
    if value.is_empty() {
        return Ok(Vec::new());
    }
    let mut moves = Vec::new();
    for mv in value.split(',') {
        if moves.len() == MAX_PLAY {
            let count = value.split(',').count();
            return Err(format!("{count} moves: at most {MAX_PLAY} are played"));
        }
        if !is_uci(mv) {
            return Err(format!(
                "{}: a move is UCI, its from and to squares and a promotion or not (e2e4, b7b8q)",
                shown(mv)
            ));
        }
        moves.push(mv.to_owned());
    }
    Ok(moves)
}

/// `[a-h][1-8][a-h][1-8][qrbn]?`.
fn is_uci(mv: &str) -> bool {
    let bytes = mv.as_bytes();
    let square = |file: Option<&u8>, rank: Option<&u8>| {
        matches!((file, rank), (Some(b'a'..=b'h'), Some(b'1'..=b'8')))
    };
    matches!(bytes.len(), 4 | 5)
        && square(bytes.first(), bytes.get(1))
        && square(bytes.get(2), bytes.get(3))
        && matches!(bytes.get(4), None | Some(b'q' | b'r' | b'b' | b'n'))
}

/// A comma-separated list of names, each read by its type's `FromStr`, as a set; the empty
/// set for the empty value.
fn read_list<T, Set>(value: &str) -> Result<Set, String>
where
    T: std::str::FromStr<Err: std::fmt::Display>,
    Set: FromIterator<T>,
{
    if value.is_empty() {
        return Ok(std::iter::empty().collect());
    }
    value
        .split(',')
        .map(|name| name.parse::<T>().map_err(|err| err.to_string()))
        .collect()
}

/// A non-negative integer, as Rust's (and so lichess's) `usize` reads it.
pub(super) fn read_count(value: &str) -> Result<usize, String> {
    value
        .parse()
        .map_err(|_| format!("{}: a non-negative integer is wanted", shown(value)))
}

/// `true` or `false` (`True`, `False`: as Python writes a bool).
fn read_bool(value: &str) -> Result<bool, String> {
    // Python's spelling too: berserk sends `history=True` (requests writes a bool with str()).
    match value {
        "true" | "True" => Ok(true),
        "false" | "False" => Ok(false),
        _ => Err(format!("{}: true or false", shown(value))),
    }
}
