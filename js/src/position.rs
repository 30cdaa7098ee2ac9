//! `StartingPosition`: one of the 960 starts, both sides alike. An id becomes a back rank and
//! back here, as in the crate's `position.rs`.

use alloc::{
    format,
    string::{String, ToString},
    vec::Vec,
};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::args::{self, Notation, Numbering};
use crate::castling::{self, Castling};
use crate::error::{named, thrown};

/// A Chess960 starting position, both sides alike: Scharnagl's id 0..=959 and its back rank.
///
/// ```js
/// const sp = StartingPosition.fromId(105);
/// sp.toString(); // "QNRBBNKR"
/// StartingPosition.parse("RNBQKBNR").id; // 518
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartingPosition(pub(crate) chess960::StartingPosition);

#[wasm_bindgen]
impl StartingPosition {
    /// The start with Scharnagl id `id`. Throws an `IdError` (kind `OutOfRange`) unless `id` is
    /// a whole number from 0 to 959.
    #[wasm_bindgen(js_name = fromId)]
    pub fn from_id(id: f64) -> Result<StartingPosition, JsValue> {
        let Some(id) = args::whole(id) else {
            return Err(named(
                "IdError",
                &format!("id {} is not in 0..=959", args::shown(id)),
                "OutOfRange",
            ));
        };
        chess960::StartingPosition::from_id(id)
            .map(StartingPosition)
            .map_err(thrown)
    }

    /// The start with this back rank: eight letters `KQRBN` (either case) or chess symbols
    /// (`♖♘♗♕♔♗♘♖`). Throws a `ParseBackRankError` naming the rule the text breaks.
    pub fn parse(text: &str) -> Result<StartingPosition, JsValue> {
        text.parse().map(StartingPosition).map_err(thrown)
    }

    /// The start a FEN sets up, read strictly (White to move, full castling rights, no en
    /// passant square, counters `0 1`), Black's back rank the same as White's. Throws a
    /// `ParseFenError` naming the first field that is not as a start has it; `FenReader`
    /// reads laxly, a pair, or a turned board.
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(fen: &str) -> Result<StartingPosition, JsValue> {
        chess960::fen::FenReader::STRICT
            .read(fen)
            .map(StartingPosition)
            .map_err(thrown)
    }

    /// The start numbered `number` in `numbering` (Scharnagl's ids when none is given). Throws
    /// a `NumberError` (kind `OutOfRange`) for a number outside the numbering's range.
    #[wasm_bindgen(js_name = fromNumber)]
    pub fn from_number(
        number: f64,
        numbering: Option<Numbering>,
    ) -> Result<StartingPosition, JsValue> {
        let numbering = args::numbering(numbering)?;
        let (low, high) = numbering.range();
        match args::whole(number) {
            Some(n) => numbering.position(n).map(StartingPosition).map_err(thrown),
            None => Err(named(
                "NumberError",
                &format!(
                    "{} {} is not in {low}..={high}",
                    numbering.noun(),
                    args::shown(number)
                ),
                "OutOfRange",
            )),
        }
    }

    /// Standard chess: SP 518, RNBQKBNR.
    pub fn standard() -> StartingPosition {
        StartingPosition(chess960::StartingPosition::STANDARD)
    }

    /// All 960 starts, by id.
    pub fn all() -> Vec<StartingPosition> {
        chess960::StartingPosition::all()
            .map(StartingPosition)
            .collect()
    }

    /// Scharnagl's id, 0..=959.
    #[wasm_bindgen(getter)]
    pub fn id(&self) -> u16 {
        self.0.id()
    }

    /// This start's number in `numbering` (Scharnagl's id when none is given).
    pub fn number(&self, numbering: Option<Numbering>) -> Result<u16, JsValue> {
        Ok(args::numbering(numbering)?.number(self.0))
    }

    /// The back rank as eight letters, a to h: `RNBQKBNR`.
    #[wasm_bindgen(js_name = toString)]
    pub fn text(&self) -> String {
        self.0.to_string()
    }

    /// The back rank as White's chess symbols: `♖♘♗♕♔♗♘♖`.
    #[wasm_bindgen(getter)]
    pub fn symbols(&self) -> String {
        self.0.pieces().iter().map(|p| p.white_symbol()).collect()
    }

    /// The id, as the crate's `serde` feature writes a start: `JSON.stringify` gives `518`.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn json(&self) -> u16 {
        self.0.id()
    }

    /// Whether `other` is the same start.
    pub fn equals(&self, other: &StartingPosition) -> bool {
        self == other
    }

    /// The king's file, `"a"` to `"h"`.
    #[wasm_bindgen(getter = kingFile)]
    pub fn king_file(&self) -> String {
        self.0.king_file().to_string()
    }

    /// The file of the rook on the queenside (a-side) of the king.
    #[wasm_bindgen(getter = queensideRookFile)]
    pub fn queenside_rook_file(&self) -> String {
        self.0.queenside_rook_file().to_string()
    }

    /// The file of the rook on the kingside (h-side) of the king.
    #[wasm_bindgen(getter = kingsideRookFile)]
    pub fn kingside_rook_file(&self) -> String {
        self.0.kingside_rook_file().to_string()
    }

    /// The bishops' files, the light-squared bishop's first (b, d, f or h), then the
    /// dark-squared bishop's (a, c, e or g): `["f", "c"]` for SP 518.
    #[wasm_bindgen(getter = bishopFiles)]
    pub fn bishop_files(&self) -> Vec<String> {
        self.0
            .bishop_files()
            .iter()
            .map(|f| f.to_string())
            .collect()
    }

    /// The mirror image (files a-h reversed): RNBKQBNR (534) for RNBQKBNR (518).
    pub fn mirrored(&self) -> StartingPosition {
        StartingPosition(self.0.mirrored())
    }

    /// The start FEN, castling in `notation` (X-FEN when none is given):
    /// `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`.
    pub fn fen(&self, notation: Option<Notation>) -> Result<String, JsValue> {
        let notation = args::notation(notation)?;
        Ok(chess960::fen::Fen::new(self.0, notation).to_string())
    }

    /// The four castlings: White's kingside, White's queenside, Black's kingside, Black's
    /// queenside.
    pub fn castlings(&self) -> Vec<Castling> {
        castling::all(self.0.into())
    }

    /// The castling a UCI move makes, in either spelling (`e1h1` king takes rook, or `e1g1`
    /// king two squares); `undefined` for any other move. Throws a `ParseUciMoveError` for text
    /// that is not a UCI move.
    pub fn castling(&self, uci: &str) -> Result<Option<Castling>, JsValue> {
        castling::from_uci(self.0.into(), uci)
    }

    /// A UCI move in the other castling spelling (`e1g1` ⇄ `e1h1`) if it is a castling that
    /// has two; otherwise the move unchanged. Throws a `ParseUciMoveError` for text that is
    /// not a UCI move.
    pub fn respell(&self, uci: &str) -> Result<String, JsValue> {
        castling::respell(self.0.into(), uci)
    }
}
