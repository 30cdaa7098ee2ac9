//! A line as a start or a pair of starts, in every form the tool writes: one POS or two
//! (`518`, `105 451`, `QNRBBNKR BRNNKQRB`), `NUMBER RANK` lines (`list`, `random`, `draw`,
//! `book --format text`, and the start of the bare command's summary), `eval`'s text records
//! (`518 RNBQKBNR: +0.31 …`), CSV and JSON Lines records, FENs, EPD lines, and PGN tags.

use chess960::fen::FenReader;
use chess960::numbering::Numbering;
use chess960::{DoubleStartingPosition, ParseStartError, Piece, StartingPosition};
use serde_json::{Map, Value};

use super::error::PosError;

/// What a line holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Read {
    /// A start for White and one for Black (the same one unless the line gives two).
    Start(DoubleStartingPosition),
    /// A line of a file of positions that names none: what it is (a CSV header, a PGN tag).
    Nothing(&'static str),
}

/// Reads one line (white space around it ignored).
pub fn read(text: &str, numbering: Numbering) -> Result<Read, PosError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseStartError::Empty.into());
    }
    let start = if text.starts_with("[{") || text.starts_with("[[") {
        return Err(PosError::Json(
            "an array (as `castling` writes) names no start position".to_owned(),
        ));
    } else if text.starts_with('[') {
        return pgn_tag(text);
    } else if text.starts_with('{') {
        json(text)
    } else if csv_like(text) {
        return csv(text);
    } else if let Some((position, _)) = text.split_once(": ") {
        // An eval record (`518 RNBQKBNR: +0.31 …`): the position comes before the colon.
        words(position, numbering)
    } else if text.contains('/') {
        fen(text)
    } else {
        words(text, numbering)
    };
    start.map(Read::Start)
}

/// A FEN, with its counters, or an EPD line: four FEN fields, then operations (`hmvc 0;`);
/// four fields alone are read as an EPD line too.
fn fen(text: &str) -> Result<DoubleStartingPosition, PosError> {
    // The first four fields, and what follows them.
    let mut rest = text;
    for _ in 0..4 {
        rest = rest
            .trim_start()
            .trim_start_matches(|c: char| !c.is_whitespace());
    }
    let four = &text[..text.len() - rest.len()];
    let fifth = rest.split_whitespace().next();
    let epd = four.split_whitespace().count() == 4
        && fifth.is_none_or(|f| !f.bytes().all(|b| b.is_ascii_digit()));
    let (reader, text) = if epd {
        (FenReader::STRICT.ignore_counters(), four)
    } else {
        (FenReader::STRICT, text)
    };
    reader
        .read_either_way::<DoubleStartingPosition>(text)
        .map(|(pair, _)| pair)
        .map_err(|err| ParseStartError::Fen(err).into())
}

/// One POS, or White's and Black's; a `NUMBER RANK` side is checked both ways and may be
/// followed by the rest of a summary line (from the first word of chess symbols on).
fn words(text: &str, numbering: Numbering) -> Result<DoubleStartingPosition, PosError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut at = 0;
    let (white, summary) = side(&words, &mut at, numbering)?;
    let ends = |at: usize, summary: bool| {
        words
            .get(at)
            .is_none_or(|w| summary && w.starts_with(is_symbol))
    };
    if ends(at, summary) {
        return Ok(DoubleStartingPosition::new(white, white));
    }
    let (black, summary) = side(&words, &mut at, numbering)?;
    if ends(at, summary) {
        return Ok(DoubleStartingPosition::new(white, black));
    }
    Err(ParseStartError::TooManyWords { words: words.len() }.into())
}

/// The side at `words[*at]`: `NUMBER RANK` (then `true`: a summary may follow) or one POS.
fn side(
    words: &[&str],
    at: &mut usize,
    numbering: Numbering,
) -> Result<(StartingPosition, bool), PosError> {
    let first = words.get(*at).copied().unwrap_or("");
    let is_number = first
        .strip_prefix(['+', '-'])
        .unwrap_or(first)
        .bytes()
        .all(|b| b.is_ascii_digit());
    let rank = words.get(*at + 1).map(|w| w.parse::<StartingPosition>());
    if let Some(Ok(rank)) = rank.filter(|_| is_number) {
        let named = StartingPosition::parse_numbered(first, numbering)?;
        if named != rank {
            let number = numbering.number(named);
            return Err(PosError::Mismatch {
                number,
                named,
                rank,
            });
        }
        *at += 2;
        return Ok((named, true));
    }
    *at += 1;
    Ok((StartingPosition::parse_numbered(first, numbering)?, false))
}

fn rank_error(err: chess960::ParseBackRankError) -> PosError {
    ParseStartError::Rank(err).into()
}

/// A chess symbol, as the summary's picture of the back rank begins.
fn is_symbol(c: char) -> bool {
    !c.is_ascii() && Piece::from_char(c).is_some()
}

/// Whether a line is CSV: a comma before any white space.
fn csv_like(text: &str) -> bool {
    text.find(',')
        .is_some_and(|comma| !text[..comma].contains(char::is_whitespace))
}

/// A CSV record of the tool's: the start is in its back-rank field (White's and Black's for
/// pairs) or its FEN field; a header names no start.
fn csv(text: &str) -> Result<Read, PosError> {
    let fields = || text.split(',').map(str::trim);
    if fields().all(is_column) {
        return Ok(Read::Nothing("a CSV header"));
    }
    // A FEN's placement has 7 slashes (a result, 1/2-1/2, has one).
    if let Some(fen_field) = fields().find(|f| f.matches('/').count() >= 7) {
        return fen(fen_field).map(Read::Start);
    }
    // Rank fields are piece letters or symbols only (a Variant, Chess960, is not).
    let ranks = fields()
        .filter(|f| !f.is_empty() && f.chars().all(|c| Piece::from_char(c).is_some()))
        .map(|f| f.parse::<StartingPosition>().map_err(rank_error))
        .collect::<Result<Vec<_>, _>>()?;
    match ranks[..] {
        [sp] => Ok(Read::Start(DoubleStartingPosition::new(sp, sp))),
        [white, black] => Ok(Read::Start(DoubleStartingPosition::new(white, black))),
        _ => Err(PosError::CsvRanks { ranks: ranks.len() }),
    }
}

/// A column name the tool writes in a CSV header.
fn is_column(field: &str) -> bool {
    let name = field
        .strip_prefix("white_")
        .or_else(|| field.strip_prefix("black_"))
        .unwrap_or(field);
    const LISTS: [&str; 6] = ["draw", "sp", "one_based", "fritz", "rank", "fen"];
    let stats = chess960_pgn::stats::COLUMNS
        .iter()
        .map(|(column, _)| *column);
    LISTS.contains(&name)
        || chess960_pgn::GAME_COLUMNS
            .iter()
            .any(|(column, _)| *column == field)
        || stats.into_iter().any(|column| column == field)
        || chess960_engine::COLUMNS.contains(&field.strip_prefix("engine_").unwrap_or(name))
}

/// A JSON Lines record of the tool's: an object with `fen`, `rank`, or `white_rank` and
/// `black_rank`.
fn json(text: &str) -> Result<DoubleStartingPosition, PosError> {
    let object: Map<String, Value> =
        serde_json::from_str(text).map_err(|err| PosError::Json(err.to_string()))?;
    let field = |key: &str| object.get(key).and_then(Value::as_str);
    let rank = |text: &str| text.parse::<StartingPosition>().map_err(rank_error);
    if let Some(text) = field("fen") {
        return fen(text);
    }
    match (field("white_rank"), field("black_rank"), field("rank")) {
        (Some(white), Some(black), _) => {
            Ok(DoubleStartingPosition::new(rank(white)?, rank(black)?))
        }
        (_, _, Some(sp)) => rank(sp).map(|sp| DoubleStartingPosition::new(sp, sp)),
        _ => Err(PosError::Json(
            "expected the key \"rank\", \"white_rank\" and \"black_rank\", or \"fen\"".to_owned(),
        )),
    }
}

/// A PGN tag pair, `[Name "value"]`: a FEN tag's start, or nothing.
fn pgn_tag(text: &str) -> Result<Read, PosError> {
    let inside = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or(PosError::PgnTag)?;
    let (name, value) = inside
        .trim()
        .split_once(char::is_whitespace)
        .ok_or(PosError::PgnTag)?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or(PosError::PgnTag)?;
    if name == "FEN" {
        fen(value).map(Read::Start)
    } else {
        Ok(Read::Nothing("a PGN tag"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Result<(u16, u16), PosError> {
        match read(text, Numbering::Scharnagl)? {
            Read::Start(pair) => Ok((pair.white().id(), pair.black().id())),
            Read::Nothing(what) => Err(PosError::NoPosition(what)),
        }
    }

    #[test]
    fn the_tools_own_lines() {
        let dfrc = Ok((105, 451));
        assert_eq!(ids("518 RNBQKBNR"), Ok((518, 518)));
        assert_eq!(ids("105 451"), dfrc);
        assert_eq!(ids("QNRBBNKR BRNNKQRB"), dfrc);
        assert_eq!(ids("105 QNRBBNKR 451 BRNNKQRB"), dfrc);
        assert_eq!(
            ids("518 RNBQKBNR ♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1 (standard chess)"),
            Ok((518, 518))
        );
        assert_eq!(ids("♖♘♗♕♔♗♘♖ ♜♞♝♛♚♝♞♜"), Ok((518, 518)));
        assert_eq!(ids("1,105,QNRBBNKR,451,BRNNKQRB"), dfrc);
        assert_eq!(ids("359,RNBQKBNR"), Ok((518, 518)));
        // `games`: a game's line (a result with a slash, a Variant of 8 characters), and stats.
        assert_eq!(
            ids("3,105,451,1/2-1/2,Chess960,QNRBBNKR,BRNNKQRB,278,"),
            dfrc
        );
        assert_eq!(ids("105,451,QNRBBNKR,BRNNKQRB,1,0,0,0,1,,,,,,,"), dfrc);
        for header in [
            "file,game,white_sp,black_sp,result,variant,white_rank,black_rank,offset,note",
            "white_sp,black_sp,white_rank,black_rank,games,white_wins,draws,black_wins,unfinished,score,normal_low,normal_high,wilson_low,wilson_high,elo,elo_low,elo_high",
        ] {
            assert_eq!(ids(header), Err(PosError::NoPosition("a CSV header")));
        }
        assert_eq!(
            ids("draw,white_sp,white_rank,black_sp,black_rank"),
            Err(PosError::NoPosition("a CSV header"))
        );
        assert_eq!(
            ids(
                r#"{"draw": 1, "white_sp": 105, "white_rank": "QNRBBNKR", "black_sp": 451, "black_rank": "BRNNKQRB"}"#
            ),
            dfrc
        );
        assert_eq!(ids(r#"{"sp": 105, "rank": "QNRBBNKR"}"#), Ok((105, 105)));
        let epd = r#"brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - hmvc 0; fmvn 1; id "dfrc 105 451";"#;
        assert_eq!(ids(epd), dfrc);
        assert_eq!(
            ids("brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq -"),
            dfrc
        );
        assert_eq!(
            ids(r#"[FEN "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1"]"#),
            dfrc
        );
        assert_eq!(
            ids(r#"[Event "chess960 518"]"#),
            Err(PosError::NoPosition("a PGN tag"))
        );
    }

    #[test]
    fn bad_lines() {
        let mismatch = ids("105 BRNNKQRB").unwrap_err();
        assert_eq!(mismatch.to_string(), "105 is QNRBBNKR, not BRNNKQRB");
        assert_eq!(
            ids("1 2 3"),
            Err(ParseStartError::TooManyWords { words: 3 }.into())
        );
        assert_eq!(
            ids("518 RNBQKBNR king"),
            Err(ParseStartError::Unrecognised.into())
        );
        assert_eq!(
            ids("518 RNBQKBNR 0 BBQNNRKR 1"),
            Err(ParseStartError::TooManyWords { words: 5 }.into())
        );
        assert_eq!(ids("1,2"), Err(PosError::CsvRanks { ranks: 0 }));
        assert_eq!(ids("[FEN]").unwrap_err(), PosError::PgnTag);
        assert!(matches!(
            ids("[{\"colour\": \"white\"}]"),
            Err(PosError::Json(_))
        ));
        assert!(matches!(ids("{\"id\": 1}"), Err(PosError::Json(_))));
        assert!(matches!(ids("{"), Err(PosError::Json(_))));
        assert_eq!(ids("0x10"), Err(ParseStartError::Unrecognised.into()));
        assert_eq!(
            ids("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x")
                .unwrap_err()
                .to_string(),
            "FEN expected at most 6 fields, found 7"
        );
    }
}
