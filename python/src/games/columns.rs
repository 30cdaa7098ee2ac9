//! The columns of `read_games`, built as the games stream past: a [`Sink`] that appends each
//! game to Arrow builders and closes a record batch every [`BATCH`] games, so that memory is
//! the table so far plus one batch.

use std::io;
use std::sync::Arc;

use arrow_array::builder::{StringBuilder, UInt16Builder, UInt32Builder, UInt64Builder};
use arrow_array::cast::AsArray;
use arrow_array::types::{UInt32Type, UInt64Type};
use arrow_array::{ArrayRef, DictionaryArray, RecordBatch, StringArray, UInt32Array};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use chess960_pgn::{Game, Sink};

/// Games in a record batch.
pub const BATCH: usize = 1 << 16;

/// The schema of `read_games`: every game's file, number, start, result, variant, Elos,
/// byte offset, kind and, when it has no start, why.
pub fn schema() -> SchemaRef {
    let file = DataType::Dictionary(Box::new(DataType::UInt32), Box::new(DataType::Utf8));
    Arc::new(Schema::new(vec![
        Field::new("file", file, false),
        Field::new("game", DataType::UInt64, false),
        Field::new("white_sp", DataType::UInt16, true),
        Field::new("black_sp", DataType::UInt16, true),
        Field::new("result", DataType::Utf8, false),
        Field::new("variant", DataType::Utf8, false),
        Field::new("white_elo", DataType::UInt32, true),
        Field::new("black_elo", DataType::UInt32, true),
        Field::new("offset", DataType::UInt64, false),
        Field::new("kind", DataType::Utf8, false),
        Field::new("note", DataType::Utf8, true),
    ]))
}

/// The games of one input (number `file` of `files`), as record batches.
pub struct Columns {
    schema: SchemaRef,
    files: Arc<StringArray>,
    file: u32,
    rows: usize,
    /// The games given so far, in every batch.
    pub games: u64,
    game: UInt64Builder,
    white_sp: UInt16Builder,
    black_sp: UInt16Builder,
    result: StringBuilder,
    variant: StringBuilder,
    white_elo: UInt32Builder,
    black_elo: UInt32Builder,
    offset: UInt64Builder,
    kind: StringBuilder,
    note: StringBuilder,
    /// The batches closed so far.
    pub batches: Vec<RecordBatch>,
}

impl Columns {
    /// Columns for the games of input `file`, named in `files`.
    pub fn new(schema: SchemaRef, files: Arc<StringArray>, file: u32) -> Columns {
        Columns {
            schema,
            files,
            file,
            rows: 0,
            games: 0,
            game: UInt64Builder::with_capacity(BATCH),
            white_sp: UInt16Builder::with_capacity(BATCH),
            black_sp: UInt16Builder::with_capacity(BATCH),
            result: StringBuilder::with_capacity(BATCH, BATCH * 4),
            variant: StringBuilder::with_capacity(BATCH, BATCH * 8),
            white_elo: UInt32Builder::with_capacity(BATCH),
            black_elo: UInt32Builder::with_capacity(BATCH),
            offset: UInt64Builder::with_capacity(BATCH),
            kind: StringBuilder::with_capacity(BATCH, BATCH * 8),
            note: StringBuilder::with_capacity(BATCH, BATCH),
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
        let columns: Vec<ArrayRef> = vec![
            Arc::new(file),
            Arc::new(self.game.finish()),
            Arc::new(self.white_sp.finish()),
            Arc::new(self.black_sp.finish()),
            Arc::new(self.result.finish()),
            Arc::new(self.variant.finish()),
            Arc::new(self.white_elo.finish()),
            Arc::new(self.black_elo.finish()),
            Arc::new(self.offset.finish()),
            Arc::new(self.kind.finish()),
            Arc::new(self.note.finish()),
        ];
        self.batches
            .push(RecordBatch::try_new(self.schema.clone(), columns)?);
        self.rows = 0;
        Ok(())
    }
}

/// The batches of a file's second part, its game numbers and offsets counted from the file's
/// start: `games` more, and `bytes` more.
pub fn shifted(
    batches: Vec<RecordBatch>,
    games: u64,
    bytes: u64,
) -> Result<Vec<RecordBatch>, ArrowError> {
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

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let start = game.start.as_ref().ok();
        self.game.append_value(game.number);
        self.white_sp
            .append_option(start.map(|pair| pair.white().id()));
        self.black_sp
            .append_option(start.map(|pair| pair.black().id()));
        self.result.append_value(&game.result);
        self.variant.append_value(&game.variant);
        self.white_elo.append_option(game.elo[0]);
        self.black_elo.append_option(game.elo[1]);
        self.offset.append_value(game.offset);
        self.kind.append_value(game.kind().as_str());
        match &game.start {
            Ok(_) => self.note.append_null(),
            Err(why) => self.note.append_value(why.to_string()),
        }
        self.rows += 1;
        self.games += 1;
        if self.rows == BATCH {
            self.close().map_err(io::Error::other)?;
        }
        Ok(())
    }
}
