//! A record: one position, the engine and limit, and what the search found or why it failed;
//! written as CSV, JSON Lines or text (the columns are the same in CSV and JSON).

use std::io::{self, Write};

use chess960::StartingPosition;
use chess960::book::BookEntry;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::engine::Evaluation;
use crate::failure::Failure;
use crate::limit::Limit;

/// One position's evaluation, or its failure.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The start, or the Double Fischer Random pair.
    pub position: BookEntry,
    /// The engine's name.
    pub engine: String,
    /// The limit of the search.
    pub limit: Limit,
    /// What the search found, or why it failed (after every retry).
    pub outcome: Result<Evaluation, Failure>,
}

/// The columns after the position's: CSV's header and JSON's keys, in order.
pub const COLUMNS: [&str; 15] = [
    "cp",
    "mate",
    "win",
    "draw",
    "loss",
    "depth",
    "seldepth",
    "nodes",
    "time_ms",
    "best_move",
    "best_move_kxr",
    "engine",
    "limit",
    "status",
    "error",
];

/// The columns that name the position: a start's, or a pair's.
pub const fn position_columns(dfrc: bool) -> &'static [&'static str] {
    if dfrc {
        &["white_sp", "white_rank", "black_sp", "black_rank"]
    } else {
        &["sp", "rank"]
    }
}

/// How records are written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum RecordFormat {
    /// `518 RNBQKBNR: +0.46 …`, for people (a POS to the tool, not a record): no time.
    Text,
    /// CSV with a header.
    Csv,
    /// JSON Lines.
    Json,
}

impl Record {
    /// The values of the columns after the position's, as CSV writes them (empty: none).
    pub fn values(&self) -> [String; 15] {
        let found = self.outcome.as_ref().ok();
        let wdl = found.and_then(|found| found.wdl);
        let text = |value: Option<String>| value.unwrap_or_default();
        let number = |value: Option<u64>| text(value.map(|n| n.to_string()));
        let (status, error) = match &self.outcome {
            Ok(_) => ("ok".to_owned(), String::new()),
            Err(failure) => (failure.kind.to_string(), failure.detail.clone()),
        };
        let best = found.map(|found| found.best_move);
        [
            text(
                found
                    .and_then(|f| f.score.centipawns())
                    .map(|n| n.to_string()),
            ),
            text(found.and_then(|f| f.score.mate()).map(|n| n.to_string())),
            number(wdl.map(|w| w.win.into())),
            number(wdl.map(|w| w.draw.into())),
            number(wdl.map(|w| w.loss.into())),
            number(found.and_then(|f| f.depth).map(u64::from)),
            number(found.and_then(|f| f.seldepth).map(u64::from)),
            number(found.and_then(|f| f.nodes)),
            number(found.and_then(|f| f.time)),
            text(best.map(|mv| mv.to_string())),
            text(best.map(|mv| mv.king_takes_rook(self.position.pair()).to_string())),
            self.engine.clone(),
            self.limit.to_string(),
            status,
            error,
        ]
    }

    /// Writes the record as one line in `format`; `dfrc`: with a pair's columns.
    pub fn write(&self, out: &mut impl Write, format: RecordFormat, dfrc: bool) -> io::Result<()> {
        match format {
            RecordFormat::Text => self.write_text(out),
            RecordFormat::Csv => {
                let mut row = self.position_values(dfrc);
                row.extend(self.values());
                write_csv_row(out, &row)
            }
            RecordFormat::Json => {
                serde_json::to_writer(&mut *out, &Json { record: self, dfrc })?;
                out.write_all(b"\n")
            }
        }
    }

    /// The values of the position's columns.
    fn position_values(&self, dfrc: bool) -> Vec<String> {
        let pair = self.position.pair();
        let side = |sp: StartingPosition| [sp.id().to_string(), sp.to_string()];
        if dfrc {
            side(pair.white())
                .into_iter()
                .chain(side(pair.black()))
                .collect()
        } else {
            side(pair.white()).into()
        }
    }

    /// `518 RNBQKBNR: +0.46  wdl 82 917 1  depth 20/24  h2h4  nodes 1000813`: no time, so
    /// that a search by nodes prints the same line on every machine; a castling spelled as
    /// the king's two squares where it can be.
    fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let pair = self.position.pair();
        let (white, black) = (pair.white(), pair.black());
        match self.position {
            BookEntry::Dfrc(_) => write!(out, "{} {white} {} {black}:", white.id(), black.id())?,
            _ => write!(out, "{} {white}:", white.id())?,
        }
        let found = match &self.outcome {
            Ok(found) => found,
            Err(failure) => return writeln!(out, " failed, {failure}"),
        };
        write!(out, " {}", found.score)?;
        if let Some(wdl) = found.wdl {
            write!(out, "  wdl {} {} {}", wdl.win, wdl.draw, wdl.loss)?;
        }
        if let Some(depth) = found.depth {
            write!(out, "  depth {depth}")?;
            if let Some(seldepth) = found.seldepth {
                write!(out, "/{seldepth}")?;
            }
        }
        write!(out, "  {}", found.best_move.king_two_squares(pair))?;
        if let Some(nodes) = found.nodes {
            write!(out, "  nodes {nodes}")?;
        }
        writeln!(out)
    }
}

/// Writes the CSV header for records of starts or (`dfrc`) pairs.
pub fn write_csv_header(out: &mut impl Write, dfrc: bool) -> io::Result<()> {
    let columns: Vec<&str> = position_columns(dfrc)
        .iter()
        .chain(&COLUMNS)
        .copied()
        .collect();
    write_csv_row(out, &columns)
}

/// One CSV row, quoted where a field needs it.
fn write_csv_row(out: &mut impl Write, row: &[impl AsRef<[u8]>]) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(Vec::with_capacity(160));
    writer.write_record(row)?;
    let bytes = writer.into_inner().map_err(|err| err.into_error())?;
    out.write_all(&bytes)
}

/// A record as a JSON object, keyed as the CSV columns; an empty value is `null`.
struct Json<'a> {
    record: &'a Record,
    dfrc: bool,
}

impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let columns = position_columns(self.dfrc).iter().chain(&COLUMNS);
        let values =
            (self.record.position_values(self.dfrc).into_iter()).chain(self.record.values());
        for (column, value) in columns.zip(values) {
            // The ids, and the columns up to time_ms, are numbers.
            let number = column.ends_with("sp") || COLUMNS[..9].contains(column);
            match value.parse::<i64>() {
                _ if value.is_empty() => map.serialize_entry(column, &())?,
                Ok(n) if number => map.serialize_entry(column, &n)?,
                _ => map.serialize_entry(column, &value)?,
            }
        }
        map.end()
    }
}
