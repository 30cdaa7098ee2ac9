//! `FenReader`: a FEN becomes a start, strictly or with the crate's three relaxations, and
//! also from a board turned 180° (an electronic board's sensors).

use alloc::string::{String, ToString};
use chess960::fen::{self as f, Orientation};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::error::thrown;
use crate::pair::DoubleStartingPosition;
use crate::position::StartingPosition;

/// Reads start FENs, checking the fields it is told to beyond the placement: by default all
/// of them (White to move, full castling rights for the rooks on the board in X-FEN or
/// Shredder-FEN, no en passant square, counters `0 1`).
///
/// ```js
/// const lax = new FenReader().ignoreTurn().ignoreCastling().ignoreCounters();
/// lax.read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 5 20").id; // 518
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct FenReader(f::FenReader);

#[wasm_bindgen]
impl FenReader {
    /// The strict reader, which checks every field.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> FenReader {
        FenReader(f::FenReader::STRICT)
    }

    /// This reader, accepting any side to move.
    #[wasm_bindgen(js_name = ignoreTurn)]
    pub fn ignore_turn(&self) -> FenReader {
        FenReader(self.0.ignore_turn())
    }

    /// This reader, accepting any castling field (but a malformed one).
    #[wasm_bindgen(js_name = ignoreCastling)]
    pub fn ignore_castling(&self) -> FenReader {
        FenReader(self.0.ignore_castling())
    }

    /// This reader, accepting any counters, or none.
    #[wasm_bindgen(js_name = ignoreCounters)]
    pub fn ignore_counters(&self) -> FenReader {
        FenReader(self.0.ignore_counters())
    }

    /// The Chess960 start a FEN sets up; Black's back rank must be White's. Throws a
    /// `ParseFenError` naming the first field that is not as a start has it.
    pub fn read(&self, fen: &str) -> Result<StartingPosition, JsValue> {
        self.0.read(fen).map(StartingPosition).map_err(thrown)
    }

    /// The pair of starts a FEN sets up, White's and Black's (Double Fischer Random). Throws a
    /// `ParseFenError` naming the first field that is not as a start has it.
    #[wasm_bindgen(js_name = readPair)]
    pub fn read_pair(&self, fen: &str) -> Result<DoubleStartingPosition, JsValue> {
        self.0.read(fen).map(DoubleStartingPosition).map_err(thrown)
    }

    /// `readPair`, also when the board is turned 180° (White's pieces at the top), and which
    /// way it was. Throws the `ParseFenError` of the reading that has White's pieces where the
    /// text has uppercase letters.
    #[wasm_bindgen(js_name = readEitherWay)]
    pub fn read_either_way(&self, fen: &str) -> Result<ReadEitherWay, JsValue> {
        let (pair, orientation) = self.0.read_either_way(fen).map_err(thrown)?;
        Ok(ReadEitherWay {
            pair: DoubleStartingPosition(pair),
            orientation,
        })
    }
}

/// What `FenReader.readEitherWay` read: the pair, and which way up the board was.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct ReadEitherWay {
    pair: DoubleStartingPosition,
    orientation: Orientation,
}

#[wasm_bindgen]
impl ReadEitherWay {
    /// White's start and Black's; `.single` is the Chess960 start.
    #[wasm_bindgen(getter)]
    pub fn pair(&self) -> DoubleStartingPosition {
        self.pair
    }

    /// `"upright"` (White's pieces at the bottom, as FEN writes a board) or `"turned"`.
    #[wasm_bindgen(getter)]
    pub fn orientation(&self) -> String {
        self.orientation.to_string()
    }
}
