//! Why a line an engine printed cannot be read: a key without its value, or a value that is not
//! what the key needs.

use core::fmt;

/// Why a line an engine printed cannot be read.
///
/// ```
/// use chess960_engine::uci::parse_line;
///
/// let err = parse_line("info depth x").unwrap_err();
/// assert_eq!(err.to_string(), "`depth` must be followed by a number, not `x`");
/// assert_eq!(parse_line("bestmove").unwrap_err().to_string(), "`bestmove` must be followed by a move");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseLineError {
    /// A key without the value it needs.
    MissingValue {
        /// The key.
        key: &'static str,
    },
    /// A key whose value is not what it must be.
    BadValue {
        /// The key.
        key: &'static str,
        /// What followed it.
        value: String,
    },
    /// `bestmove` followed by something that is not a UCI move.
    BadMove {
        /// What followed `bestmove`.
        value: String,
    },
}

impl fmt::Display for ParseLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseLineError::MissingValue { key: "bestmove" } => {
                write!(f, "`bestmove` must be followed by a move")
            }
            ParseLineError::MissingValue { key } => {
                write!(f, "`{key}` must be followed by a value")
            }
            ParseLineError::BadValue {
                key: "score",
                value,
            } => {
                write!(
                    f,
                    "`score` must be followed by `cp` or `mate`, not `{value}`"
                )
            }
            ParseLineError::BadValue { key, value } => {
                write!(f, "`{key}` must be followed by a number, not `{value}`")
            }
            ParseLineError::BadMove { value } => {
                write!(
                    f,
                    "`bestmove {value}`: not a move in UCI (e2e4, e7e8q, 0000)"
                )
            }
        }
    }
}

impl core::error::Error for ParseLineError {}
