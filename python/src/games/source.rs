//! What `read_games` and `read_stats` read: a path, a list of paths, or a binary file object,
//! whose `read` is called with the GIL taken for each chunk while the reading runs without it.

use std::io::{self, Read};
use std::path::PathBuf;

use chess960_pgn::{Input, Progress};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use super::failure::Raised;

/// The inputs of one call.
pub enum Source {
    /// Files (`-`: standard input), read in parallel when there are several.
    Paths(Vec<PathBuf>),
    /// A binary file object, and its `name` if it has a text one (as files `open` gives do).
    Object(Py<PyAny>, String),
}

impl Source {
    /// `source` as a path (`str` or `os.PathLike`), a list or tuple of them, or an object
    /// with a `read` method that gives `bytes`.
    pub fn new(source: &Bound<'_, PyAny>) -> PyResult<Source> {
        if source.is_instance_of::<PyList>() || source.is_instance_of::<PyTuple>() {
            let paths = source
                .try_iter()?
                .map(|item| item?.extract::<PathBuf>())
                .collect::<PyResult<Vec<_>>>()?;
            return Ok(Source::Paths(paths));
        }
        if let Ok(path) = source.extract::<PathBuf>() {
            return Ok(Source::Paths(vec![path]));
        }
        if source.is_instance_of::<PyString>() || !source.hasattr("read")? {
            return Err(PyTypeError::new_err(
                "a source is a path, a list of paths or a binary file object",
            ));
        }
        let name = source
            .getattr("name")
            .and_then(|name| name.extract::<String>())
            .unwrap_or_default();
        Ok(Source::Object(source.clone().unbind(), name))
    }

    /// The name a file is given in the `file` column and in errors.
    pub fn names(&self) -> Vec<String> {
        match self {
            Source::Paths(paths) => paths.iter().map(|p| p.display().to_string()).collect(),
            Source::Object(_, name) => vec![name.clone()],
        }
    }
}

/// A Python binary file object as a [`Read`]; the exception its `read` raises is kept in
/// `raised`, to be raised again as it was.
pub struct PyReader {
    object: Py<PyAny>,
    raised: Raised,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let chunk = self
                .object
                .call_method1(py, "read", (buf.len(),))
                .map_err(|err| {
                    let error = io::Error::other(err.to_string());
                    self.raised.keep(err);
                    error
                })?;
            let bytes = chunk.bind(py).cast::<PyBytes>().map_err(|_| {
                io::Error::other("the file object's read() gave no bytes: open it in binary mode")
            })?;
            let bytes = bytes.as_bytes();
            // A reader that gives more than it was asked for would lose the rest.
            let to = buf.get_mut(..bytes.len()).ok_or_else(|| {
                io::Error::other("the file object's read(n) gave more than n bytes")
            })?;
            to.copy_from_slice(bytes);
            Ok(bytes.len())
        })
    }
}

/// A file object's input, decompressed by its magic bytes, adding to `progress`.
pub fn object_input(object: Py<PyAny>, raised: &Raised, progress: &Progress) -> Input {
    let reader = PyReader {
        object,
        raised: raised.clone(),
    };
    Input::from_reader(reader).with_progress(progress)
}
