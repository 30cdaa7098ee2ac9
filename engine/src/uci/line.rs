//! One line an engine printed, as [`parse_line`] reads it.

use chess960::UciMove;

use super::error::ParseLineError;
use super::info::Info;

/// One line from an engine.
///
/// ```
/// use chess960_engine::uci::{EngineLine, parse_line};
///
/// assert_eq!(parse_line("id name Stockfish 15.1")?, EngineLine::Id { key: "name", value: "Stockfish 15.1" });
/// assert_eq!(parse_line("uciok")?, EngineLine::UciOk);
/// assert_eq!(
///     parse_line("option name UCI_Chess960 type check default false")?,
///     EngineLine::Option { name: "UCI_Chess960" },
/// );
/// let EngineLine::BestMove(Some(mv)) = parse_line("bestmove e2e4 ponder e7e5")? else { panic!() };
/// assert_eq!(mv.to_string(), "e2e4");
/// assert_eq!(parse_line("bestmove (none)")?, EngineLine::BestMove(None));
/// assert_eq!(parse_line("Stockfish 15.1 by the Stockfish developers")?, EngineLine::Other);
/// # Ok::<(), chess960_engine::uci::ParseLineError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum EngineLine<'a> {
    /// `id name …` or `id author …`.
    Id {
        /// `name` or `author`.
        key: &'a str,
        /// The rest of the line.
        value: &'a str,
    },
    /// `uciok`: the options are all listed.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `option name … type …`: an option the engine offers.
    Option {
        /// Its name (which may hold spaces).
        name: &'a str,
    },
    /// `info …`.
    Info(Info),
    /// `bestmove M [ponder P]`; `None` for `(none)` and `0000` (no move).
    BestMove(Option<UciMove>),
    /// A blank line, or one UCI does not define (a banner, `copyprotection`): passed over.
    Other,
}

/// Reads one line an engine printed (without its line ending). Words may be separated by any
/// white space.
///
/// ```
/// use chess960_engine::uci::{EngineLine, parse_line};
///
/// let EngineLine::Info(info) = parse_line("info  depth 3\tscore mate -2")? else { panic!() };
/// assert_eq!(info.depth, Some(3));
/// assert_eq!(info.score, Some(chess960_engine::Score::Mate(-2)));
/// # Ok::<(), chess960_engine::uci::ParseLineError>(())
/// ```
pub fn parse_line(line: &str) -> Result<EngineLine<'_>, ParseLineError> {
    let mut words = line.split_ascii_whitespace();
    Ok(match words.next() {
        Some("uciok") => EngineLine::UciOk,
        Some("readyok") => EngineLine::ReadyOk,
        Some("info") => EngineLine::Info(Info::parse(&mut words)?),
        Some("bestmove") => EngineLine::BestMove(best_move(words.next())?),
        Some("id") => match words.next() {
            Some(key @ ("name" | "author")) => EngineLine::Id {
                key,
                value: rest_after(line, key),
            },
            _ => EngineLine::Other,
        },
        Some("option") => match words.next() {
            Some("name") => {
                let rest = rest_after(line, "name");
                let name = match rest.find(" type ") {
                    Some(at) => rest.get(..at).unwrap_or(rest),
                    None => rest,
                };
                EngineLine::Option { name: name.trim() }
            }
            _ => EngineLine::Other,
        },
        _ => EngineLine::Other,
    })
}

/// The move after `bestmove`.
fn best_move(word: Option<&str>) -> Result<Option<UciMove>, ParseLineError> {
    let word = word.ok_or(ParseLineError::MissingValue { key: "bestmove" })?;
    if word == "(none)" {
        return Ok(None);
    }
    match word.parse::<UciMove>() {
        Ok(mv) if mv.is_null() => Ok(None),
        Ok(mv) => Ok(Some(mv)),
        Err(_) => Err(ParseLineError::BadMove {
            value: word.to_owned(),
        }),
    }
}

/// The text after the first `word` of `line`, trimmed.
fn rest_after<'a>(line: &'a str, word: &str) -> &'a str {
    match line.find(word) {
        Some(at) => line.get(at + word.len()..).unwrap_or("").trim(),
        None => "",
    }
}
