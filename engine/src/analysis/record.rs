//! An analysis's record: the position, the engine (its name says its version), the limit and
//! threads, and each line's score and moves, or why the analysis failed. Written a line a
//! row, with the same columns in CSV and JSON Lines, so that a notebook reads one row per
//! line (MultiPV) and a failure is one row of its own.

use std::io::{self, Write};

use serde::ser::{SerializeMap, Serializer};

use super::lines::Analysis;
use super::position::Position;
use crate::failure::Failure;
use crate::limit::Limit;
use crate::record::{RecordFormat, is_number, write_csv_row};

/// The columns of an analysis's rows: CSV's header and JSON's keys, in order. `multipv` is
/// the line's number from 1 (empty on a failure's row); `pv` its moves, space-separated;
/// `date` the day of the search (`YYYY-MM-DD`, UTC), where known.
pub const ANALYSIS_COLUMNS: [&str; 18] = [
    "fen", "multipv", "cp", "mate", "win", "draw", "loss", "depth", "seldepth", "nodes", "time_ms",
    "pv", "engine", "limit", "threads", "date", "status", "error",
];

/// A row's values, a column each.
type Row = [String; ANALYSIS_COLUMNS.len()];

/// One position's analysis, or its failure.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct AnalysisRecord {
    /// The position.
    pub position: Position,
    /// The engine's name (`id name`, with its version).
    pub engine: String,
    /// The limit of the search.
    pub limit: Limit,
    /// The threads the engine searched with.
    pub threads: u32,
    /// The day of the search (`YYYY-MM-DD`, UTC), where known.
    pub date: Option<String>,
    /// What the search found, or why it failed (after every retry).
    pub outcome: Result<Analysis, Failure>,
}

impl AnalysisRecord {
    /// The record of `position` analysed by `engine` to `limit` on `threads` threads.
    ///
    /// ```
    /// use chess960_engine::{Analysis, AnalysisRecord, Limit, Line, Score};
    ///
    /// let position = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -".parse()?;
    /// let lines = vec![Line::new(Score::Centipawns(31), None, vec!["g2g3".parse()?, "g7g6".parse()?])];
    /// let record = AnalysisRecord::new(position, "Stockfish 17", Limit::Nodes(1000), 1, Ok(Analysis::new(lines)));
    /// assert_eq!(record.rows()[0][11], "g2g3 g7g6");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        position: Position,
        engine: impl Into<String>,
        limit: Limit,
        threads: u32,
        outcome: Result<Analysis, Failure>,
    ) -> AnalysisRecord {
        AnalysisRecord {
            position,
            engine: engine.into(),
            limit,
            threads,
            date: None,
            outcome,
        }
    }

    /// The record, said to be of the search made on `date` (`YYYY-MM-DD`).
    ///
    /// ```
    /// use chess960_engine::{AnalysisRecord, Failure, FailureKind, Limit};
    ///
    /// let position = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -".parse()?;
    /// let failed = Err(Failure::new(FailureKind::Crash, "its output ended"));
    /// let record = AnalysisRecord::new(position, "SF", Limit::Nodes(1), 1, failed).dated("2026-11-26");
    /// assert_eq!(record.rows()[0][15], "2026-11-26");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn dated(self, date: &str) -> AnalysisRecord {
        AnalysisRecord {
            date: Some(date.to_owned()),
            ..self
        }
    }

    /// The record's rows, as CSV writes them (empty: none): a line each, or the failure's.
    pub fn rows(&self) -> Vec<[String; 18]> {
        let text = |value: Option<String>| value.unwrap_or_default();
        let number = |value: Option<u64>| text(value.map(|n| n.to_string()));
        let tail = |status: String, error: String| {
            [
                self.engine.clone(),
                self.limit.to_string(),
                self.threads.to_string(),
                self.date.clone().unwrap_or_default(),
                status,
                error,
            ]
        };
        let analysis = match &self.outcome {
            Ok(analysis) => analysis,
            Err(failure) => {
                let mut row: [String; 18] = Default::default();
                let [fen, .., engine, limit, threads, date, status, error] = &mut row;
                *fen = self.position.to_string();
                let [e, l, t, when, s, d] = tail(failure.kind.to_string(), failure.detail.clone());
                (*engine, *limit, *threads, *date, *status, *error) = (e, l, t, when, s, d);
                return vec![row];
            }
        };
        let lines = analysis.lines.iter().enumerate();
        lines
            .map(|(at, line)| {
                let wdl = line.wdl;
                let moves: Vec<String> = line.moves.iter().map(ToString::to_string).collect();
                let [engine, limit, threads, date, status, error] =
                    tail("ok".to_owned(), String::new());
                [
                    self.position.to_string(),
                    (at + 1).to_string(),
                    text(line.score.centipawns().map(|cp| cp.to_string())),
                    text(line.score.mate().map(|n| n.to_string())),
                    number(wdl.map(|w| w.win.into())),
                    number(wdl.map(|w| w.draw.into())),
                    number(wdl.map(|w| w.loss.into())),
                    number(line.depth.map(u64::from)),
                    number(line.seldepth.map(u64::from)),
                    number(analysis.nodes),
                    number(analysis.time),
                    moves.join(" "),
                    engine,
                    limit,
                    threads,
                    date,
                    status,
                    error,
                ]
            })
            .collect()
    }

    /// Writes the CSV header of analyses' rows.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// chess960_engine::AnalysisRecord::write_csv_header(&mut out)?;
    /// assert!(out.starts_with(b"fen,multipv,cp,"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_csv_header(out: &mut impl Write) -> io::Result<()> {
        write_csv_row(out, &ANALYSIS_COLUMNS)
    }

    /// Writes the record's rows in `format` (text: a line of it each, for people).
    pub fn write(&self, out: &mut impl Write, format: RecordFormat) -> io::Result<()> {
        for row in self.rows() {
            match format {
                RecordFormat::Text => write_text(out, &row)?,
                RecordFormat::Csv => write_csv_row(out, &row)?,
                RecordFormat::Json => {
                    write_json(out, &row)?;
                    out.write_all(b"\n")?;
                }
            }
        }
        Ok(())
    }
}

/// `FEN  1. +0.31  g2g3 g7g6  depth 20/24  nodes 1000813`: no time, so that a search by
/// nodes prints the same line on every machine.
fn write_text(out: &mut impl Write, row: &Row) -> io::Result<()> {
    let [
        fen,
        multipv,
        cp,
        mate,
        _win,
        _draw,
        _loss,
        depth,
        seldepth,
        nodes,
        _time,
        pv,
        _engine,
        _limit,
        _threads,
        _date,
        status,
        error,
    ] = row;
    if status != "ok" {
        return writeln!(out, "{fen}: failed, {status}: {error}");
    }
    let score = match (cp.parse::<i32>(), mate.parse::<i32>()) {
        (Ok(cp), _) => crate::score::Score::Centipawns(cp).to_string(),
        (_, Ok(mate)) => crate::score::Score::Mate(mate).to_string(),
        _ => String::new(),
    };
    write!(out, "{fen}  {multipv}. {score}  {pv}")?;
    if !depth.is_empty() {
        write!(out, "  depth {depth}")?;
        if !seldepth.is_empty() {
            write!(out, "/{seldepth}")?;
        }
    }
    if !nodes.is_empty() {
        write!(out, "  nodes {nodes}")?;
    }
    writeln!(out)
}

/// A row as a JSON object keyed by the columns; an empty value is `null`.
fn write_json(out: &mut impl Write, row: &Row) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::new(out);
    let mut map = serializer.serialize_map(Some(ANALYSIS_COLUMNS.len()))?;
    for (column, value) in ANALYSIS_COLUMNS.iter().zip(row) {
        match value.parse::<i64>() {
            _ if value.is_empty() => map.serialize_entry(column, &())?,
            Ok(n) if is_number(column) => map.serialize_entry(column, &n)?,
            _ => map.serialize_entry(column, value)?,
        }
    }
    map.end()?;
    Ok(())
}
