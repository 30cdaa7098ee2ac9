//! `Castling`: where the king and the rook go, which squares must be empty and which the king
//! crosses, and the move in both UCI spellings; squares are strings such as `"g1"`.

use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use chess960::UciMove;
use chess960::castling as c;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::error::thrown;

/// One castling of a start: one colour, one side.
///
/// ```js
/// const [whiteKingside] = StartingPosition.fromId(105).castlings();
/// whiteKingside.kingFrom; // "g1"
/// whiteKingside.rookFrom; // "h1"
/// whiteKingside.uciKingTakesRook; // "g1h1"
/// ```
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct Castling(c::Castling);

#[wasm_bindgen]
impl Castling {
    /// `"white"` or `"black"`.
    #[wasm_bindgen(getter)]
    pub fn color(&self) -> String {
        self.0.color().to_string()
    }

    /// `"kingside"` (towards h: the king goes to g) or `"queenside"` (towards a: to c).
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> String {
        self.0.side().to_string()
    }

    /// The king's square before castling.
    #[wasm_bindgen(getter = kingFrom)]
    pub fn king_from(&self) -> String {
        self.0.king_from().to_string()
    }

    /// The king's square after castling: g1, c1, g8 or c8.
    #[wasm_bindgen(getter = kingTo)]
    pub fn king_to(&self) -> String {
        self.0.king_to().to_string()
    }

    /// The rook's square before castling.
    #[wasm_bindgen(getter = rookFrom)]
    pub fn rook_from(&self) -> String {
        self.0.rook_from().to_string()
    }

    /// The rook's square after castling: f1, d1, f8 or d8.
    #[wasm_bindgen(getter = rookTo)]
    pub fn rook_to(&self) -> String {
        self.0.rook_to().to_string()
    }

    /// The squares that must be empty, a to h: every square from the king's square to its
    /// destination and from the rook's to its destination, but the king's and this rook's own.
    #[wasm_bindgen(getter = mustBeEmpty)]
    pub fn must_be_empty(&self) -> Vec<String> {
        self.0
            .must_be_empty()
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// The squares the king stands on or crosses, from its square to its destination, in the
    /// order it walks; none of them may be attacked.
    #[wasm_bindgen(getter = kingPasses)]
    pub fn king_passes(&self) -> Vec<String> {
        self.0.king_passes().iter().map(|s| s.to_string()).collect()
    }

    /// The move in UCI as king takes rook (`UCI_Chess960`): `e1h1`.
    #[wasm_bindgen(getter = uciKingTakesRook)]
    pub fn uci_king_takes_rook(&self) -> String {
        self.0.uci_king_takes_rook().to_string()
    }

    /// The move in UCI as the king's own move (standard UCI): `e1g1`; `undefined` when the
    /// king does not move or moves one square, where only king takes rook says castling.
    #[wasm_bindgen(getter = uciKingTwoSquares)]
    pub fn uci_king_two_squares(&self) -> Option<String> {
        self.0.uci_king_two_squares().map(|mv| mv.to_string())
    }

    /// `white kingside: king e1-g1, rook h1-f1`.
    #[wasm_bindgen(js_name = toString)]
    pub fn text(&self) -> String {
        self.0.to_string()
    }
}

/// The four castlings of `start`.
pub fn all(start: chess960::DoubleStartingPosition) -> Vec<Castling> {
    c::Castling::all(start).into_iter().map(Castling).collect()
}

/// The castling `uci` makes in `start`, if any.
pub fn from_uci(
    start: chess960::DoubleStartingPosition,
    uci: &str,
) -> Result<Option<Castling>, JsValue> {
    let mv: UciMove = uci.parse().map_err(thrown)?;
    Ok(c::Castling::from_uci(start, mv).map(Castling))
}

/// `uci` in the other castling spelling in `start`.
pub fn respell(start: chess960::DoubleStartingPosition, uci: &str) -> Result<String, JsValue> {
    let mv: UciMove = uci.parse().map_err(thrown)?;
    Ok(mv.respelled(start).to_string())
}
