//! `Index.moves`: a node's moves (`chess960_explorer::Answer::moves`) as an Arrow table of
//! a row per move, most played first, the columns of the `moves` of the server's answer:
//! `uci`, `san`, `white`, `draws`, `black`, `games`, `average_rating` (null where no mover's
//! Elo is known: lichess writes 0) and `game_id` (lichess's `game.id` for a move of one game:
//! its lichess id, else the index's stable id of its file and number; null otherwise).

use std::ffi::OsStr;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::builder::{StringBuilder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use chess960_explorer::{Answer, stable_id};

/// The columns, in order.
pub const COLUMNS: [&str; 8] = [
    "uci",
    "san",
    "white",
    "draws",
    "black",
    "games",
    "average_rating",
    "game_id",
];

/// The moves of `answer` as one record batch; `names` are the index's files by their number,
/// for the ids of games not from lichess (as the server's JSON writes them).
pub fn batch(answer: &Answer, names: &[PathBuf]) -> Result<RecordBatch, ArrowError> {
    let rows = answer.moves.len();
    let (mut uci, mut san, mut game_id) = (
        StringBuilder::with_capacity(rows, rows * 5),
        StringBuilder::with_capacity(rows, rows * 4),
        StringBuilder::with_capacity(rows, rows * 8),
    );
    let mut numbers: [UInt64Builder; 5] = Default::default();
    for mv in &answer.moves {
        uci.append_value(mv.uci.to_string());
        san.append_value(mv.san.to_string());
        let c = &mv.counts;
        let values = [
            Some(c.white),
            Some(c.draws),
            Some(c.black),
            Some(c.games()),
            c.average_rating(),
        ];
        for (builder, value) in numbers.iter_mut().zip(values) {
            builder.append_option(value);
        }
        game_id.append_option(
            mv.game
                .as_ref()
                .map(|game| match (&game.lichess_id, &game.id) {
                    (Some(id), _) | (None, Some(id)) => id.clone(),
                    (None, None) => {
                        let file = names.get(game.file).map(|name| name.as_os_str());
                        stable_id(file.unwrap_or(OsStr::new("-")), game.number)
                    }
                }),
        );
    }
    let mut columns: Vec<ArrayRef> = vec![Arc::new(uci.finish()), Arc::new(san.finish())];
    columns.extend(numbers.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    columns.push(Arc::new(game_id.finish()));
    let fields: Vec<Field> = COLUMNS
        .iter()
        .map(|&name| match name {
            "uci" | "san" => Field::new(name, DataType::Utf8, false),
            "game_id" => Field::new(name, DataType::Utf8, true),
            _ => Field::new(name, DataType::UInt64, name == "average_rating"),
        })
        .collect();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}
