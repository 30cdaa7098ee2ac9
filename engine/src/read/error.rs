//! Why a line of an eval file is not a record.

use core::fmt;
use std::io;

/// Why a line of an eval file is not a record.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadRecordError {
    /// The file could not be read.
    Io(io::Error),
    /// A line is neither a JSON object nor CSV after a header.
    NotARecord {
        /// The line number, from 1.
        line: u64,
        /// Why.
        why: String,
    },
    /// A column is missing, or its value cannot be read.
    BadField {
        /// The line number, from 1.
        line: u64,
        /// The column.
        column: String,
        /// What is wrong with it.
        why: String,
    },
}

impl fmt::Display for ReadRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadRecordError::Io(err) => write!(f, "{err}"),
            ReadRecordError::NotARecord { line, why } => write!(f, "line {line}: {why}"),
            ReadRecordError::BadField { line, column, why } => {
                write!(f, "line {line}: column `{column}`: {why}")
            }
        }
    }
}

impl core::error::Error for ReadRecordError {}
