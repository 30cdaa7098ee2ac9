//! Why a position could not be evaluated: the five ways an engine fails, as OpenBench and
//! cutechess name them.

use core::fmt;
use core::str::FromStr;

/// How an engine failed a position.
///
/// ```
/// use chess960_engine::FailureKind;
///
/// assert_eq!(FailureKind::Stall.to_string(), "stall");
/// assert_eq!("illegal".parse::<FailureKind>(), Ok(FailureKind::Illegal));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum FailureKind {
    /// The engine's process ended, or closed its output, or could not be started.
    Crash,
    /// The engine stopped answering: no `uciok` or `readyok` in time, or no `bestmove` after
    /// `stop`.
    Stall,
    /// The engine's move is not a legal first move from the start (or it had none).
    Illegal,
    /// The search ran past its limit and its grace, and answered `stop`.
    Timeout,
    /// The engine printed a line UCI does not allow (a known command that cannot be read, a
    /// line too long, bytes that are not UTF-8), or a `bestmove` without a score.
    Protocol,
}

impl FailureKind {
    /// Every kind, in the order of the docs.
    pub const ALL: [FailureKind; 5] = [
        FailureKind::Crash,
        FailureKind::Stall,
        FailureKind::Illegal,
        FailureKind::Timeout,
        FailureKind::Protocol,
    ];

    /// Its name in records: `crash`, `stall`, `illegal`, `timeout`, `protocol`.
    ///
    /// ```
    /// assert_eq!(chess960_engine::FailureKind::Crash.as_str(), "crash");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            FailureKind::Crash => "crash",
            FailureKind::Stall => "stall",
            FailureKind::Illegal => "illegal",
            FailureKind::Timeout => "timeout",
            FailureKind::Protocol => "protocol",
        }
    }
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that names no [`FailureKind`].
///
/// ```
/// let err = "hang".parse::<chess960_engine::FailureKind>().unwrap_err();
/// assert_eq!(err.to_string(), "`hang` is not a failure: crash, stall, illegal, timeout or protocol");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseFailureKindError(String);

impl fmt::Display for ParseFailureKindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a failure: crash, stall, illegal, timeout or protocol",
            self.0
        )
    }
}

impl core::error::Error for ParseFailureKindError {}

impl FromStr for FailureKind {
    type Err = ParseFailureKindError;

    fn from_str(text: &str) -> Result<FailureKind, ParseFailureKindError> {
        FailureKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
            .ok_or_else(|| ParseFailureKindError(text.to_owned()))
    }
}

/// A failure: its kind and what happened, in words.
///
/// ```
/// use chess960_engine::{Failure, FailureKind};
///
/// let failure = Failure::new(FailureKind::Crash, "the engine exited (signal 11)");
/// assert_eq!(failure.to_string(), "crash: the engine exited (signal 11)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// The kind.
    pub kind: FailureKind,
    /// What happened.
    pub detail: String,
}

impl Failure {
    /// A failure of `kind`, described by `detail`.
    pub fn new(kind: FailureKind, detail: impl Into<String>) -> Failure {
        Failure {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail)
    }
}

impl core::error::Error for Failure {}
