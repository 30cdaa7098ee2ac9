//! Each parameter's value read, for serde: the `deserialize_with` readers of the query
//! strings' structs (`params.rs`, `cloud_eval.rs`), each refusing a malformed value with a
//! [`ParamError`] naming its parameter, and the way back from serde's error to that
//! [`ParamError`] ([`refused`]).

use std::fmt::Display;
use std::str::FromStr;

use chess960::UciMove;
use chess960_pgn::{Month, RatingGroup, RatingGroups, Speed, Speeds};
use serde::de::{Deserialize, Deserializer, Error};

use super::param_error::ParamError;
use crate::answer::query::{MAX_MASTERS_TOP_GAMES, MAX_PLAY, MAX_RECENT_GAMES, MAX_TOP_GAMES};

/// Every parameter read, as the query strings spell them.
const NAMES: &str = "variant source fen play speeds ratings since until moves topGames \
    recentGames history multiPv player color modes";

/// The [`ParamError`] that serde's error stands for: a reader's (`name: message`), or a
/// parameter given twice (serde's `duplicate field`).
pub(super) fn refused(err: &serde_urlencoded::de::Error) -> ParamError {
    let text = err.to_string();
    let duplicate = text
        .strip_prefix("duplicate field `")
        .and_then(|rest| rest.strip_suffix('`'));
    let named = |name: &str| NAMES.split(' ').find(|&known| known == name);
    if let Some(name) = duplicate.and_then(named) {
        return ParamError::new(name, "given more than once");
    }
    let missing = text
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'));
    if let Some(name) = missing.and_then(named) {
        return ParamError::new(name, "required, and not given");
    }
    let said = text.split_once(": ");
    match said.and_then(|(name, message)| Some((named(name)?, message))) {
        Some((name, message)) => ParamError::new(name, message),
        // No reader says anything else; were one to, the query is still what is refused.
        None => ParamError::new("fen", text),
    }
}

/// The readers of the parameters: each `reader(deserializer)` reads its parameter's text by
/// the function given, and refuses it with a [`ParamError`] naming the parameter.
macro_rules! readers {
    ($($(#[doc = $doc:literal])* $reader:ident($name:literal) -> $ty:ty = $read:expr;)*) => {$(
        $(#[doc = $doc])*
        pub(super) fn $reader<'de, D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
            let read: fn(&str) -> Result<$ty, String> = $read;
            let text = String::deserialize(deserializer)?;
            read(&text).map_err(|message| D::Error::custom(ParamError::new($name, message)))
        }
    )*};
}

readers! {
    /// `variant`: chess, as lichess's explorer names it (`chess960`, `standard`, `chess`,
    /// `fromPosition`: lichess keys a Chess960 position as standard chess's, so that all four
    /// ask the same games); a variant with other rules (`atomic`, `crazyhouse`) is refused.
    variant("variant") -> () = |text| match text {
        "chess960" | "standard" | "chess" | "fromPosition" => Ok(()),
        _ => Err(format!(
            "{}: this server has chess960 games only (variant=chess960, standard, chess or fromPosition)",
            shown(text)
        )),
    };
    /// `source`: who asks (lichess's analysis board sends `analysis`); any value, read by
    /// nothing, as lichess's explorer reads it only for its metrics.
    source("source") -> () = |_| Ok(());
    /// `fen`: any text but the empty one (the index reads it as a position).
    fen("fen") -> Option<String> = |text| match text {
        "" => Err("empty: a FEN is wanted".to_owned()),
        fen => Ok(Some(fen.to_owned())),
    };
    /// `play`: moves in UCI, comma-separated, at most [`MAX_PLAY`]; none for the empty value.
    play("play") -> Vec<UciMove> = read_play;
    /// `speeds`: speeds' names, comma-separated; none for the empty value.
    speeds("speeds") -> Option<Speeds> = |text| listed::<Speed, _>(text).map(Some);
    /// `ratings`: rating groups' names (their lowest rating), comma-separated; none for the
    /// empty value.
    ratings("ratings") -> Option<RatingGroups> = |text| listed::<RatingGroup, _>(text).map(Some);
    /// `since` of `/lichess`: a month, `YYYY-MM`.
    since("since") -> Option<Month> = |text| parsed(text).map(Some);
    /// `until` of `/lichess`: a month, `YYYY-MM`.
    until("until") -> Option<Month> = |text| parsed(text).map(Some);
    /// `since` of `/masters`: a year, read as its first month.
    since_year("since") -> Option<Month> = |text| read_year(text, 1).map(Some);
    /// `until` of `/masters`: a year, read as its last month.
    until_year("until") -> Option<Month> = |text| read_year(text, 12).map(Some);
    /// `moves`: a count.
    moves("moves") -> Option<usize> = |text| read_count(text).map(Some);
    /// `topGames` of `/lichess`: a count, above [`MAX_TOP_GAMES`] read as `MAX_TOP_GAMES`
    /// (as lichess caps it).
    top_games("topGames") -> usize = |text| Ok(read_count(text)?.min(MAX_TOP_GAMES));
    /// `topGames` of `/masters`: a count, above [`MAX_MASTERS_TOP_GAMES`] read as it.
    masters_top_games("topGames") -> usize =
        |text| Ok(read_count(text)?.min(MAX_MASTERS_TOP_GAMES));
    /// `recentGames`: a count, above [`MAX_RECENT_GAMES`] read as it.
    recent_games("recentGames") -> usize = |text| Ok(read_count(text)?.min(MAX_RECENT_GAMES));
    /// `history`: `true` or `false`, or lichess's other spellings of them (`True`, `False`:
    /// berserk sends `history=True`, as Python's `str()` writes a bool; `on`, `off`, `1`,
    /// `0`).
    history("history") -> bool = |text| match text {
        "true" | "True" | "on" | "1" => Ok(true),
        "false" | "False" | "off" | "0" => Ok(false),
        _ => Err(format!("{}: true or false", shown(text))),
    };
    /// `player` of `/player`: a name (lichess's user name, any case).
    player("player") -> String = |text| match text.trim() {
        "" => Err("empty: a player's name is wanted".to_owned()),
        name => Ok(name.to_owned()),
    };
    /// `color` of `/player`: `white` or `black`.
    color("color") -> cozy_chess::Color = |text| match text {
        "white" => Ok(cozy_chess::Color::White),
        "black" => Ok(cozy_chess::Color::Black),
        _ => Err(format!("{}: white or black", shown(text))),
    };
    /// `modes` of `/player`: `rated`, `casual`, comma-separated; none for the empty value.
    modes("modes") -> Option<Vec<chess960_pgn::Mode>> = |text| {
        let read = |name: &str| match name {
            "rated" => Ok(chess960_pgn::Mode::Rated),
            "casual" => Ok(chess960_pgn::Mode::Casual),
            _ => Err(format!("{}: a mode is rated or casual", shown(name))),
        };
        text.split(',').filter(|_| !text.is_empty()).map(read).collect::<Result<_, _>>().map(Some)
    };
    /// What `/player` takes and reads no further, as lichess does (berserk sends `ratings`,
    /// `topGames` and `history` there): any value.
    ignored("ignored") -> () = |_| Ok(());
    /// `multiPv` of `/api/cloud-eval`: a count, at least 1.
    multi_pv("multiPv") -> Option<usize> = |text| match read_count(text)? {
        0 => Err("0: at least 1 line is wanted".to_owned()),
        lines => Ok(Some(lines)),
    };
}

/// `value` quoted for a message, its first 64 characters at most.
fn shown(value: &str) -> String {
    let (value, cut) = shortened(value, 64);
    format!("{value:?}{cut}")
}

/// Moves in UCI (a null move is none), comma-separated, at most [`MAX_PLAY`].
fn read_play(value: &str) -> Result<Vec<UciMove>, String> {
    let count = value.split(',').filter(|_| !value.is_empty()).count();
    if count > MAX_PLAY {
        return Err(format!("{count} moves: at most {MAX_PLAY} are played"));
    }
    let read = |text: &str| match text.parse::<UciMove>() {
        Ok(mv) if !mv.is_null() => Ok(mv),
        _ => Err(format!(
            "{}: a move is UCI, its from and to squares and a promotion or not (e2e4, b7b8q)",
            shown(text)
        )),
    };
    value
        .split(',')
        .filter(|_| !value.is_empty())
        .map(read)
        .collect()
}

/// A comma-separated list of names, each read by its type's `FromStr`, as a set; the empty
/// set for the empty value.
fn listed<T: FromStr<Err: Display>, Set: FromIterator<T>>(value: &str) -> Result<Set, String> {
    value
        .split(',')
        .filter(|_| !value.is_empty())
        .map(parsed)
        .collect()
}

/// `value` read by its type's `FromStr`, whose error says what is wrong (a month's, a
/// speed's, a rating group's).
fn parsed<T: FromStr<Err: Display>>(value: &str) -> Result<T, String> {
    value.parse().map_err(|err: T::Err| err.to_string())
}

/// A year, as its month `month`.
fn read_year(value: &str, month: u8) -> Result<Month, String> {
    match value.parse::<u16>() {
        Ok(year) => Ok(Month { year, month }),
        Err(_) => Err(format!("{}: a year is wanted (1990)", shown(value))),
    }
}

/// A non-negative integer, as Rust's (and so lichess's) `usize` reads it.
fn read_count(value: &str) -> Result<usize, String> {
    value
        .parse()
        .map_err(|_| format!("{}: a non-negative integer is wanted", shown(value)))
}

/// `text`'s first `max` characters, and `…` if it had more (else nothing).
pub(crate) fn shortened(text: &str, max: usize) -> (&str, &'static str) {
    match text.char_indices().nth(max) {
        Some((end, _)) => (text.get(..end).unwrap_or(text), "…"),
        None => (text, ""),
    }
}
