//! The names Python passes for castling notations, numberings and book formats, as the
//! command line spells them (`--castling x-fen|shredder`, `--numbering`, `--format`); any
//! other name is a `ValueError` that lists the names.

use chess960::fen::CastlingNotation;
use chess960::numbering::{DfrcNumbering, Numbering};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// `"x-fen"` (the default) or `"shredder"`.
pub fn notation(name: &str) -> PyResult<CastlingNotation> {
    match name {
        "x-fen" => Ok(CastlingNotation::XFen),
        "shredder" => Ok(CastlingNotation::Shredder),
        _ => Err(unknown(
            "castling notation",
            name,
            r#""x-fen" or "shredder""#,
        )),
    }
}

/// `"scharnagl"` (the default), `"one-based"` or `"fritz"`.
pub fn numbering(name: &str) -> PyResult<Numbering> {
    match name {
        "scharnagl" => Ok(Numbering::Scharnagl),
        "one-based" => Ok(Numbering::OneBased),
        "fritz" => Ok(Numbering::Fritz9),
        _ => Err(unknown(
            "numbering",
            name,
            r#""scharnagl", "one-based" or "fritz""#,
        )),
    }
}

/// `"viridithas"` or `"clover"`.
pub fn dfrc_numbering(name: &str) -> PyResult<DfrcNumbering> {
    match name {
        "viridithas" => Ok(DfrcNumbering::Viridithas),
        "clover" => Ok(DfrcNumbering::Clover),
        _ => Err(unknown(
            "DFRC numbering",
            name,
            r#""viridithas" or "clover""#,
        )),
    }
}

/// A `ValueError` for a name that is not one of `names`.
pub fn unknown(what: &str, name: &str, names: &str) -> PyErr {
    PyValueError::new_err(format!("{what} {name:?}: is {names}"))
}
