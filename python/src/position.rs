//! `StartingPosition`: one of the 960 starts, both sides alike; an id becomes a back rank and
//! back here, as in the crate's `position.rs`.

use chess960::fen::{CastlingNotation, Fen};
use chess960::numbering::Numbering;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::args;
use crate::castling::{self, Castling};
use crate::error::Raise;

/// A Chess960 starting position, both sides alike: Scharnagl's id 0..=959 and its back rank.
///
/// >>> sp = StartingPosition.from_id(105)
/// >>> str(sp), sp.id
/// ('QNRBBNKR', 105)
#[pyclass(module = "chess960", frozen, eq, ord, hash, from_py_object)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StartingPosition(pub chess960::StartingPosition);

#[pymethods]
impl StartingPosition {
    /// The start with Scharnagl id `id`; `IdError` outside 0..=959.
    #[classmethod]
    fn from_id(_cls: &Bound<'_, PyType>, id: i64) -> PyResult<Self> {
        let id = u16::try_from(id).unwrap_or(u16::MAX);
        chess960::StartingPosition::from_id(id)
            .map(StartingPosition)
            .map_err(Raise::raise)
    }

    /// The start a text names: a number (in `numbering`), a back rank in letters (either
    /// case) or chess symbols, or a start FEN (also of a board turned 180°), as the command
    /// line reads a POS. `ParseStartError` names what the text is not.
    #[classmethod]
    #[pyo3(signature = (text, numbering = "scharnagl"))]
    fn parse(_cls: &Bound<'_, PyType>, text: &str, numbering: &str) -> PyResult<Self> {
        chess960::StartingPosition::parse_numbered(text, args::named::<Numbering>(numbering)?)
            .map(StartingPosition)
            .map_err(Raise::raise)
    }

    /// The start numbered `number` in `numbering`: `"scharnagl"`, `"one-based"` or
    /// `"fritz"`; `NumberError` outside its range.
    #[classmethod]
    fn from_number(_cls: &Bound<'_, PyType>, number: i64, numbering: &str) -> PyResult<Self> {
        let numbering = args::named::<Numbering>(numbering)?;
        numbering
            .position(u16::try_from(number).unwrap_or(u16::MAX))
            .map(StartingPosition)
            .map_err(Raise::raise)
    }

    /// Standard chess, 518 RNBQKBNR.
    #[classattr]
    #[allow(non_snake_case)]
    fn STANDARD() -> Self {
        StartingPosition(chess960::StartingPosition::STANDARD)
    }

    /// All 960 starts in id order.
    #[classmethod]
    fn all(_cls: &Bound<'_, PyType>) -> Vec<Self> {
        chess960::StartingPosition::all()
            .map(StartingPosition)
            .collect()
    }

    /// Scharnagl's id, 0..=959.
    #[getter]
    fn id(&self) -> u16 {
        self.0.id()
    }

    /// Its number in `numbering`: `"scharnagl"`, `"one-based"` or `"fritz"`.
    fn number(&self, numbering: &str) -> PyResult<u16> {
        Ok(args::named::<Numbering>(numbering)?.number(self.0))
    }

    /// The back rank in chess symbols, `♕♘♖♗♗♘♔♖`.
    #[getter]
    fn symbols(&self) -> String {
        self.0.pieces().iter().map(|p| p.white_symbol()).collect()
    }

    /// The king's file, `"g"`.
    #[getter]
    fn king_file(&self) -> String {
        self.0.king_file().to_string()
    }

    /// The queenside rook's file.
    #[getter]
    fn queenside_rook_file(&self) -> String {
        self.0.queenside_rook_file().to_string()
    }

    /// The kingside rook's file.
    #[getter]
    fn kingside_rook_file(&self) -> String {
        self.0.kingside_rook_file().to_string()
    }

    /// The bishops' files, the light-squared bishop's first.
    #[getter]
    fn bishop_files(&self) -> Vec<String> {
        self.0
            .bishop_files()
            .iter()
            .map(|f| f.to_string())
            .collect()
    }

    /// The mirror image (files a-h turned round).
    fn mirrored(&self) -> Self {
        StartingPosition(self.0.mirrored())
    }

    /// The start FEN, with castling rights in `castling` notation: `"x-fen"` or `"shredder"`.
    #[pyo3(signature = (castling = "x-fen"))]
    fn fen(&self, castling: &str) -> PyResult<String> {
        Ok(Fen::new(self.0, args::named::<CastlingNotation>(castling)?).to_string())
    }

    /// The four castlings: White's kingside and queenside, then Black's.
    fn castlings(&self) -> Vec<Castling> {
        castling::all(self.0.into())
    }

    /// The castling a UCI move is in this start (king takes rook, `"g1h1"`, or the king's
    /// two squares, `"e1g1"`), or `None`.
    fn castling(&self, uci: &str) -> PyResult<Option<Castling>> {
        castling::from_uci(self.0.into(), uci)
    }

    /// A UCI move in the other spelling if it is a castling (`"e1g1"` and `"e1h1"` in 518),
    /// else unchanged.
    fn respell(&self, uci: &str) -> PyResult<String> {
        castling::respell(self.0.into(), uci)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("StartingPosition.parse({:?})", self.0.to_string())
    }

    fn __int__(&self) -> u16 {
        self.0.id()
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (u16,))> {
        let from_id = py.get_type::<Self>().getattr("from_id")?.unbind();
        Ok((from_id, (self.0.id(),)))
    }
}
