//! An `info` line: the fields a search reports, each read if the line has it.

use chess960::UciMove;

use super::error::ParseLineError;
use crate::score::{Score, Wdl};

/// What one `info` line says; each field is `None` when the line does not give it. Fields the
/// records do not keep (`nps`, `hashfull`, `currmove`, `string`, …) are passed over.
///
/// ```
/// use chess960_engine::uci::{EngineLine, parse_line};
/// use chess960_engine::{Score, Wdl};
///
/// let line = "info depth 20 seldepth 24 multipv 1 score cp 46 wdl 82 917 1 nodes 627429 nps 953539 time 658 pv h2h4 h7h5";
/// let Ok(EngineLine::Info(info)) = parse_line(line) else { panic!() };
/// assert_eq!(info.depth, Some(20));
/// assert_eq!(info.score, Some(Score::Centipawns(46)));
/// assert_eq!(info.wdl, Some(Wdl { win: 82, draw: 917, loss: 1 }));
/// assert_eq!(info.pv.map(|mv| mv.to_string()).as_deref(), Some("h2h4"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
#[non_exhaustive]
pub struct Info {
    /// `depth`: plies searched.
    pub depth: Option<u32>,
    /// `seldepth`: the deepest ply reached.
    pub seldepth: Option<u32>,
    /// `multipv`: which line (1 is the best; a line without it is line 1).
    pub multipv: Option<u32>,
    /// `score`: `cp N` or `mate N` (a bound, `lowerbound` or `upperbound`, is kept as the score).
    pub score: Option<Score>,
    /// `wdl W D L`.
    pub wdl: Option<Wdl>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `time`, in milliseconds.
    pub time: Option<u64>,
    /// The first move of `pv`.
    pub pv: Option<UciMove>,
}

impl Info {
    /// Reads the words after `info`.
    pub(super) fn parse<'a>(
        words: &mut impl Iterator<Item = &'a str>,
    ) -> Result<Info, ParseLineError> {
        let mut info = Info::default();
        let mut words = words.peekable();
        while let Some(key) = words.next() {
            match key {
                "depth" => info.depth = Some(number("depth", words.next())?),
                "seldepth" => info.seldepth = Some(number("seldepth", words.next())?),
                "multipv" => info.multipv = Some(number("multipv", words.next())?),
                "nodes" => info.nodes = Some(number("nodes", words.next())?),
                "time" => info.time = Some(number("time", words.next())?),
                "score" => info.score = Some(score(words.next(), words.next())?),
                "wdl" => {
                    info.wdl = Some(Wdl {
                        win: number("wdl", words.next())?,
                        draw: number("wdl", words.next())?,
                        loss: number("wdl", words.next())?,
                    })
                }
                "pv" | "refutation" | "currline" => {
                    let mut first = None;
                    while let Some(mv) = words.peek().and_then(|w| w.parse::<UciMove>().ok()) {
                        first = first.or(Some(mv));
                        words.next();
                    }
                    if key == "pv" {
                        info.pv = first;
                    }
                }
                // The rest of the line is free text.
                "string" => break,
                "lowerbound" | "upperbound" => {}
                // Every other key (nps, hashfull, tbhits, currmove, …) has one value.
                _ => {
                    words.next();
                }
            }
        }
        Ok(info)
    }
}

/// The number after `key`.
fn number<T: core::str::FromStr>(
    key: &'static str,
    word: Option<&str>,
) -> Result<T, ParseLineError> {
    let word = word.ok_or(ParseLineError::MissingValue { key })?;
    word.parse().map_err(|_| ParseLineError::BadValue {
        key,
        value: word.to_owned(),
    })
}

/// `cp N` or `mate N`.
fn score(kind: Option<&str>, value: Option<&str>) -> Result<Score, ParseLineError> {
    match kind {
        Some("cp") => number("score cp", value).map(Score::Centipawns),
        Some("mate") => number("score mate", value).map(Score::Mate),
        Some(other) => Err(ParseLineError::BadValue {
            key: "score",
            value: other.to_owned(),
        }),
        None => Err(ParseLineError::MissingValue { key: "score" }),
    }
}

/// Every move of an `info` line's `pv`, in order: none when it has none. ([`Info::pv`] is
/// its first.)
///
/// ```
/// use chess960_engine::uci::pv;
///
/// let line = "info depth 2 multipv 2 score cp -12 pv g1f3 g8f6 string pv e2e4";
/// let moves: Vec<String> = pv(line).iter().map(ToString::to_string).collect();
/// assert_eq!(moves, ["g1f3", "g8f6"]);
/// assert!(pv("info depth 2 nodes 40").is_empty());
/// ```
pub fn pv(line: &str) -> Vec<UciMove> {
    let mut words = line.split_ascii_whitespace().skip_while(|&w| w == "info");
    let mut moves = Vec::new();
    while let Some(word) = words.next() {
        match word {
            "string" => break,
            "pv" => {
                moves.extend(words.by_ref().map_while(|w| w.parse::<UciMove>().ok()));
                break;
            }
            _ => {}
        }
    }
    moves
}
