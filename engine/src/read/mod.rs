//! Records read back from CSV or JSON Lines, a line at a time: what resuming a run and
//! building a book by balance need. CSV files may be concatenated (their headers repeat);
//! lines that begin with `#` are comments (the shipped table's header).

mod error;
mod fields;

use std::collections::HashMap;
use std::io::{BufRead, Chain, Cursor, Read};

use csv::StringRecord;
use serde_json::Value;

use crate::record::{Record, RecordFormat};
pub(crate) use fields::Fields;

pub use error::ReadRecordError;

/// The records of an eval file (CSV with a header, or JSON Lines), in order.
///
/// ```
/// use chess960_engine::{Limit, Records, Score};
///
/// let file = "sp,rank,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error\n\
///             518,RNBQKBNR,31,,60,920,20,12,18,1000,2,e2e4,e2e4,Stockfish 15.1,nodes=1000,ok,\n";
/// let records: Vec<_> = Records::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(records[0].limit, Limit::Nodes(1000));
/// assert_eq!(records[0].outcome.as_ref().unwrap().score, Score::Centipawns(31));
/// # Ok::<(), chess960_engine::ReadRecordError>(())
/// ```
pub struct Records<R> {
    lines: Lines<R>,
}

/// The lines of an eval file, read as rows of named fields, whatever record they hold.
pub(crate) struct Lines<R> {
    state: State<R>,
}

impl<R> std::fmt::Debug for Records<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Records").finish_non_exhaustive()
    }
}

/// Where the reading stands.
enum State<R> {
    /// Before the first line that is no comment: the format is not known yet.
    Start(R),
    /// CSV: one reader over the whole input (from the first such line), and the last header.
    Csv {
        reader: csv::Reader<Chain<Cursor<Vec<u8>>, R>>,
        row: StringRecord,
        header: Option<Vec<String>>,
        /// Lines before the reader's first.
        before: u64,
    },
    /// JSON Lines, a line at a time.
    Json {
        input: R,
        line: u64,
        text: String,
    },
    Done,
}

impl<R: BufRead> Records<R> {
    /// Reads the records of `input`.
    pub fn new(input: R) -> Records<R> {
        Records {
            lines: Lines::new(input),
        }
    }

    /// The format of the records read so far: `None` before the first line that is no
    /// comment or blank (or in a file without one).
    ///
    /// ```
    /// use chess960_engine::{RecordFormat, Records};
    ///
    /// let mut records = Records::new("# a comment\n{\"sp\": 518}\n".as_bytes());
    /// assert_eq!(records.format(), None);
    /// let _ = records.next();
    /// assert_eq!(records.format(), Some(RecordFormat::Json));
    /// ```
    pub fn format(&self) -> Option<RecordFormat> {
        self.lines.format()
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, ReadRecordError>;

    fn next(&mut self) -> Option<Result<Record, ReadRecordError>> {
        self.lines
            .next_with(&["sp,rank", "white_sp"], &|fields: &Fields| fields.record())
    }
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Lines<R> {
        Lines {
            state: State::Start(input),
        }
    }

    pub(crate) fn format(&self) -> Option<RecordFormat> {
        match self.state {
            State::Csv { .. } => Some(RecordFormat::Csv),
            State::Json { .. } => Some(RecordFormat::Json),
            State::Start(_) | State::Done => None,
        }
    }

    /// Reads up to the first line that is no comment or blank, and decides the format.
    fn start(&mut self, mut input: R) -> Result<(), ReadRecordError> {
        let mut before = 0;
        let mut text = String::new();
        loop {
            text.clear();
            if input.read_line(&mut text).map_err(ReadRecordError::Io)? == 0 {
                return Ok(());
            }
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                before += 1;
                continue;
            }
            self.state = if trimmed.starts_with('{') {
                State::Json {
                    input,
                    line: before,
                    text,
                }
            } else {
                let reader = csv::ReaderBuilder::new()
                    .has_headers(false)
                    .flexible(true)
                    .comment(Some(b'#'))
                    .from_reader(Cursor::new(text.into_bytes()).chain(input));
                State::Csv {
                    reader,
                    row: StringRecord::new(),
                    header: None,
                    before,
                }
            };
            return Ok(());
        }
    }

    /// The next row that is no header, comment or blank line, read by `parse`; a CSV header
    /// is a row whose first column is the first of one of `headers` (each a header's first
    /// columns, as an error shows them).
    pub(crate) fn next_with<T>(
        &mut self,
        headers: &[&str],
        parse: &dyn Fn(&Fields) -> Result<T, ReadRecordError>,
    ) -> Option<Result<T, ReadRecordError>> {
        loop {
            match &mut self.state {
                State::Start(_) => {
                    let State::Start(input) = core::mem::replace(&mut self.state, State::Done)
                    else {
                        return None;
                    };
                    if let Err(err) = self.start(input) {
                        return Some(Err(err));
                    }
                }
                State::Json { input, line, text } => {
                    // The first line was read by `start`; every other one here.
                    if text.is_empty() {
                        match input.read_line(text) {
                            Ok(0) => return None,
                            Ok(_) => {}
                            Err(err) => return Some(Err(ReadRecordError::Io(err))),
                        }
                    }
                    *line += 1;
                    let result = json_record(text, *line, parse);
                    text.clear();
                    match result {
                        Ok(None) => continue,
                        Ok(Some(record)) => return Some(Ok(record)),
                        Err(err) => return Some(Err(err)),
                    }
                }
                State::Csv {
                    reader,
                    row,
                    header,
                    before,
                } => {
                    match reader.read_record(row) {
                        Ok(false) => return None,
                        Ok(true) => {}
                        Err(err) => {
                            let why = err.to_string();
                            let line = *before + err.position().map_or(0, |p| p.line());
                            self.state = State::Done;
                            return Some(Err(ReadRecordError::NotARecord { line, why }));
                        }
                    }
                    let line = *before + row.position().map_or(0, |p| p.line());
                    match csv_record(row, header, line, headers, parse) {
                        Ok(None) => continue,
                        Ok(Some(record)) => return Some(Ok(record)),
                        Err(err) => return Some(Err(err)),
                    }
                }
                State::Done => return None,
            }
        }
    }
}

/// A CSV row's record; `Ok(None)` for a header (which it keeps) or a blank row.
fn csv_record<T>(
    row: &StringRecord,
    header: &mut Option<Vec<String>>,
    line: u64,
    headers: &[&str],
    parse: &dyn Fn(&Fields) -> Result<T, ReadRecordError>,
) -> Result<Option<T>, ReadRecordError> {
    match row.get(0) {
        Some(first) if headers.iter().any(|h| h.split(',').next() == Some(first)) => {
            *header = Some(row.iter().map(str::to_owned).collect());
            return Ok(None);
        }
        Some(first) if header.is_none() && kind_of_header(first).is_some() => {
            let kind = kind_of_header(first).unwrap_or_default();
            let why = format!(
                "`{first},…` is the header of {kind}, where this reads one whose header is {}",
                headers
                    .iter()
                    .map(|h| format!("`{h},…`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            );
            return Err(ReadRecordError::NotARecord { line, why });
        }
        None | Some("") if row.len() <= 1 => return Ok(None),
        _ => {}
    }
    let Some(header) = header else {
        let why = format!("a CSV row before any header ({},…)", headers.join(",… or "));
        return Err(ReadRecordError::NotARecord { line, why });
    };
    let get = |column: &str| {
        let at = header.iter().position(|name| name == column)?;
        row.get(at)
    };
    no_line_breaks(header.iter().map(String::as_str).zip(row.iter()), line)?;
    parse(&Fields { get: &get, line }).map(Some)
}

/// The kind of eval file a header beginning with `first` is, if it is one of this tool's.
fn kind_of_header(first: &str) -> Option<&'static str> {
    match first {
        "sp" => Some("an eval file of starts (`chess960 eval`)"),
        "white_sp" => Some("an eval file of pairs (`chess960 eval --dfrc`)"),
        "fen" => Some("an eval file of positions (`chess960 eval --from-index`)"),
        _ => None,
    }
}

/// A JSON line's record; `Ok(None)` for a blank or comment line.
fn json_record<T>(
    text: &str,
    line: u64,
    parse: &dyn Fn(&Fields) -> Result<T, ReadRecordError>,
) -> Result<Option<T>, ReadRecordError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let object: serde_json::Map<String, Value> =
        serde_json::from_str(text).map_err(|err| ReadRecordError::NotARecord {
            line,
            why: format!("not a JSON object: {err}"),
        })?;
    let fields: HashMap<String, String> = object
        .into_iter()
        .filter_map(|(key, value)| match value {
            Value::Null => None,
            Value::String(text) => Some((key, text)),
            other => Some((key, other.to_string())),
        })
        .collect();
    no_line_breaks(fields.iter().map(|(k, v)| (k.as_str(), v.as_str())), line)?;
    let get = |column: &str| fields.get(column).map(String::as_str);
    parse(&Fields { get: &get, line }).map(Some)
}

/// An error for the first value that holds a line break: records are one line each.
fn no_line_breaks<'a>(
    mut fields: impl Iterator<Item = (&'a str, &'a str)>,
    line: u64,
) -> Result<(), ReadRecordError> {
    match fields.find(|(_, value)| value.contains(['\n', '\r'])) {
        Some((column, _)) => Err(ReadRecordError::BadField {
            line,
            column: column.to_owned(),
            why: "a record's values hold no line breaks".to_owned(),
        }),
        None => Ok(()),
    }
}
