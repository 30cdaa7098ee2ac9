//! `DoubleStartingPosition`: a start for White and one for Black (Double Fischer Random), and
//! what a pair is written as: FENs, castlings, DFRC numbers.

use alloc::{
    format,
    string::{String, ToString},
    vec,
    vec::Vec,
};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::args::{self, DfrcNumbering, Notation};
use crate::castling::{self, Castling};
use crate::error::{named, thrown};
use crate::position::StartingPosition;

/// White's start and Black's (Double Fischer Random Chess); a Chess960 start is a pair of
/// two equal ones.
///
/// ```js
/// const pair = new DoubleStartingPosition(StartingPosition.fromId(105), StartingPosition.fromId(451));
/// pair.fen(); // "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1"
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleStartingPosition(pub(crate) chess960::DoubleStartingPosition);

#[wasm_bindgen]
impl DoubleStartingPosition {
    /// White starting from `white`, Black from `black`.
    #[wasm_bindgen(constructor)]
    pub fn new(white: &StartingPosition, black: &StartingPosition) -> DoubleStartingPosition {
        DoubleStartingPosition(chess960::DoubleStartingPosition::new(white.0, black.0))
    }

    /// The pair of Scharnagl ids `white` and `black`. Throws an `IdError` if either is not
    /// a whole number from 0 to 959.
    #[wasm_bindgen(js_name = fromIds)]
    pub fn from_ids(white: f64, black: f64) -> Result<DoubleStartingPosition, JsValue> {
        let white = StartingPosition::from_id(white)?;
        let black = StartingPosition::from_id(black)?;
        Ok(DoubleStartingPosition::new(&white, &black))
    }

    /// The pair a FEN sets up, read strictly (White to move, full castling rights, no en
    /// passant square, counters `0 1`). Throws a `ParseFenError` naming the first field that
    /// is not as a start has it.
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(fen: &str) -> Result<DoubleStartingPosition, JsValue> {
        chess960::fen::FenReader::STRICT
            .read(fen)
            .map(DoubleStartingPosition)
            .map_err(thrown)
    }

    /// The pair numbered `number` in a DFRC numbering. Throws a `NumberError` (kind
    /// `DfrcOutOfRange`) unless it is a whole number below 921,600.
    #[wasm_bindgen(js_name = fromNumber)]
    pub fn from_number(
        number: f64,
        numbering: DfrcNumbering,
    ) -> Result<DoubleStartingPosition, JsValue> {
        let numbering = args::dfrc_numbering(numbering)?;
        match args::whole(number) {
            Some(n) => numbering
                .pair(n)
                .map(DoubleStartingPosition)
                .map_err(thrown),
            None => Err(named(
                "NumberError",
                &format!(
                    "{} {} is not in 0..=921599",
                    numbering.noun(),
                    args::shown(number)
                ),
                "DfrcOutOfRange",
            )),
        }
    }

    /// Standard chess for both sides: SP 518 and SP 518.
    pub fn standard() -> DoubleStartingPosition {
        DoubleStartingPosition(chess960::DoubleStartingPosition::STANDARD)
    }

    /// White's start.
    #[wasm_bindgen(getter)]
    pub fn white(&self) -> StartingPosition {
        StartingPosition(self.0.white())
    }

    /// Black's start.
    #[wasm_bindgen(getter)]
    pub fn black(&self) -> StartingPosition {
        StartingPosition(self.0.black())
    }

    /// The Chess960 start when both sides have it; `undefined` otherwise.
    #[wasm_bindgen(getter)]
    pub fn single(&self) -> Option<StartingPosition> {
        self.0.single().map(StartingPosition)
    }

    /// This pair's number in a DFRC numbering.
    pub fn number(&self, numbering: DfrcNumbering) -> Result<u32, JsValue> {
        Ok(args::dfrc_numbering(numbering)?.number(self.0))
    }

    /// White's back rank, a space, Black's (as White sees it, a to h): `QNRBBNKR BRNNKQRB`,
    /// which `chess960` reads back as a pair.
    #[wasm_bindgen(js_name = toString)]
    pub fn text(&self) -> String {
        format!("{} {}", self.0.white(), self.0.black())
    }

    /// The two ids, as the crate's `serde` feature writes a pair: `[105, 451]`.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "[number, number]")]
    pub fn json(&self) -> Vec<JsValue> {
        vec![self.0.white().id().into(), self.0.black().id().into()]
    }

    /// Whether `other` is the same pair.
    pub fn equals(&self, other: &DoubleStartingPosition) -> bool {
        self == other
    }

    /// The start FEN, castling in `notation` (X-FEN when none is given).
    pub fn fen(&self, notation: Option<Notation>) -> Result<String, JsValue> {
        let notation = args::notation(notation)?;
        Ok(chess960::fen::Fen::new(self.0, notation).to_string())
    }

    /// The four castlings: White's kingside, White's queenside, Black's kingside, Black's
    /// queenside.
    pub fn castlings(&self) -> Vec<Castling> {
        castling::all(self.0)
    }

    /// The castling a UCI move makes, in either spelling; `undefined` for any other move. A
    /// move on rank 1 castles as White's start says, one on rank 8 as Black's. Throws a
    /// `ParseUciMoveError` for text that is not a UCI move.
    pub fn castling(&self, uci: &str) -> Result<Option<Castling>, JsValue> {
        castling::from_uci(self.0, uci)
    }

    /// A UCI move in the other castling spelling (`e1g1` ⇄ `e1h1`) if it is a castling that
    /// has two; otherwise the move unchanged.
    pub fn respell(&self, uci: &str) -> Result<String, JsValue> {
        castling::respell(self.0, uci)
    }
}

#[wasm_bindgen]
impl StartingPosition {
    /// This start for both sides, as a pair.
    pub fn pair(&self) -> DoubleStartingPosition {
        DoubleStartingPosition(self.0.into())
    }
}
