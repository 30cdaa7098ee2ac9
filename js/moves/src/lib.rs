//! `chess960/moves`: a game a web GUI imports, replayed by `chess960-pgn` as the command and
//! Python replay it: its start (the FEN tag, or the standard start), its mainline in UCI and
//! in canonical SAN, and the first move that could not be played. A module of its own, so
//! that the main one stays small (move generation's tables are most of this one).

// The bindings are for wasm32: elsewhere (the workspace's native build) the crate is empty.
#![cfg(target_arch = "wasm32")]

use chess960_pgn::moves::{Replay, UciCastling};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

/// The first game of a PGN text replayed from its start: `{ fen, uci, san, error }`. `fen`
/// is the start as a Shredder-FEN; `uci` the moves with castling as king takes rook (or, with
/// `kingTwoSquares`, as the king's two squares where the king stands on the e-file); `san`
/// the same moves in canonical SAN; `error` `null`, or `{ ply, token, why, message }` for the
/// first move that could not be played (`why`: `unreadable`, `illegal`, `ambiguous`,
/// `no-promotion`, `null-in-check`, `too-long`, `variant`, `fen`, `tags`).
///
/// ```js
/// import { replay } from "chess960/moves";
/// replay("1. e4 e5 2. Ke3 *").error.message; // "ply 3 (2. Ke3): no legal move is Ke3"
/// ```
#[wasm_bindgen]
pub fn replay(pgn: &str, king_two_squares: Option<bool>) -> Result<JsValue, JsValue> {
    let replay = Replay::of_pgn(pgn.as_bytes());
    let castling = match king_two_squares {
        Some(true) => UciCastling::KingTwoSquares,
        _ => UciCastling::KingTakesRook,
    };
    let uci: Array = replay
        .uci(castling)
        .map(|mv| JsValue::from(mv.to_string()))
        .collect();
    let san: Array = replay.san().map(|mv| JsValue::from(mv.as_str())).collect();
    let error = match replay.error() {
        None => JsValue::NULL,
        Some(error) => object(&[
            ("ply", error.ply.into()),
            ("token", error.token().into()),
            ("why", error.why.as_str().into()),
            ("message", error.in_game().to_string().into()),
        ])?,
    };
    object(&[
        ("fen", replay.start_fen().into()),
        ("uci", uci.into()),
        ("san", san.into()),
        ("error", error),
    ])
}

/// A plain object of these keys and values, in order.
fn object(entries: &[(&str, JsValue)]) -> Result<JsValue, JsValue> {
    let object = Object::new();
    for (key, value) in entries {
        Reflect::set(&object, &JsValue::from(*key), value)?;
    }
    Ok(object.into())
}
