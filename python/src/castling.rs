//! `Castling`: where the king and the rook go, which squares must be empty and which the king
//! crosses, and the move in both UCI spellings; squares are strings such as `"g1"`.

use chess960::UciMove;
use chess960::castling as c;
use pyo3::prelude::*;

use crate::error::Raise;

/// One castling of a start: a colour's queenside or kingside castling.
///
/// >>> c = StartingPosition.from_id(105).castling("g1c1")
/// >>> c.king_to, c.rook_to, c.must_be_empty
/// ('c1', 'd1', ['d1', 'e1', 'f1'])
#[pyclass(module = "chess960", frozen, eq, hash)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Castling(c::Castling);

#[pymethods]
impl Castling {
    /// `"white"` or `"black"`.
    #[getter]
    fn color(&self) -> String {
        self.0.color().to_string()
    }

    /// `"queenside"` or `"kingside"`.
    #[getter]
    fn side(&self) -> String {
        self.0.side().to_string()
    }

    /// The king's square before.
    #[getter]
    fn king_from(&self) -> String {
        self.0.king_from().to_string()
    }

    /// The king's square after.
    #[getter]
    fn king_to(&self) -> String {
        self.0.king_to().to_string()
    }

    /// The rook's square before.
    #[getter]
    fn rook_from(&self) -> String {
        self.0.rook_from().to_string()
    }

    /// The rook's square after.
    #[getter]
    fn rook_to(&self) -> String {
        self.0.rook_to().to_string()
    }

    /// The squares that must be empty but for this king and rook, in file order.
    #[getter]
    fn must_be_empty(&self) -> Vec<String> {
        self.0
            .must_be_empty()
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// The squares the king stands on or crosses, which must not be attacked.
    #[getter]
    fn king_passes(&self) -> Vec<String> {
        self.0.king_passes().iter().map(|s| s.to_string()).collect()
    }

    /// The move as king takes rook (`UCI_Chess960`), `"g1h1"`.
    #[getter]
    fn uci_king_takes_rook(&self) -> String {
        self.0.uci_king_takes_rook().to_string()
    }

    /// The move as the king's two squares (standard UCI), `"e1g1"`, where the king moves two
    /// files; else `None`.
    #[getter]
    fn uci_king_two_squares(&self) -> Option<String> {
        self.0.uci_king_two_squares().map(|mv| mv.to_string())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Castling {}>", self.0)
    }
}

/// The four castlings of `start`.
pub fn all(start: chess960::DoubleStartingPosition) -> Vec<Castling> {
    c::Castling::all(start).into_iter().map(Castling).collect()
}

/// The castling `uci` is in `start`, if any.
pub fn from_uci(start: chess960::DoubleStartingPosition, uci: &str) -> PyResult<Option<Castling>> {
    let mv: UciMove = uci.parse().map_err(Raise::raise)?;
    Ok(c::Castling::from_uci(start, mv).map(Castling))
}

/// `uci` in its other spelling if it is a castling in `start`.
pub fn respell(start: chess960::DoubleStartingPosition, uci: &str) -> PyResult<String> {
    let mv: UciMove = uci.parse().map_err(Raise::raise)?;
    Ok(mv.respelled(start).to_string())
}
