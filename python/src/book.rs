//! `Book`: every Chess960 start or every Double Fischer Random pair, less any left out, in
//! book order, as entries or as lines in each format (`BookIter`); `BookEntry`, one of them.

use chess960::book as b;
use chess960::draw::Repeats;
use chess960::fen::CastlingNotation;
use chess960::set::PositionSet;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::args;
use crate::error::Raise;
use crate::pair::DoubleStartingPosition;
use crate::position::StartingPosition;

/// The candidates of a book or a draw: every Chess960 start (id order) or every DFRC pair
/// (White's id major), less the starts left out.
///
/// >>> book = Book.chess960().without(StartingPosition.STANDARD)
/// >>> len(book), next(book.lines("epd"))
/// (959, 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - hmvc 0; fmvn 1; id "chess960 0";')
#[pyclass(module = "chess960", frozen, eq)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Book(pub b::Book);

#[pymethods]
impl Book {
    /// The 960 starts, both sides alike.
    #[classmethod]
    fn chess960(_cls: &Bound<'_, PyType>) -> Self {
        Book(b::Book::CHESS960)
    }

    /// The 921,600 Double Fischer Random pairs.
    #[classmethod]
    fn dfrc(_cls: &Bound<'_, PyType>) -> Self {
        Book(b::Book::DFRC)
    }

    /// The same book without `sp` (on either side, for pairs).
    fn without(&self, sp: StartingPosition) -> Self {
        Book(self.0.without(sp.0))
    }

    /// The same book without each of `starts`.
    fn difference(&self, starts: Vec<StartingPosition>) -> Self {
        let set = starts
            .into_iter()
            .fold(PositionSet::NONE, |set, sp| set.with(sp.0));
        Book(self.0.difference(set))
    }

    /// The starts a book draws from, in id order.
    #[getter]
    fn positions(&self) -> Vec<StartingPosition> {
        self.0
            .positions()
            .into_iter()
            .map(StartingPosition)
            .collect()
    }

    /// Whether its entries are DFRC pairs.
    #[getter]
    fn is_dfrc(&self) -> bool {
        self.0.is_dfrc()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<BookEntry> {
        let len = self.0.len();
        let at = if index < 0 {
            len.checked_sub(index.unsigned_abs())
        } else {
            Some(index.unsigned_abs())
        };
        at.and_then(|at| self.0.nth(at))
            .map(BookEntry)
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "book index {index} is not in a book of {len}"
                ))
            })
    }

    /// Its entries, in book order.
    fn __iter__(&self) -> BookIter {
        BookIter {
            entries: self.0.entries(),
            write: None,
        }
    }

    /// Its entries, in book order.
    fn entries(&self) -> BookIter {
        self.__iter__()
    }

    /// Its lines in `format` (`"fen"`, `"epd"` or `"pgn"`), castling rights in `castling`
    /// notation, as `chess960 book --format FORMAT` writes them (each without its newline;
    /// a PGN line is a game's tags).
    #[pyo3(signature = (format = "fen", castling = "x-fen"))]
    fn lines(&self, format: &str, castling: &str) -> PyResult<BookIter> {
        Ok(BookIter {
            entries: self.0.entries(),
            write: Some((
                args::named::<b::LineFormat>(format)?,
                args::named::<CastlingNotation>(castling)?,
            )),
        })
    }

    /// `count` entries drawn from the book by the seed text, all distinct unless
    /// `allow_repeats`, as `chess960 draw --seed-text TEXT --count COUNT [--allow-repeats]`
    /// draws them (the crate's `Book::seeded_draws`). `DrawError` when the book has too few
    /// entries (or none).
    #[pyo3(signature = (seed_text, count, *, allow_repeats = false))]
    fn draw(&self, seed_text: &str, count: u64, allow_repeats: bool) -> PyResult<Vec<BookEntry>> {
        let repeats = match allow_repeats {
            true => Repeats::Allowed,
            false => Repeats::Distinct,
        };
        let draws = self.0.seeded_draws(seed_text, count, repeats);
        Ok(draws.map_err(|err| err.raise())?.map(BookEntry).collect())
    }

    fn __repr__(&self) -> String {
        match self.0 {
            b::Book::CHESS960 => "Book.chess960()".to_owned(),
            b::Book::DFRC => "Book.dfrc()".to_owned(),
            book if book.is_dfrc() => format!("<Book dfrc: {} entries>", book.len()),
            book => format!("<Book chess960: {} entries>", book.len()),
        }
    }
}

/// The entries of a book, or its lines in a format.
#[pyclass(module = "chess960")]
#[derive(Debug)]
pub struct BookIter {
    entries: b::BookEntries,
    write: Option<(b::LineFormat, CastlingNotation)>,
}

#[pymethods]
impl BookIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        Ok(match (self.entries.next(), self.write) {
            (None, _) => None,
            (Some(entry), None) => Some(BookEntry(entry).into_pyobject(py)?.into_any().unbind()),
            (Some(entry), Some((format, notation))) => Some(
                entry
                    .line(format, notation)
                    .to_string()
                    .into_pyobject(py)?
                    .into_any()
                    .unbind(),
            ),
        })
    }
}

/// One entry of a book: a start or a DFRC pair, with its place in the book.
///
/// >>> entry = Book.dfrc()[2]
/// >>> str(entry), str(entry.pair)
/// ('dfrc 0 2', 'BBQNNRKR BQNNRBKR')
#[pyclass(module = "chess960", frozen, eq, hash)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookEntry(pub b::BookEntry);

#[pymethods]
impl BookEntry {
    /// Its start (both sides alike) or pair.
    #[getter]
    fn pair(&self) -> DoubleStartingPosition {
        DoubleStartingPosition(self.0.pair())
    }

    /// Whether it is a DFRC pair.
    #[getter]
    fn is_dfrc(&self) -> bool {
        matches!(self.0, b::BookEntry::Dfrc(_))
    }

    /// Its FEN line.
    #[pyo3(signature = (castling = "x-fen"))]
    fn fen(&self, castling: &str) -> PyResult<String> {
        Ok(self
            .0
            .fen(args::named::<CastlingNotation>(castling)?)
            .to_string())
    }

    /// Its EPD line, with `id "chess960 105"`.
    #[pyo3(signature = (castling = "x-fen"))]
    fn epd(&self, castling: &str) -> PyResult<String> {
        Ok(self
            .0
            .epd(args::named::<CastlingNotation>(castling)?)
            .to_string())
    }

    /// Its PGN tags.
    #[pyo3(signature = (castling = "x-fen"))]
    fn pgn(&self, castling: &str) -> PyResult<String> {
        Ok(self
            .0
            .pgn(args::named::<CastlingNotation>(castling)?)
            .to_string())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<BookEntry {}>", self.0)
    }
}
