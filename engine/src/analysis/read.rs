//! Analyses read back from their rows (CSV or JSON Lines, as [`super::record`] writes them):
//! a record's rows are its lines in order, so a record ends where the next row's line is not
//! the next number, or its position, engine or limit differ.

use std::io::BufRead;

use chess960::UciMove;

use super::lines::{Analysis, Line};
use super::position::Position;
use super::record::AnalysisRecord;
use crate::failure::{Failure, FailureKind};
use crate::limit::Limit;
use crate::read::{Fields, Lines, ReadRecordError};
use crate::record::RecordFormat;
use crate::score::{Score, Wdl};

/// The analyses of an eval file of positions, in order.
///
/// ```
/// use chess960_engine::{AnalysisRecords, Score};
///
/// let file = "fen,multipv,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,pv,engine,limit,threads,date,status,error\n\
///     qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR b HChc -,1,-25,,,,,14,20,1000,3,f8g6 g1h1,Stockfish 17,nodes=1000,1,2026-11-26,ok,\n\
///     qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR b HChc -,2,-31,,,,,14,20,1000,3,g7g6,Stockfish 17,nodes=1000,1,2026-11-26,ok,\n";
/// let records: Vec<_> = AnalysisRecords::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// let analysis = records[0].outcome.as_ref().unwrap();
/// assert_eq!(analysis.lines.len(), 2);
/// assert_eq!(analysis.lines[1].score, Score::Centipawns(-31));
/// # Ok::<(), chess960_engine::ReadRecordError>(())
/// ```
pub struct AnalysisRecords<R> {
    lines: Lines<R>,
    /// A row read that begins the next record.
    next: Option<Row>,
}

impl<R> std::fmt::Debug for AnalysisRecords<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnalysisRecords").finish_non_exhaustive()
    }
}

/// One row: a line of an analysis, or a failure.
struct Row {
    position: Position,
    engine: String,
    limit: Limit,
    threads: u32,
    date: Option<String>,
    /// The line's number and the line, or the failure.
    line: Result<(u32, Line), Failure>,
    nodes: Option<u64>,
    time: Option<u64>,
    /// Its line in the file.
    row_line: u64,
}

impl<R: BufRead> AnalysisRecords<R> {
    /// Reads the analyses of `input`.
    pub fn new(input: R) -> AnalysisRecords<R> {
        AnalysisRecords {
            lines: Lines::new(input),
            next: None,
        }
    }

    /// The format of the rows read so far: `None` before the first.
    pub fn format(&self) -> Option<RecordFormat> {
        self.lines.format()
    }

    fn row(&mut self) -> Option<Result<Row, ReadRecordError>> {
        self.lines
            .next_with(&["fen,multipv"], &|fields: &Fields| row(fields))
    }
}

impl<R: BufRead> Iterator for AnalysisRecords<R> {
    type Item = Result<AnalysisRecord, ReadRecordError>;

    fn next(&mut self) -> Option<Result<AnalysisRecord, ReadRecordError>> {
        let first = match self.next.take() {
            Some(row) => row,
            None => match self.row()? {
                Ok(row) => row,
                Err(err) => return Some(Err(err)),
            },
        };
        let mut record = AnalysisRecord::new(
            first.position.clone(),
            first.engine.clone(),
            first.limit,
            first.threads,
            Err(Failure::new(FailureKind::Protocol, "")),
        );
        record.date = first.date.clone();
        let (mut number, first_line) = match first.line {
            Err(failure) => {
                record.outcome = Err(failure);
                return Some(Ok(record));
            }
            Ok((1, line)) => (1, line),
            Ok((number, _)) => {
                let why = format!(
                    "line {number} of {} comes without line 1 before it",
                    record.position
                );
                return Some(Err(ReadRecordError::BadField {
                    line: first.row_line,
                    column: "multipv".to_owned(),
                    why,
                }));
            }
        };
        let mut analysis = Analysis {
            lines: vec![first_line],
            nodes: first.nodes,
            time: first.time,
        };
        loop {
            let row = match self.row() {
                None => break,
                Some(Err(err)) => return Some(Err(err)),
                Some(Ok(row)) => row,
            };
            let same = row.position == record.position
                && row.engine == record.engine
                && row.limit == record.limit
                && row.date == record.date;
            match row.line {
                Ok((next, line)) if same && next == number + 1 => {
                    analysis.lines.push(line);
                    number = next;
                }
                _ => {
                    self.next = Some(row);
                    break;
                }
            }
        }
        record.outcome = Ok(analysis);
        Some(Ok(record))
    }
}

/// A row from its fields.
fn row(fields: &Fields) -> Result<Row, ReadRecordError> {
    if fields.text("fen").is_none() && (fields.text("sp").or(fields.text("white_sp"))).is_some() {
        let why = "missing: a record of starts (`sp`, `chess960 eval`), where analyses of \
                   positions are read (`fen`, `chess960 eval --from-index`)";
        return Err(fields.bad("fen", why));
    }
    let position = fields.parsed_required::<Position>("fen")?;
    let engine = fields.required("engine")?.to_owned();
    let limit = fields.parsed_required("limit")?;
    let threads = fields.parsed("threads")?.unwrap_or(1);
    let date = fields.text("date").map(str::to_owned);
    let status = fields.required("status")?;
    let line = if status == "ok" {
        let score = match (fields.parsed("cp")?, fields.parsed("mate")?) {
            (Some(cp), None) => Score::Centipawns(cp),
            (None, Some(mate)) => Score::Mate(mate),
            _ => return Err(fields.bad("cp", "a line gives cp or mate, one of them")),
        };
        let wdl = match (
            fields.parsed("win")?,
            fields.parsed("draw")?,
            fields.parsed("loss")?,
        ) {
            (Some(win), Some(draw), Some(loss)) => Some(Wdl { win, draw, loss }),
            (None, None, None) => None,
            _ => return Err(fields.bad("win", "win, draw and loss come together")),
        };
        let moves = fields
            .text("pv")
            .unwrap_or("")
            .split_ascii_whitespace()
            .map(|mv| {
                mv.parse::<UciMove>()
                    .map_err(|err| fields.bad("pv", format!("`{mv}`: {err}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let moves = position.legal_line(&moves).map_err(|(at, mv)| {
            fields.bad("pv", format!("move {} ({mv}) is not legal there", at + 1))
        })?;
        let number: u32 = fields.parsed_required("multipv")?;
        if number == 0 {
            return Err(fields.bad("multipv", "lines are numbered from 1"));
        }
        let depth = fields.parsed("depth")?;
        let seldepth = fields.parsed("seldepth")?;
        let line = Line::new(score, wdl, moves).at_depth(depth, seldepth);
        Ok((number, line))
    } else {
        let kind: FailureKind = status
            .parse()
            .map_err(|err| fields.bad("status", format!("{err}, or ok")))?;
        Err(Failure::new(kind, fields.text("error").unwrap_or("")))
    };
    Ok(Row {
        position,
        engine,
        limit,
        threads,
        date,
        line,
        nodes: fields.parsed("nodes")?,
        time: fields.parsed("time_ms")?,
        row_line: fields.line,
    })
}
