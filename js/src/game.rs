//! A game's start from its PGN tags, as `chess960 games` reads it.

use alloc::string::String;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::error::thrown;
use crate::pair::DoubleStartingPosition;

/// The start of a game from its `Variant` and `FEN` tag values (`undefined` for a tag it does
/// not have), by the crate's one rule (`chess960::game::StartReader`): a Variant naming
/// another variant decides it; a FEN tag that is a start gives that start, whatever its
/// castling letters and counters, except that the standard start without a Chess960 Variant
/// is standard chess; without a FEN, a Chess960 Variant means RNBQKBNR. Throws a `NoStart`:
/// kind `Standard`, `OtherVariant`, `NotAStart` (a position, but not a start) or `BadFen`.
///
/// ```js
/// gameStart("Chess960", "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HEhe -").toString(); // "QNRBBNKR BRNNKQRB"
/// ```
#[wasm_bindgen(js_name = gameStart)]
pub fn game_start(
    variant: Option<String>,
    fen: Option<String>,
) -> Result<DoubleStartingPosition, JsValue> {
    chess960::game::start(variant.as_deref(), fen.as_deref())
        .map(DoubleStartingPosition)
        .map_err(thrown)
}

/// Whether a `Variant` tag value names Chess960 (`Chess960`, `Fischerandom`, `chess 960`, …,
/// in any case).
#[wasm_bindgen(js_name = isChess960Variant)]
pub fn is_chess960_variant(name: &str) -> bool {
    chess960::game::is_chess960_variant(name)
}
