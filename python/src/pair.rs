//! `DoubleStartingPosition`: a Double Fischer Random pair, White's start and Black's, read
//! and written in the command line's grammar (`"105 451"`).

use chess960::fen::{CastlingNotation, Fen};
use chess960::numbering::{DfrcNumbering, Numbering};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::args;
use crate::castling::{self, Castling};
use crate::error::Raise;
use crate::position::StartingPosition;

/// White's start and Black's: a Double Fischer Random pair, or a Chess960 start when both
/// are the same.
///
/// >>> pair = DoubleStartingPosition.parse("105 451")
/// >>> str(pair), pair.white.id, pair.black.id
/// ('QNRBBNKR BRNNKQRB', 105, 451)
#[pyclass(module = "chess960", frozen, eq, ord, hash, from_py_object)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DoubleStartingPosition(pub chess960::DoubleStartingPosition);

#[pymethods]
impl DoubleStartingPosition {
    /// White's start and Black's.
    #[new]
    fn new(white: StartingPosition, black: StartingPosition) -> Self {
        DoubleStartingPosition(chess960::DoubleStartingPosition::new(white.0, black.0))
    }

    /// One POS or two, as the command line reads them: `"518"`, `"105 451"`,
    /// `"QNRBBNKR BRNNKQRB"`, a FEN (also a DFRC FEN, or one of a turned board); numbers in
    /// `numbering`. `ParseStartError` names what the text, or its first wrong word, is not.
    #[classmethod]
    #[pyo3(signature = (text, numbering = "scharnagl"))]
    fn parse(_cls: &Bound<'_, PyType>, text: &str, numbering: &str) -> PyResult<Self> {
        chess960::DoubleStartingPosition::parse_numbered(text, args::named::<Numbering>(numbering)?)
            .map(DoubleStartingPosition)
            .map_err(Raise::raise)
    }

    /// The pair numbered `number` in a DFRC numbering: `"viridithas"` or `"clover"`.
    #[classmethod]
    fn from_number(_cls: &Bound<'_, PyType>, number: i64, numbering: &str) -> PyResult<Self> {
        let numbering = args::named::<DfrcNumbering>(numbering)?;
        numbering
            .pair(u32::try_from(number).unwrap_or(u32::MAX))
            .map(DoubleStartingPosition)
            .map_err(Raise::raise)
    }

    /// White's start.
    #[getter]
    fn white(&self) -> StartingPosition {
        StartingPosition(self.0.white())
    }

    /// Black's start.
    #[getter]
    fn black(&self) -> StartingPosition {
        StartingPosition(self.0.black())
    }

    /// The start both sides share, or `None` for a DFRC pair.
    #[getter]
    fn single(&self) -> Option<StartingPosition> {
        self.0.single().map(StartingPosition)
    }

    /// Its number in a DFRC numbering: `"viridithas"` or `"clover"`.
    fn number(&self, numbering: &str) -> PyResult<u32> {
        Ok(args::named::<DfrcNumbering>(numbering)?.number(self.0))
    }

    /// The start FEN, with castling rights in `castling` notation: `"x-fen"` or `"shredder"`.
    #[pyo3(signature = (castling = "x-fen"))]
    fn fen(&self, castling: &str) -> PyResult<String> {
        Ok(Fen::new(self.0, args::named::<CastlingNotation>(castling)?).to_string())
    }

    /// The four castlings: White's kingside and queenside, then Black's.
    fn castlings(&self) -> Vec<Castling> {
        castling::all(self.0)
    }

    /// The castling a UCI move is in this pair, or `None`.
    fn castling(&self, uci: &str) -> PyResult<Option<Castling>> {
        castling::from_uci(self.0, uci)
    }

    /// A UCI move in the other spelling if it is a castling, else unchanged.
    fn respell(&self, uci: &str) -> PyResult<String> {
        castling::respell(self.0, uci)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("DoubleStartingPosition.parse({:?})", self.0.to_string())
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let parse = py.get_type::<Self>().getattr("parse")?.unbind();
        Ok((parse, (self.0.to_string(),)))
    }
}
