//! Rust errors as the package's JavaScript error classes (`errors.js`: `Chess960Error` and a
//! subclass per type, `IdError`, `ParseFenError`, …): the message is the error's `Display`,
//! `name` its type and `kind` its variant (`OutOfRange`, `BackRank`, …), so that a caller can
//! tell which rule broke with `instanceof` and `kind`, without reading the message.

use alloc::string::ToString;
use chess960::board::ParseUciMoveError;
use chess960::draw::DrawError;
use chess960::fen::ParseFenError;
use chess960::game::NoStart;
use chess960::numbering::NumberError;
use chess960::{IdError, ParseBackRankError};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

/// A crate error, by type and variant. The names are spelled out rather than taken from a
/// derived `Debug`, which would add kilobytes to the module; a variant the crate adds later
/// is `"Other"` until it is named here.
pub trait Rule: core::fmt::Display {
    /// The type's name.
    const NAME: &'static str;
    /// The variant's name.
    fn kind(&self) -> &'static str;
}

/// A JavaScript `Error` carrying `error`.
pub fn thrown<E: Rule>(error: E) -> JsValue {
    named(E::NAME, &error.to_string(), error.kind())
}

#[wasm_bindgen(module = "/errors.js")]
extern "C" {
    /// An instance of the class named `name` (errors.js).
    #[wasm_bindgen(js_name = makeError)]
    fn make_error(name: &str, message: &str, kind: &str) -> JsValue;
}

/// An error of the class named `name`, with `kind` and `message`.
pub fn named(name: &str, message: &str, kind: &str) -> JsValue {
    make_error(name, message, kind)
}

impl Rule for IdError {
    const NAME: &'static str = "IdError";
    fn kind(&self) -> &'static str {
        match self {
            IdError::OutOfRange { .. } => "OutOfRange",
            _ => "Other",
        }
    }
}

impl Rule for ParseBackRankError {
    const NAME: &'static str = "ParseBackRankError";
    fn kind(&self) -> &'static str {
        match self {
            ParseBackRankError::Length { .. } => "Length",
            ParseBackRankError::UnknownSymbol { .. } => "UnknownSymbol",
            ParseBackRankError::BackRank(_) => "BackRank",
            _ => "Other",
        }
    }
}

impl Rule for ParseFenError {
    const NAME: &'static str = "ParseFenError";
    fn kind(&self) -> &'static str {
        match self {
            ParseFenError::Empty => "Empty",
            ParseFenError::TooManyFields { .. } => "TooManyFields",
            ParseFenError::Missing { .. } => "Missing",
            ParseFenError::RankCount { .. } => "RankCount",
            ParseFenError::BackRankLength { .. } => "BackRankLength",
            ParseFenError::BackRankSymbol { .. } => "BackRankSymbol",
            ParseFenError::BackRank { .. } => "BackRank",
            ParseFenError::Pawns { .. } => "Pawns",
            ParseFenError::NotEmpty { .. } => "NotEmpty",
            ParseFenError::BlackNotWhite { .. } => "BlackNotWhite",
            ParseFenError::Turn => "Turn",
            ParseFenError::Castling { .. } => "Castling",
            ParseFenError::EnPassant => "EnPassant",
            ParseFenError::Counters => "Counters",
            _ => "Other",
        }
    }
}

impl Rule for ParseUciMoveError {
    const NAME: &'static str = "ParseUciMoveError";
    fn kind(&self) -> &'static str {
        match self {
            ParseUciMoveError::Length { .. } => "Length",
            ParseUciMoveError::File { .. } => "File",
            ParseUciMoveError::Rank { .. } => "Rank",
            ParseUciMoveError::Promotion { .. } => "Promotion",
            ParseUciMoveError::SameSquare { .. } => "SameSquare",
            _ => "Other",
        }
    }
}

impl Rule for NumberError {
    const NAME: &'static str = "NumberError";
    fn kind(&self) -> &'static str {
        match self {
            NumberError::OutOfRange { .. } => "OutOfRange",
            NumberError::DfrcOutOfRange { .. } => "DfrcOutOfRange",
            _ => "Other",
        }
    }
}

impl Rule for NoStart {
    const NAME: &'static str = "NoStart";
    fn kind(&self) -> &'static str {
        match self {
            NoStart::Standard => "Standard",
            NoStart::OtherVariant(_) => "OtherVariant",
            NoStart::NotAStart(_) => "NotAStart",
            NoStart::BadFen(_) => "BadFen",
            _ => "Other",
        }
    }
}

impl Rule for DrawError {
    const NAME: &'static str = "DrawError";
    fn kind(&self) -> &'static str {
        match self {
            DrawError::TooMany { .. } => "TooMany",
            DrawError::NoCandidates => "NoCandidates",
            _ => "Other",
        }
    }
}
