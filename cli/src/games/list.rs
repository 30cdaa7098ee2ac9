//! One line per game: the library's row of it (`chess960_pgn::GAME_COLUMNS`, `Game::cells`:
//! file, number, start, ranks, result, Variant, Elos, offset, kind and, without a start, why)
//! as CSV or JSON Lines, or a line of text (`game 0: SP 105 QNRBBNKR, 1-0`).

use std::io::{self, Write};

use chess960_pgn::{Cell, GAME_COLUMNS, Game, Sink};
use serde_json::{Map, Value};

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

/// Writes each game as a line of its format, naming its input: in the `file` column of CSV
/// and JSON, and at the start of a text line when there are several inputs.
pub struct Listing<'a, W: Write> {
    out: Out<W>,
    file: &'a str,
    several: bool,
}

enum Out<W: Write> {
    Text(W),
    Csv(Box<csv::Writer<W>>),
    Json(W),
}

impl<'a, W: Write> Listing<'a, W> {
    /// A listing in `format` to `out` of the games of `file`, one of `several` inputs or not.
    pub fn new(out: W, format: ListFormat, file: &'a str, several: bool) -> Self {
        let out = match format {
            ListFormat::Text => Out::Text(out),
            ListFormat::Json => Out::Json(out),
            ListFormat::Csv => Out::Csv(Box::new(
                csv::WriterBuilder::new()
                    .has_headers(false)
                    .from_writer(out),
            )),
        };
        Listing { out, file, several }
    }
}

/// Writes the CSV header.
pub fn write_csv_header(out: &mut impl Write) -> io::Result<()> {
    let mut header = csv::Writer::from_writer(Vec::new());
    header.write_record(GAME_COLUMNS.iter().map(|(name, _)| *name))?;
    out.write_all(&header.into_inner().map_err(|e| e.into_error())?)
}

/// A cell as a CSV field: empty for none.
fn field(cell: Cell) -> String {
    match cell {
        Cell::Number(number) => number.map(|n| n.to_string()).unwrap_or_default(),
        Cell::Text(text) => text.map(String::from).unwrap_or_default(),
        _ => String::new(),
    }
}

/// A cell in JSON: `null` for none.
fn json_value(cell: Cell) -> Value {
    match cell {
        Cell::Number(number) => number.into(),
        Cell::Text(text) => text.map(String::from).into(),
        _ => Value::Null,
    }
}

impl<W: Write> Sink for Listing<'_, W> {
    const COPIES: bool = false;

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let out = match &mut self.out {
            Out::Json(out) => {
                let names = GAME_COLUMNS.iter().map(|(name, _)| (*name).to_owned());
                let values = [Value::from(self.file)]
                    .into_iter()
                    .chain(game.cells().into_iter().map(json_value));
                let object: Map<String, Value> = names.zip(values).collect();
                return json::write_line(out, &object);
            }
            Out::Csv(csv) => {
                let cells = game.cells().into_iter().map(field);
                let record = [self.file.to_owned()].into_iter().chain(cells);
                return Ok(csv.write_record(record)?);
            }
            Out::Text(out) => out,
        };
        if self.several {
            write!(out, "{} ", self.file)?;
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

    /// Writes what is buffered (for [`Blocks`](super::blocks::Blocks), the end of the file's
    /// output).
    fn end(&mut self) -> io::Result<()> {
        match &mut self.out {
            Out::Text(out) | Out::Json(out) => out.flush(),
            Out::Csv(csv) => csv.flush(),
        }
    }
}
