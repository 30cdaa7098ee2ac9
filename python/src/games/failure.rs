//! Why a read failed, kept whole until it becomes a Python exception: an error with an errno
//! is the `OSError` subclass Python gives that errno (`FileNotFoundError`, `PermissionError`,
//! …) with `errno`, `strerror` and `filename` set; an exception the caller's file object
//! raised is raised again as it was; a Ctrl-C is `KeyboardInterrupt`.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use chess960_pgn::{FileError, Progress, ReadError};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

/// A read that failed: which file, after how many games, and the error.
pub struct Failure {
    path: Option<PathBuf>,
    games: Option<u64>,
    error: io::Error,
}

impl Failure {
    /// `error` of the file at `path` (none for a file object), after `games` games if known.
    pub fn new(path: Option<&Path>, games: Option<u64>, error: io::Error) -> Failure {
        Failure {
            path: path.map(Path::to_owned),
            games,
            error,
        }
    }

    /// A read of `path` that stopped.
    pub fn read(path: Option<&Path>, err: ReadError) -> Failure {
        let games = err.games();
        let error = match err {
            ReadError::Sink(error) | ReadError::Input { error, .. } => error,
            _ => io::Error::other(err.to_string()),
        };
        Failure::new(path, games, error)
    }

    /// The exception: the file object's own if it raised one (`raised`), else an `OSError`.
    pub fn into_py(self, raised: &Raised) -> PyErr {
        if let Some(err) = raised.take() {
            return err;
        }
        let mut message = self.error.to_string();
        if let Some(errno) = self.error.raw_os_error() {
            // Python adds " (os error N)"'s meaning from errno itself.
            let suffix = format!(" (os error {errno})");
            message = message.trim_end_matches(&suffix).to_owned();
        }
        if let Some(games) = self.games {
            message = format!("reading stopped after {games} games: {message}");
        }
        let filename = self.path.map(|path| path.display().to_string());
        match (self.error.raw_os_error(), filename) {
            (Some(errno), Some(filename)) => PyOSError::new_err((errno, message, filename)),
            (Some(errno), None) => PyOSError::new_err((errno, message)),
            (None, filename) => {
                let shown = match filename {
                    Some(name) => format!("{name}: {message}"),
                    None => message,
                };
                PyErr::from(io::Error::new(self.error.kind(), shown))
            }
        }
    }
}

impl From<FileError> for Failure {
    fn from(error: FileError) -> Failure {
        Failure::new(Some(&error.path), error.games, error.error)
    }
}

/// Where a file object's reader puts the exception its `read` raised, for [`Failure::into_py`].
#[derive(Clone, Default)]
pub struct Raised(Arc<Mutex<Option<PyErr>>>);

impl Raised {
    /// Keeps `err` (the first one).
    pub fn keep(&self, err: PyErr) {
        if let Ok(mut slot) = self.0.lock() {
            slot.get_or_insert(err);
        }
    }

    fn take(&self) -> Option<PyErr> {
        self.0.lock().ok()?.take()
    }
}

/// Runs `work` on a thread of its own with the GIL released, while this thread waits for it
/// and looks for signals ten times a second: a Ctrl-C stops every read that adds to
/// `progress` (after its current chunk) and raises `KeyboardInterrupt`.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    progress: &Progress,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        thread::scope(|scope| {
            let (done, finished) = mpsc::channel();
            let running = scope.spawn(move || {
                let _ = done.send(work());
            });
            loop {
                match finished.recv_timeout(Duration::from_millis(100)) {
                    Ok(result) => return Ok(result),
                    Err(RecvTimeoutError::Disconnected) => {
                        let _ = running.join();
                        return Err(PyOSError::new_err("a reader failed (it panicked)"));
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
                if let Err(interrupted) = Python::attach(|py| py.check_signals()) {
                    progress.stop();
                    let _ = running.join();
                    return Err(interrupted);
                }
            }
        })
    })
}
