//! Why a table could not be opened or read ([`TableError`]).

use std::fmt;
use std::io;

use super::format::VERSION;

/// Why a table could not be opened or read. No path in it: the caller adds the path.
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum TableError {
    /// Reading the file failed.
    Io(io::Error),
    /// The file is not a table as [`TableWriter`] writes it: `what` names the rule broken.
    Corrupt {
        /// The rule broken, as a sentence without its end.
        what: &'static str,
    },
    /// A block is not as the block index says: `what` names the rule broken.
    Block {
        /// The block's number, from 0.
        block: u32,
        /// The rule broken, as a sentence's end after "block N's".
        what: &'static str,
    },
    /// The file is a table of another format version.
    Version {
        /// The version the file says.
        found: u32,
    },
    /// The file is a table of another kind.
    Kind {
        /// The kind the file says.
        found: [u8; 4],
        /// The kind asked for.
        expected: [u8; 4],
    },
    /// The file is a table of keys of another length.
    KeyLen {
        /// The key length the file says.
        found: usize,
        /// The key length asked for.
        expected: usize,
    },
    /// A key asked for is not of the table's key length.
    WrongKey {
        /// The length of the key asked for.
        len: usize,
        /// The table's key length.
        key_len: usize,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io(error) => write!(f, "reading the table failed: {error}"),
            TableError::Corrupt { what } => write!(f, "not a table as written: {what}"),
            TableError::Block { block, what } => write!(f, "block {block}'s {what}"),
            TableError::Version { found } => write!(
                f,
                "a table of format version {found}; this program reads version {VERSION}"
            ),
            TableError::Kind { found, expected } => write!(
                f,
                "a table of kind \"{}\", not \"{}\"",
                found.escape_ascii(),
                expected.escape_ascii()
            ),
            TableError::KeyLen { found, expected } => {
                write!(f, "a table of {found}-byte keys, not {expected}-byte keys")
            }
            TableError::WrongKey { len, key_len } => write!(
                f,
                "a key of {len} bytes asked of a table of {key_len}-byte keys"
            ),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableError::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for TableError {
    fn from(error: io::Error) -> TableError {
        TableError::Io(error)
    }
}

/// A [`TableError::Corrupt`] naming `what`.
pub(crate) fn corrupt(what: &'static str) -> TableError {
    TableError::Corrupt { what }
}
