//! What JavaScript hands the package besides positions: castling notations and numberings as
//! strings, and numbers, which are doubles there. A number must be a whole number in range; a
//! fraction, a negative number or NaN is an error, never cut to fit.

use alloc::string::{String, ToString};
use core::str::FromStr;

use chess960::ParseNameError;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

/// How a FEN writes castling rights: `"x-fen"` (`KQkq`, a file letter only where a rook is
/// not the outermost) or `"shredder"` (always the rooks' files, `HAha`).
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum Notation {
    /// X-FEN: `KQkq` for the outermost rooks.
    XFen = "x-fen",
    /// Shredder-FEN: the rooks' files.
    Shredder = "shredder",
}

/// A numbering of the 960 starts: Scharnagl's ids 0..=959 (`"scharnagl"`), the same counted
/// 1..=960 (`"one-based"`, 960 for SP 0), or Fritz 9's numbers 1..=960 (`"fritz"`), as
/// `chess960 --numbering` reads them.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum Numbering {
    /// Scharnagl's ids 0..=959.
    Scharnagl = "scharnagl",
    /// Scharnagl's ids counted 1..=960.
    OneBased = "one-based",
    /// Fritz 9's numbers 1..=960.
    Fritz = "fritz",
}

/// A single number for a Double Fischer Random pair: `"viridithas"` (white + 960 × black) or
/// `"clover"` (960 × white + black).
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum DfrcNumbering {
    /// `white + 960 × black`.
    Viridithas = "viridithas",
    /// `960 × white + black`.
    Clover = "clover",
}

/// The crate's notation; X-FEN when none is given.
pub fn notation(notation: Option<Notation>) -> Result<chess960::fen::CastlingNotation, JsValue> {
    match notation {
        None => Ok(Default::default()),
        Some(Notation::__Invalid) => parse(""),
        Some(n) => parse(n.to_str()),
    }
}

/// The crate's numbering; Scharnagl's when none is given.
pub fn numbering(numbering: Option<Numbering>) -> Result<chess960::numbering::Numbering, JsValue> {
    match numbering {
        None => Ok(Default::default()),
        Some(Numbering::__Invalid) => parse(""),
        Some(n) => parse(n.to_str()),
    }
}

/// The crate's DFRC numbering.
pub fn dfrc_numbering(
    numbering: DfrcNumbering,
) -> Result<chess960::numbering::DfrcNumbering, JsValue> {
    match numbering {
        DfrcNumbering::__Invalid => parse(""),
        n => parse(n.to_str()),
    }
}

/// The crate's value named `name`: wasm-bindgen has checked the string against the names above,
/// and the crate's `FromStr` reads it; a string that is none of them reaches Rust as no name
/// at all, and becomes a `TypeError` with the crate's message (which lists the names).
pub fn parse<T: FromStr<Err = ParseNameError>>(name: &str) -> Result<T, JsValue> {
    name.parse()
        .map_err(|e: ParseNameError| type_error(&e.to_string()))
}

/// `n` as a `T` if it is a whole number that fits one.
pub fn whole<T: TryFrom<u32>>(n: f64) -> Option<T> {
    if !(0.0..=f64::from(u32::MAX)).contains(&n) {
        return None;
    }
    // In range, so the cast only drops a fraction, which the comparison then sees.
    let whole = n as u32;
    (f64::from(whole) == n).then_some(whole)?.try_into().ok()
}

/// `n` as JavaScript writes it (`-1`, `1.5`, `NaN`, `Infinity`): Rust's float formatting would
/// add kilobytes to the module.
pub fn shown(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// A JavaScript `TypeError`: an argument of the wrong kind.
pub fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}
