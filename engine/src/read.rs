//! Records read back from CSV or JSON Lines, a line at a time: what resuming a run and
//! building a book by balance need. CSV files may be concatenated (their headers repeat);
//! lines that begin with `#` are comments (the shipped table's header).

use core::fmt;
use core::str::FromStr;
use std::collections::HashMap;
use std::io::{self, BufRead};

use chess960::book::BookEntry;
use chess960::{DoubleStartingPosition, StartingPosition, UciMove};
use serde_json::Value;

use crate::engine::Evaluation;
use crate::failure::{Failure, FailureKind};
use crate::record::{COLUMNS, Record};
use crate::score::{Score, Wdl};

/// Why a line of an eval file is not a record.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadRecordError {
    /// The file could not be read.
    Io(io::Error),
    /// A line is neither a JSON object nor CSV after a header.
    NotARecord {
        /// The line number, from 1.
        line: u64,
        /// Why.
        why: String,
    },
    /// A column is missing, or its value cannot be read.
    BadField {
        /// The line number, from 1.
        line: u64,
        /// The column.
        column: String,
        /// What is wrong with it.
        why: String,
    },
}

impl fmt::Display for ReadRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadRecordError::Io(err) => write!(f, "{err}"),
            ReadRecordError::NotARecord { line, why } => write!(f, "line {line}: {why}"),
            ReadRecordError::BadField { line, column, why } => {
                write!(f, "line {line}: column `{column}`: {why}")
            }
        }
    }
}

impl core::error::Error for ReadRecordError {}

/// The records of an eval file (CSV with a header, or JSON Lines), in order.
///
/// ```
/// use chess960_engine::{Limit, Records, Score};
///
/// let file = "id,rank,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error\n\
///             518,RNBQKBNR,31,,60,920,20,12,18,1000,2,e2e4,e2e4,Stockfish 15.1,nodes=1000,ok,\n";
/// let records: Vec<_> = Records::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(records[0].limit, Limit::Nodes(1000));
/// assert_eq!(records[0].outcome.as_ref().unwrap().score, Score::Centipawns(31));
/// # Ok::<(), chess960_engine::ReadRecordError>(())
/// ```
pub struct Records<R> {
    input: R,
    line: u64,
    header: Option<Vec<String>>,
    text: String,
}

impl<R: BufRead> Records<R> {
    /// Reads the records of `input`.
    pub fn new(input: R) -> Records<R> {
        Records {
            input,
            line: 0,
            header: None,
            text: String::new(),
        }
    }

    /// The next line's record; `Ok(None)` for a header, a comment or a blank line.
    fn record(&mut self) -> Result<Option<Record>, ReadRecordError> {
        let line = self.line;
        let text = self.text.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() || text.starts_with('#') {
            return Ok(None);
        }
        let fields: HashMap<String, String> = if text.trim_start().starts_with('{') {
            json_fields(text).map_err(|why| ReadRecordError::NotARecord { line, why })?
        } else {
            let row = csv_row(text).map_err(|why| ReadRecordError::NotARecord { line, why })?;
            if row
                .first()
                .is_some_and(|first| first == "id" || first == "white_id")
            {
                self.header = Some(row);
                return Ok(None);
            }
            let Some(header) = &self.header else {
                let why = "a CSV row before any header (id,rank,… or white_id,…)".to_owned();
                return Err(ReadRecordError::NotARecord { line, why });
            };
            header.iter().cloned().zip(row).collect()
        };
        if let Some((column, _)) = fields
            .iter()
            .find(|(_, value)| value.contains(['\n', '\r']))
        {
            return Err(ReadRecordError::BadField {
                line,
                column: column.clone(),
                why: "a record's values hold no line breaks".to_owned(),
            });
        }
        from_fields(&fields, line).map(Some)
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadRecordError>;

    fn next(&mut self) -> Option<Result<Record, ReadRecordError>> {
        loop {
            self.text.clear();
            match self.input.read_line(&mut self.text) {
                Ok(0) => return None,
                Ok(_) => self.line += 1,
                Err(err) => return Some(Err(ReadRecordError::Io(err))),
            }
            match self.record() {
                Ok(None) => continue,
                Ok(Some(record)) => return Some(Ok(record)),
                Err(err) => return Some(Err(err)),
            }
        }
    }
}

/// One CSV line's fields.
fn csv_row(text: &str) -> Result<Vec<String>, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    match reader.records().next() {
        Some(Ok(row)) => Ok(row.iter().map(str::to_owned).collect()),
        Some(Err(err)) => Err(err.to_string()),
        None => Ok(Vec::new()),
    }
}

/// A JSON object's fields as text (`null`: absent).
fn json_fields(text: &str) -> Result<HashMap<String, String>, String> {
    let object: serde_json::Map<String, Value> =
        serde_json::from_str(text).map_err(|err| format!("not a JSON object: {err}"))?;
    Ok(object
        .into_iter()
        .filter_map(|(key, value)| match value {
            Value::Null => None,
            Value::String(text) => Some((key, text)),
            other => Some((key, other.to_string())),
        })
        .collect())
}

/// A record from its columns.
fn from_fields(fields: &HashMap<String, String>, line: u64) -> Result<Record, ReadRecordError> {
    let bad = |column: &str, why: String| ReadRecordError::BadField {
        line,
        column: column.to_owned(),
        why,
    };
    let text = |column: &str| {
        fields
            .get(column)
            .map(String::as_str)
            .filter(|t| !t.is_empty())
    };
    let required = |column: &str| text(column).ok_or_else(|| bad(column, "missing".to_owned()));
    fn parsed<T: FromStr>(
        column: &str,
        text: Option<&str>,
        bad: impl Fn(&str, String) -> ReadRecordError,
    ) -> Result<Option<T>, ReadRecordError>
    where
        T::Err: fmt::Display,
    {
        text.map(|t| {
            t.parse::<T>()
                .map_err(|err| bad(column, format!("`{t}`: {err}")))
        })
        .transpose()
    }
    let side = |prefix: &str| -> Result<StartingPosition, ReadRecordError> {
        let rank_column = format!("{prefix}rank");
        let rank: StartingPosition = parsed(&rank_column, Some(required(&rank_column)?), bad)?
            .ok_or_else(|| bad(&rank_column, "missing".to_owned()))?;
        let id_column = format!("{prefix}id");
        let id: Option<u16> = parsed(&id_column, text(&id_column), bad)?;
        match id {
            Some(id) if id != rank.id() => Err(bad(
                &id_column,
                format!("{id} is not the id of {rank} ({})", rank.id()),
            )),
            _ => Ok(rank),
        }
    };
    let dfrc = fields.contains_key("white_rank");
    let position = if dfrc {
        BookEntry::Dfrc(DoubleStartingPosition::new(
            side("white_")?,
            side("black_")?,
        ))
    } else {
        BookEntry::Chess960(side("")?)
    };
    let engine = required("engine")?.to_owned();
    let limit = parsed("limit", Some(required("limit")?), bad)?
        .ok_or_else(|| bad("limit", "missing".to_owned()))?;
    let status = required("status")?;
    let outcome = if status == "ok" {
        let cp: Option<i32> = parsed(COLUMNS[0], text(COLUMNS[0]), bad)?;
        let mate: Option<i32> = parsed(COLUMNS[1], text(COLUMNS[1]), bad)?;
        let score = match (cp, mate) {
            (Some(cp), None) => Score::Centipawns(cp),
            (None, Some(mate)) => Score::Mate(mate),
            _ => {
                return Err(bad(
                    "cp",
                    "a record gives cp or mate, one of them".to_owned(),
                ));
            }
        };
        let win: Option<u32> = parsed("win", text("win"), bad)?;
        let draw: Option<u32> = parsed("draw", text("draw"), bad)?;
        let loss: Option<u32> = parsed("loss", text("loss"), bad)?;
        let wdl = match (win, draw, loss) {
            (Some(win), Some(draw), Some(loss)) => Some(Wdl { win, draw, loss }),
            (None, None, None) => None,
            _ => return Err(bad("win", "win, draw and loss come together".to_owned())),
        };
        Ok(Evaluation {
            score,
            wdl,
            depth: parsed("depth", text("depth"), bad)?,
            seldepth: parsed("seldepth", text("seldepth"), bad)?,
            nodes: parsed("nodes", text("nodes"), bad)?,
            time: parsed("time_ms", text("time_ms"), bad)?,
            best_move: parsed::<UciMove>("best_move", Some(required("best_move")?), bad)?
                .ok_or_else(|| bad("best_move", "missing".to_owned()))?,
        })
    } else {
        let kind: FailureKind = status
            .parse()
            .map_err(|err| bad("status", format!("{err}, or ok")))?;
        Err(Failure::new(kind, text("error").unwrap_or("")))
    };
    Ok(Record {
        position,
        engine,
        limit,
        outcome,
    })
}
