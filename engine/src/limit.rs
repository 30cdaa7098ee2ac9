//! How long each search runs: a node count, a depth or a time, as UCI's `go` takes them.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

/// The one limit of every search of a run. Written `nodes=N`, `depth=N` or `movetime=MS`, as
/// records name it.
///
/// ```
/// use chess960_engine::Limit;
///
/// let limit: Limit = "nodes=1000".parse()?;
/// assert_eq!(limit, Limit::Nodes(1000));
/// assert_eq!(limit.go(), "go nodes 1000");
/// assert_eq!(Limit::Depth(20).to_string(), "depth=20");
/// # Ok::<(), chess960_engine::ParseLimitError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Limit {
    /// `go nodes N`: deterministic with one thread.
    Nodes(u64),
    /// `go depth N`.
    Depth(u32),
    /// `go movetime MS`.
    Movetime(u64),
}

impl Limit {
    /// The `go` command.
    ///
    /// ```
    /// assert_eq!(chess960_engine::Limit::Movetime(100).go(), "go movetime 100");
    /// ```
    pub fn go(self) -> String {
        match self {
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Depth(n) => format!("go depth {n}"),
            Limit::Movetime(ms) => format!("go movetime {ms}"),
        }
    }

    /// The time the limit itself allows, if it is a time.
    ///
    /// ```
    /// use std::time::Duration;
    /// use chess960_engine::Limit;
    /// assert_eq!(Limit::Movetime(250).time(), Some(Duration::from_millis(250)));
    /// assert_eq!(Limit::Nodes(1000).time(), None);
    /// ```
    pub fn time(self) -> Option<Duration> {
        match self {
            Limit::Movetime(ms) => Some(Duration::from_millis(ms)),
            Limit::Nodes(_) | Limit::Depth(_) => None,
        }
    }
}

/// `nodes=N`, `depth=N` or `movetime=MS`.
impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Nodes(n) => write!(f, "nodes={n}"),
            Limit::Depth(n) => write!(f, "depth={n}"),
            Limit::Movetime(ms) => write!(f, "movetime={ms}"),
        }
    }
}

/// Why a text is not a [`Limit`].
///
/// ```
/// use chess960_engine::Limit;
/// let err = "nodes=0".parse::<Limit>().unwrap_err();
/// assert_eq!(err.to_string(), "`nodes=0`: the limit must be a whole number above 0");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseLimitError {
    /// Not `nodes=`, `depth=` or `movetime=`.
    UnknownKind {
        /// The text.
        text: String,
    },
    /// The number is not a whole number above 0.
    BadNumber {
        /// The text.
        text: String,
    },
}

impl fmt::Display for ParseLimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseLimitError::UnknownKind { text } => {
                write!(f, "`{text}`: a limit is nodes=N, depth=N or movetime=MS")
            }
            ParseLimitError::BadNumber { text } => {
                write!(f, "`{text}`: the limit must be a whole number above 0")
            }
        }
    }
}

impl core::error::Error for ParseLimitError {}

impl FromStr for Limit {
    type Err = ParseLimitError;

    fn from_str(text: &str) -> Result<Limit, ParseLimitError> {
        let bad = || ParseLimitError::BadNumber {
            text: text.to_owned(),
        };
        let (kind, number) = text
            .split_once('=')
            .ok_or_else(|| ParseLimitError::UnknownKind {
                text: text.to_owned(),
            })?;
        let number: u64 = number.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
        match kind {
            "nodes" => Ok(Limit::Nodes(number)),
            "depth" => u32::try_from(number).map(Limit::Depth).map_err(|_| bad()),
            "movetime" => Ok(Limit::Movetime(number)),
            _ => Err(ParseLimitError::UnknownKind {
                text: text.to_owned(),
            }),
        }
    }
}
