//! The columns of `read_games`, the library's `GAME_COLUMNS` (as `chess960 games --format
//! csv` writes them) and, with moves, `MOVE_COLUMNS` (`moves` a list of UCI moves), built as
//! the games stream past: a [`Sink`] that appends each game's cells to Arrow builders and
//! closes a record batch every [`BATCH`] games, so that memory is the table so far plus one
//! batch.

use std::io;
use std::sync::Arc;

use arrow_array::builder::{
    ListBuilder, StringBuilder, UInt16Builder, UInt32Builder, UInt64Builder,
};
use arrow_array::cast::AsArray;
use arrow_array::types::{UInt32Type, UInt64Type};
use arrow_array::{ArrayRef, DictionaryArray, RecordBatch, StringArray, UInt32Array};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use chess960_pgn::moves::UciCastling;
use chess960_pgn::{Cell, GAME_COLUMNS, Game, GameColumn, MOVE_COLUMNS, Sink};

/// Games in a record batch.
pub const BATCH: usize = 1 << 16;

/// The Arrow type of a column of games.
fn data_type(column: GameColumn) -> DataType {
    match column {
        GameColumn::File => {
            DataType::Dictionary(Box::new(DataType::UInt32), Box::new(DataType::Utf8))
        }
        GameColumn::Count => DataType::UInt64,
        GameColumn::Sp => DataType::UInt16,
        GameColumn::Elo => DataType::UInt32,
        GameColumn::Moves => DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, false))),
        GameColumn::Text => DataType::Utf8,
    }
}

/// The schema of `read_games`: the library's columns (with the moves' if `moves`), `file` a
/// dictionary of the inputs' names; only the game's number, offset, result, Variant and kind
/// are never null.
pub fn schema(moves: bool) -> SchemaRef {
    let columns = GAME_COLUMNS
        .iter()
        .chain(MOVE_COLUMNS.iter().filter(|_| moves));
    let fields = columns.map(|&(name, column)| {
        let always = matches!(
            name,
            "file" | "game" | "offset" | "result" | "variant" | "kind"
        );
        Field::new(name, data_type(column), !always)
    });
    Arc::new(Schema::new(fields.collect::<Vec<_>>()))
}

/// The builder of one column after `file`.
enum Builder {
    Sp(UInt16Builder),
    Elo(UInt32Builder),
    Count(UInt64Builder),
    Text(StringBuilder),
    Moves(ListBuilder<StringBuilder>),
}

impl Builder {
    fn new(column: GameColumn) -> Builder {
        match column {
            GameColumn::Sp => Builder::Sp(UInt16Builder::with_capacity(BATCH)),
            GameColumn::Elo => Builder::Elo(UInt32Builder::with_capacity(BATCH)),
            GameColumn::Count => Builder::Count(UInt64Builder::with_capacity(BATCH)),
            GameColumn::Moves => {
                let field = Field::new_list_field(DataType::Utf8, false);
                Builder::Moves(ListBuilder::new(StringBuilder::new()).with_field(field))
            }
            GameColumn::File | GameColumn::Text => {
                Builder::Text(StringBuilder::with_capacity(BATCH, BATCH * 8))
            }
        }
    }

    fn append(&mut self, cell: Cell) {
        match (self, cell) {
            (Builder::Sp(b), Cell::Number(n)) => {
                b.append_option(n.and_then(|n| u16::try_from(n).ok()))
            }
            (Builder::Elo(b), Cell::Number(n)) => {
                b.append_option(n.and_then(|n| u32::try_from(n).ok()))
            }
            (Builder::Count(b), Cell::Number(n)) => b.append_option(n),
            (Builder::Text(b), Cell::Text(text)) => b.append_option(text),
            (Builder::Sp(b), _) => b.append_null(),
            (Builder::Elo(b), _) => b.append_null(),
            (Builder::Count(b), _) => b.append_null(),
            (Builder::Text(b), _) => b.append_null(),
            (Builder::Moves(b), _) => b.append_null(),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Sp(b) => Arc::new(b.finish()),
            Builder::Elo(b) => Arc::new(b.finish()),
            Builder::Count(b) => Arc::new(b.finish()),
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::Moves(b) => Arc::new(b.finish()),
        }
    }
}

/// The games of one input (number `file` of `files`), as record batches.
pub struct Columns {
    schema: SchemaRef,
    files: Arc<StringArray>,
    file: u32,
    rows: usize,
    builders: Vec<Builder>,
    /// Whether the moves' columns follow the game's.
    moves: bool,
    /// The batches closed so far.
    pub batches: Vec<RecordBatch>,
}

impl Columns {
    /// Columns for the games of input `file`, named in `files`, and their moves if `moves`.
    pub fn new(schema: SchemaRef, files: Arc<StringArray>, file: u32, moves: bool) -> Columns {
        let after_file = GAME_COLUMNS.iter().skip(1);
        let columns = after_file.chain(MOVE_COLUMNS.iter().filter(|_| moves));
        Columns {
            schema,
            files,
            file,
            rows: 0,
            builders: columns.map(|&(_, column)| Builder::new(column)).collect(),
            moves,
            batches: Vec::new(),
        }
    }

    /// Closes the batch being built, if it has games.
    pub fn close(&mut self) -> Result<(), ArrowError> {
        if self.rows == 0 {
            return Ok(());
        }
        let keys = UInt32Array::from(vec![self.file; self.rows]);
        let file = DictionaryArray::<UInt32Type>::try_new(keys, self.files.clone())?;
        let columns: Vec<ArrayRef> = std::iter::once(Arc::new(file) as ArrayRef)
            .chain(self.builders.iter_mut().map(Builder::finish))
            .collect();
        self.batches
            .push(RecordBatch::try_new(self.schema.clone(), columns)?);
        self.rows = 0;
        Ok(())
    }
}

/// The batches of a part of a file, its game numbers and offsets counted from the file's
/// start: `games` and `bytes` more (the library's `Part::games_before` and `bytes_before`).
pub fn shifted(
    batches: Vec<RecordBatch>,
    games: u64,
    bytes: u64,
) -> Result<Vec<RecordBatch>, ArrowError> {
    if (games, bytes) == (0, 0) {
        return Ok(batches);
    }
    let add = |batch: &RecordBatch, name: &str, n: u64| -> Result<ArrayRef, ArrowError> {
        let column = batch
            .column_by_name(name)
            .and_then(|c| c.as_primitive_opt::<UInt64Type>())
            .ok_or_else(|| ArrowError::SchemaError(format!("no u64 column {name}")))?;
        Ok(Arc::new(column.unary::<_, UInt64Type>(|v| v + n)))
    };
    batches
        .into_iter()
        .map(|batch| {
            let (game, offset) = (add(&batch, "game", games)?, add(&batch, "offset", bytes)?);
            let columns = batch
                .schema()
                .fields()
                .iter()
                .zip(batch.columns())
                .map(|(field, column)| match field.name().as_str() {
                    "game" => game.clone(),
                    "offset" => offset.clone(),
                    _ => column.clone(),
                })
                .collect();
            RecordBatch::try_new(batch.schema(), columns)
        })
        .collect()
}

impl Sink for Columns {
    const COPIES: bool = false;
    const NEEDS_GAMES_BEFORE: bool = false;

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let mut builders = self.builders.iter_mut();
        // The cells first: zip takes from its first iterator first, and no builder is lost.
        for (cell, builder) in game.cells().into_iter().zip(builders.by_ref()) {
            builder.append(cell);
        }
        if let ([plies, moves, error], true) = (builders.into_slice(), self.moves) {
            let replay = game.moves;
            plies.append(Cell::Number(replay.map(|r| r.plies() as u64)));
            match (moves, replay) {
                (Builder::Moves(list), Some(replay)) => {
                    let uci = replay.uci(UciCastling::KingTakesRook);
                    list.append_value(uci.map(|mv| Some(mv.to_string())));
                }
                (builder, _) => builder.append(Cell::Text(None)),
            }
            let why = replay
                .and_then(|r| r.error())
                .map(|e| e.in_game().to_string());
            error.append(Cell::Text(why.map(Into::into)));
        }
        self.rows += 1;
        if self.rows == BATCH {
            self.close().map_err(io::Error::other)?;
        }
        Ok(())
    }

    fn end(&mut self) -> io::Result<()> {
        self.close().map_err(io::Error::other)
    }
}
