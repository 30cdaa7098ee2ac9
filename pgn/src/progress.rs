//! How far readers have got: bytes and games, for a progress bar; and a request to stop, for
//! a caller that is interrupted (Ctrl-C in a notebook).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Counters that readers add to as they go, for a progress bar: bytes read from the files
/// (compressed bytes, for a compressed file) and games read. Clones share the counters.
///
/// ```
/// use chess960_pgn::{Input, Progress, Stats};
///
/// let progress = Progress::default();
/// let input = Input::from_reader(&b"[Event \"x\"]\n\n1. e4 *\n"[..]).with_progress(&progress);
/// Stats::read(input, &Default::default())?;
/// assert_eq!((progress.bytes(), progress.games()), (21, 1));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Default, Debug)]
pub struct Progress {
    pub(crate) bytes: Arc<AtomicU64>,
    pub(crate) games: Arc<AtomicU64>,
    stopped: Arc<AtomicBool>,
}

impl Progress {
    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Games read so far.
    pub fn games(&self) -> u64 {
        self.games.load(Ordering::Relaxed)
    }

    /// Asks every reader that adds to these counters to stop after the chunk it is reading
    /// (64 KiB or 256 KiB): each ends with an [`Interrupted`](std::io::ErrorKind::Interrupted)
    /// error, after the games before it. For another thread: a caller that was interrupted.
    ///
    /// ```
    /// use chess960_pgn::{Input, Progress, Stats};
    ///
    /// let progress = Progress::default();
    /// progress.stop();
    /// let input = Input::from_reader(&b"[Event \"x\"]\n\n1. e4 *\n"[..]).with_progress(&progress);
    /// let err = Stats::read(input, &Default::default()).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::Interrupted);
    /// ```
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Whether [`Progress::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }
}
