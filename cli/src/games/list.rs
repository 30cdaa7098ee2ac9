//! One line per game: its number, start (Scharnagl ids and ranks, or empty with a note saying
//! why), result and Variant, as text, CSV or JSON Lines.

use std::io::{self, Write};

use serde::Serialize;

use chess960_pgn::{Game, Sink};

use crate::json;

/// How the games are listed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ListFormat {
    /// `game 0: SP 105 QNRBBNKR, 1-0`.
    Text,
    /// CSV with a header.
    Csv,
    /// JSON Lines.
    Json,
}

/// The CSV header, after the `file` column when there are several files.
pub const CSV_HEADER: [&str; 9] = [
    "game",
    "white_sp",
    "black_sp",
    "result",
    "variant",
    "white_rank",
    "black_rank",
    "offset",
    "note",
];

/// Writes each game as a line of its format; `file` names the input when there are several.
pub struct Listing<'a, W: Write> {
    out: Out<W>,
    file: Option<&'a str>,
}

enum Out<W: Write> {
    Text(W),
    Csv(Box<csv::Writer<W>>),
    Json(W),
}

impl<'a, W: Write> Listing<'a, W> {
    /// A listing in `format` to `out`, naming `file` on each line if given.
    pub fn new(out: W, format: ListFormat, file: Option<&'a str>) -> Self {
        let out = match format {
            ListFormat::Text => Out::Text(out),
            ListFormat::Json => Out::Json(out),
            ListFormat::Csv => Out::Csv(Box::new(
                csv::WriterBuilder::new()
                    .has_headers(false)
                    .from_writer(out),
            )),
        };
        Listing { out, file }
    }

    /// Writes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.out {
            Out::Text(out) | Out::Json(out) => out.flush(),
            Out::Csv(csv) => csv.flush(),
        }
    }
}

/// One game, as CSV and JSON write it.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    game: u64,
    white_sp: Option<u16>,
    black_sp: Option<u16>,
    result: &'a str,
    variant: &'a str,
    white_rank: Option<String>,
    black_rank: Option<String>,
    offset: u64,
    note: Option<String>,
}

impl<'a> Row<'a> {
    fn new(game: &'a Game, file: Option<&'a str>) -> Row<'a> {
        let start = game.start.as_ref().ok();
        Row {
            file,
            game: game.number,
            white_sp: start.map(|pair| pair.white().id()),
            black_sp: start.map(|pair| pair.black().id()),
            result: &game.result,
            variant: &game.variant,
            white_rank: start.map(|pair| pair.white().to_string()),
            black_rank: start.map(|pair| pair.black().to_string()),
            offset: game.offset,
            note: game.start.as_ref().err().map(ToString::to_string),
        }
    }
}

/// Writes the CSV header (with a `file` column first when `files`).
pub fn write_csv_header(out: &mut impl Write, files: bool) -> io::Result<()> {
    let mut header = csv::Writer::from_writer(Vec::new());
    let file = files.then_some("file");
    header.write_record(file.iter().copied().chain(CSV_HEADER))?;
    out.write_all(&header.into_inner().map_err(|e| e.into_error())?)
}

impl<W: Write> Sink for Listing<'_, W> {
    const COPIES: bool = false;

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let out = match &mut self.out {
            Out::Json(out) => return json::write_line(out, &Row::new(game, self.file)),
            Out::Csv(csv) => return Ok(csv.serialize(Row::new(game, self.file))?),
            Out::Text(out) => out,
        };
        if let Some(file) = self.file {
            write!(out, "{file} ")?;
        }
        write!(out, "game {}: ", game.number)?;
        match &game.start {
            Ok(pair) => match pair.single() {
                Some(sp) => write!(out, "SP {} {sp}", sp.id())?,
                None => write!(
                    out,
                    "SP {} {} / {} {}",
                    pair.white().id(),
                    pair.white(),
                    pair.black().id(),
                    pair.black()
                )?,
            },
            Err(why) => write!(out, "no SP ({why})")?,
        }
        if !game.result.is_empty() {
            write!(out, ", {}", game.result)?;
        }
        writeln!(out)
    }
}
