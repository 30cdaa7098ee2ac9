//! One line per game: the library's row of it (`chess960_pgn::GAME_COLUMNS`, `Game::cells`:
//! file, number, start, ranks, result, Variant, Elos, offset, kind and, without a start, why;
//! with --moves, `MOVE_COLUMNS`: plies, moves, move_error) as CSV or JSON Lines, or a line of
//! text (`game 0: SP 105 QNRBBNKR, 1-0`); or, for `check --moves`, a line per game whose
//! moves cannot be played.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use chess960_pgn::moves::{UciCastling, Why};
use chess960_pgn::{Cell, GAME_COLUMNS, Game, MOVE_COLUMNS, PartStart, Sink};
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
    /// `FILE: game N, ply P (12. Nxe5): why`, for each game whose moves cannot be played.
    MoveErrors,
}

/// Writes each game as a line of its format, naming its input: in the `file` column of CSV
/// and JSON, and at the start of a text line when there are several inputs.
pub struct Listing<'a, W: Write> {
    out: Out<W>,
    file: &'a str,
    several: bool,
    /// With --moves: castling's spelling in the moves.
    moves: Option<UciCastling>,
    /// The games whose moves cannot be played (of every file).
    bad: &'a AtomicU64,
    /// The file's games and bytes before the part listed.
    before: (u64, u64),
}

enum Out<W: Write> {
    Text(W),
    MoveErrors(W),
    Csv(Box<csv::Writer<W>>),
    Json(W),
}

impl<'a, W: Write> Listing<'a, W> {
    /// A listing in `format` to `out` of the games of `file`, one of `several` inputs or not;
    /// with their moves in UCI if `moves`, each game whose moves cannot be played counted in
    /// `bad`.
    pub fn new(
        out: W,
        format: ListFormat,
        (file, several): (&'a str, bool),
        moves: Option<UciCastling>,
        bad: &'a AtomicU64,
    ) -> Self {
        let out = match format {
            ListFormat::Text => Out::Text(out),
            ListFormat::MoveErrors => Out::MoveErrors(out),
            ListFormat::Json => Out::Json(out),
            ListFormat::Csv => Out::Csv(Box::new(
                csv::WriterBuilder::new()
                    .has_headers(false)
                    .from_writer(out),
            )),
        };
        Listing {
            out,
            file,
            several,
            moves,
            bad,
            before: (0, 0),
        }
    }

    /// The listing of a part of a file that begins at `start`: its games numbered, and their
    /// offsets counted, from the file's start.
    pub fn starting(self, start: PartStart) -> Self {
        let before = (start.games_before, start.bytes_before);
        Listing { before, ..self }
    }

    /// What the listing wrote to, once its input has ended ([`Sink::end`] flushed it).
    pub fn into_inner(self) -> io::Result<W> {
        match self.out {
            Out::Text(out) | Out::Json(out) | Out::MoveErrors(out) => Ok(out),
            Out::Csv(csv) => csv.into_inner().map_err(|err| err.into_error()),
        }
    }
}

/// Writes the CSV header, with the moves' columns if `moves`.
pub fn write_csv_header(out: &mut impl Write, moves: bool) -> io::Result<()> {
    let mut header = csv::Writer::from_writer(Vec::new());
    let columns = GAME_COLUMNS
        .iter()
        .chain(MOVE_COLUMNS.iter().filter(|_| moves));
    header.write_record(columns.map(|(name, _)| *name))?;
    out.write_all(&header.into_inner().map_err(|e| e.into_error())?)
}

/// The game's cells, numbered from its file's start (`before`: the games and bytes before its
/// part), and its moves' in UCI if they are listed.
fn cells<'g>(
    game: &'g Game,
    moves: Option<UciCastling>,
    (games, bytes): (u64, u64),
) -> impl Iterator<Item = Cell<'g>> {
    let shift = |cell: Cell<'g>, by: u64| match cell {
        Cell::Number(n) => Cell::Number(n.map(|n| n + by)),
        other => other,
    };
    let [number, rest @ .., offset, kind, note] = game.cells();
    let cells = [shift(number, games)].into_iter().chain(rest);
    let cells = cells.chain([shift(offset, bytes), kind, note]);
    let moves = moves.map(|castling| game.move_cells(castling));
    cells.chain(moves.into_iter().flatten())
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
        let error = game.moves.and_then(|replay| replay.error());
        let bad = error.filter(|error| error.why != Why::Variant);
        if bad.is_some() {
            self.bad.fetch_add(1, Ordering::Relaxed);
        }
        let cells = cells(game, self.moves, self.before);
        let number = game.number + self.before.0;
        let out = match &mut self.out {
            Out::Json(out) => {
                let names = GAME_COLUMNS.iter().chain(&MOVE_COLUMNS);
                let names = names.map(|(name, _)| (*name).to_owned());
                let values = [Value::from(self.file)].into_iter();
                let values = values.chain(cells.map(json_value));
                let object: Map<String, Value> = names.zip(values).collect();
                return json::write_line(out, &object);
            }
            Out::Csv(csv) => {
                let record = [self.file.to_owned()].into_iter();
                let record = record.chain(cells.map(field));
                return Ok(csv.write_record(record)?);
            }
            Out::MoveErrors(out) => {
                return match bad {
                    Some(error) => {
                        writeln!(out, "{}: game {number}, {}", self.file, error.in_game())
                    }
                    None => Ok(()),
                };
            }
            Out::Text(out) => out,
        };
        if self.several {
            write!(out, "{} ", self.file)?;
        }
        write!(out, "game {number}: ")?;
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
        if let Some(replay) = game.moves {
            write!(out, ", {} plies", replay.plies())?;
            if let Some(error) = replay.error() {
                write!(out, "; {}", error.in_game())?;
            }
        }
        writeln!(out)
    }

    /// Writes what is buffered (for [`Blocks`](super::blocks::Blocks), the end of the file's
    /// output).
    fn end(&mut self) -> io::Result<()> {
        match &mut self.out {
            Out::Text(out) | Out::Json(out) | Out::MoveErrors(out) => out.flush(),
            Out::Csv(csv) => csv.flush(),
        }
    }
}
