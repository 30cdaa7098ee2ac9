//! The crate's errors as Python exceptions: `Chess960Error`, a `ValueError`, and a subclass
//! per error type of the crate (`IdError`, `ParseStartError`, …), whose message is the
//! crate's own.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{PyTypeInfo, create_exception};

create_exception!(
    chess960,
    Chess960Error,
    PyValueError,
    "A text, number or request that breaks a rule of Chess960 starts; the message names it."
);
create_exception!(chess960, IdError, Chess960Error, "An id outside 0..=959.");
create_exception!(
    chess960,
    ParseBackRankError,
    Chess960Error,
    "Text that is no legal back rank: its length, a symbol, or the rule it breaks."
);
create_exception!(
    chess960,
    ParseStartError,
    Chess960Error,
    "Text that is no start or pair: not a number, a back rank or a FEN."
);
create_exception!(
    chess960,
    ParseFenError,
    Chess960Error,
    "A FEN that is not a start's: the first field that is wrong."
);
create_exception!(
    chess960,
    ParseUciMoveError,
    Chess960Error,
    "Text that is no UCI move."
);
create_exception!(
    chess960,
    NumberError,
    Chess960Error,
    "A number outside its numbering's range."
);
create_exception!(
    chess960,
    DrawError,
    Chess960Error,
    "Draws that cannot be made: too many, or no candidates."
);

/// A crate error as the exception of its type.
pub trait Raise: std::fmt::Display + Sized {
    /// The exception class.
    type Exception: PyTypeInfo;
    /// The exception, with the crate's message.
    fn raise(self) -> PyErr {
        PyErr::new::<Self::Exception, _>(self.to_string())
    }
}

impl Raise for chess960::IdError {
    type Exception = IdError;
}
impl Raise for chess960::ParseBackRankError {
    type Exception = ParseBackRankError;
}
impl Raise for chess960::ParseStartError {
    type Exception = ParseStartError;
}
impl Raise for chess960::fen::ParseFenError {
    type Exception = ParseFenError;
}
impl Raise for chess960::board::ParseUciMoveError {
    type Exception = ParseUciMoveError;
}
impl Raise for chess960::numbering::NumberError {
    type Exception = NumberError;
}
impl Raise for chess960::draw::DrawError {
    type Exception = DrawError;
}

/// Adds the exception classes to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Chess960Error", py.get_type::<Chess960Error>())?;
    m.add("IdError", py.get_type::<IdError>())?;
    m.add("ParseBackRankError", py.get_type::<ParseBackRankError>())?;
    m.add("ParseStartError", py.get_type::<ParseStartError>())?;
    m.add("ParseFenError", py.get_type::<ParseFenError>())?;
    m.add("ParseUciMoveError", py.get_type::<ParseUciMoveError>())?;
    m.add("NumberError", py.get_type::<NumberError>())?;
    m.add("DrawError", py.get_type::<DrawError>())
}
