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
#[non_exhaustive]
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

/// What a file of records holds: starts, or Double Fischer Random pairs; so which columns
/// name each record's position.
///
/// ```
/// use chess960_engine::Positions;
///
/// assert_eq!(Positions::Starts.columns(), ["sp", "rank"]);
/// assert_eq!(Positions::Pairs.columns(), ["white_sp", "white_rank", "black_sp", "black_rank"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Positions {
    /// Chess960 starts: `sp`, `rank`.
    #[default]
    Starts,
    /// Double Fischer Random pairs: `white_sp`, `white_rank`, `black_sp`, `black_rank`.
    Pairs,
}

impl Positions {
    /// The columns that name a record's position.
    pub const fn columns(self) -> &'static [&'static str] {
        match self {
            Positions::Starts => &["sp", "rank"],
            Positions::Pairs => &["white_sp", "white_rank", "black_sp", "black_rank"],
        }
    }

    /// Pairs when `dfrc`, else starts.
    ///
    /// ```
    /// assert_eq!(chess960_engine::Positions::pairs_if(true), chess960_engine::Positions::Pairs);
    /// ```
    pub const fn pairs_if(dfrc: bool) -> Positions {
        if dfrc {
            Positions::Pairs
        } else {
            Positions::Starts
        }
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
    /// The record of `position` searched by `engine` to `limit`.
    ///
    /// ```
    /// use chess960::book::BookEntry;
    /// use chess960::StartingPosition;
    /// use chess960_engine::{Failure, FailureKind, Limit, Record};
    ///
    /// let crashed = Failure { kind: FailureKind::Crash, detail: "its output ended".to_owned() };
    /// let record = Record::new(BookEntry::Chess960(StartingPosition::STANDARD), "SF", Limit::Nodes(1), Err(crashed));
    /// assert_eq!(record.values()[13], "crash");
    /// ```
    pub fn new(
        position: BookEntry,
        engine: impl Into<String>,
        limit: Limit,
        outcome: Result<Evaluation, Failure>,
    ) -> Record {
        Record {
            position,
            engine: engine.into(),
            limit,
            outcome,
        }
    }

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

    /// Writes the record as one line in `format`, its position in the columns of `positions`.
    pub fn write(
        &self,
        out: &mut impl Write,
        format: RecordFormat,
        positions: Positions,
    ) -> io::Result<()> {
        match format {
            RecordFormat::Text => self.write_text(out),
            RecordFormat::Csv => {
                let mut row = self.position_values(positions);
                row.extend(self.values());
                write_csv_row(out, &row)
            }
            RecordFormat::Json => {
                serde_json::to_writer(
                    &mut *out,
                    &Json {
                        record: self,
                        positions,
                    },
                )?;
                out.write_all(b"\n")
            }
        }
    }

    /// The values of the position's columns, as CSV writes them.
    pub fn position_values(&self, positions: Positions) -> Vec<String> {
        let pair = self.position.pair();
        let side = |sp: StartingPosition| [sp.id().to_string(), sp.to_string()];
        if positions == Positions::Pairs {
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

/// Writes the CSV header for records of `positions`.
pub fn write_csv_header(out: &mut impl Write, positions: Positions) -> io::Result<()> {
    let columns: Vec<&str> = positions
        .columns()
        .iter()
        .chain(&COLUMNS)
        .copied()
        .collect();
    write_csv_row(out, &columns)
}

/// One CSV row, quoted where a field needs it.
pub(crate) fn write_csv_row(out: &mut impl Write, row: &[impl AsRef<[u8]>]) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(Vec::with_capacity(160));
    writer.write_record(row)?;
    let bytes = writer.into_inner().map_err(|err| err.into_error())?;
    out.write_all(&bytes)
}

/// A record as a JSON object, keyed as the CSV columns; an empty value is `null`.
struct Json<'a> {
    record: &'a Record,
    positions: Positions,
}

impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let columns = self.positions.columns().iter().chain(&COLUMNS);
        let values =
            (self.record.position_values(self.positions).into_iter()).chain(self.record.values());
        for (column, value) in columns.zip(values) {
            match value.parse::<i64>() {
                _ if value.is_empty() => map.serialize_entry(column, &())?,
                Ok(n) if is_number(column) => map.serialize_entry(column, &n)?,
                _ => map.serialize_entry(column, &value)?,
            }
        }
        map.end()
    }
}

/// Whether a column holds numbers: the ids, the columns up to `time_ms`, and an analysis's
/// `multipv` and `threads` ([`crate::ANALYSIS_COLUMNS`]).
///
/// ```
/// use chess960_engine::is_number;
///
/// assert!(is_number("white_sp") && is_number("time_ms"));
/// assert!(!is_number("best_move") && !is_number("rank"));
/// ```
pub fn is_number(column: &str) -> bool {
    column.ends_with("sp")
        || matches!(column, "multipv" | "threads")
        || COLUMNS
            .get(..9)
            .is_some_and(|numbers| numbers.contains(&column))
}
