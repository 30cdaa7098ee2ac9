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

/// A crate error, by type and variant: the variant's name is the crate's own (`kind`, beside
/// each error's definition, matched there without a catch-all), so that a variant the crate
/// adds is named as soon as it exists.
pub trait Rule: core::fmt::Display {
    /// The type's name.
    const NAME: &'static str;
    /// The variant's name.
    fn variant(&self) -> &'static str;
}

/// Each error as the class of its name, its variant as the crate names it.
macro_rules! rules {
    ($($error:ident),* $(,)?) => {$(
        impl Rule for $error {
            const NAME: &'static str = stringify!($error);
            fn variant(&self) -> &'static str {
                self.kind()
            }
        }
    )*};
}

rules!(
    IdError,
    ParseBackRankError,
    ParseFenError,
    ParseUciMoveError,
    NumberError,
    NoStart,
    DrawError,
);

/// A JavaScript `Error` carrying `error`.
pub fn thrown<E: Rule>(error: E) -> JsValue {
    named(E::NAME, &error.to_string(), error.variant())
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
