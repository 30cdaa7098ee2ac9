//! The names Python passes for castling notations, numberings and book formats, read by the crate's own
//! `FromStr` (the names `--castling` and `--numbering` take); any other name is a
//! `ValueError` with the crate's message, which lists the names.

use std::str::FromStr;

use chess960::ParseNameError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The value named `name`: `"x-fen"`, `"scharnagl"`, `"clover"`, ...
pub fn named<T: FromStr<Err = ParseNameError>>(name: &str) -> PyResult<T> {
    name.parse()
        .map_err(|e: ParseNameError| PyValueError::new_err(e.to_string()))
}
