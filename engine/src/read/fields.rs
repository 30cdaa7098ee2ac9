//! A record from its named fields, whichever format gave them: the one place that knows what
//! each column must hold.

use core::fmt;
use core::str::FromStr;

use chess960::book::BookEntry;
use chess960::{DoubleStartingPosition, StartingPosition, UciMove};

use super::error::ReadRecordError;
use crate::engine::Evaluation;
use crate::failure::{Failure, FailureKind};
use crate::record::Record;
use crate::score::{Score, Wdl};

/// The fields of one line: `get` gives a column's value (`None`, or empty, when absent).
pub(crate) struct Fields<'a> {
    pub(crate) get: &'a dyn Fn(&str) -> Option<&'a str>,
    pub(crate) line: u64,
}

impl<'a> Fields<'a> {
    pub(crate) fn bad(&self, column: &str, why: impl Into<String>) -> ReadRecordError {
        ReadRecordError::BadField {
            line: self.line,
            column: column.to_owned(),
            why: why.into(),
        }
    }

    /// The column's value, if it has one.
    pub(crate) fn text(&self, column: &str) -> Option<&'a str> {
        (self.get)(column).filter(|text| !text.is_empty())
    }

    /// The column's value, which it must have.
    pub(crate) fn required(&self, column: &str) -> Result<&'a str, ReadRecordError> {
        self.text(column).ok_or_else(|| self.bad(column, "missing"))
    }

    /// The column's value read as a `T`, if it has one.
    pub(crate) fn parsed<T: FromStr>(&self, column: &str) -> Result<Option<T>, ReadRecordError>
    where
        T::Err: fmt::Display,
    {
        self.text(column)
            .map(|t| {
                t.parse::<T>()
                    .map_err(|err| self.bad(column, format!("`{t}`: {err}")))
            })
            .transpose()
    }

    /// The column's value read as a `T`, which it must have.
    pub(crate) fn parsed_required<T: FromStr>(&self, column: &str) -> Result<T, ReadRecordError>
    where
        T::Err: fmt::Display,
    {
        self.parsed(column)?
            .ok_or_else(|| self.bad(column, "missing"))
    }

    /// One side's start, from its rank (and its `sp`, the id, which must agree).
    fn side(&self, prefix: &str) -> Result<StartingPosition, ReadRecordError> {
        let rank: StartingPosition = self.parsed_required(&format!("{prefix}rank"))?;
        let id_column = format!("{prefix}sp");
        match self.parsed::<u16>(&id_column)? {
            Some(id) if id != rank.id() => {
                let why = format!("{id} is not the id of {rank} ({})", rank.id());
                Err(self.bad(&id_column, why))
            }
            _ => Ok(rank),
        }
    }

    /// The record.
    pub(crate) fn record(&self) -> Result<Record, ReadRecordError> {
        let position = if (self.get)("white_rank").is_some() {
            BookEntry::Dfrc(DoubleStartingPosition::new(
                self.side("white_")?,
                self.side("black_")?,
            ))
        } else {
            BookEntry::Chess960(self.side("")?)
        };
        let engine = self.required("engine")?.to_owned();
        let limit = self.parsed_required("limit")?;
        let status = self.required("status")?;
        let outcome = if status == "ok" {
            Ok(self.evaluation()?)
        } else {
            let kind: FailureKind = status
                .parse()
                .map_err(|err| self.bad("status", format!("{err}, or ok")))?;
            Err(Failure::new(kind, self.text("error").unwrap_or("")))
        };
        Ok(Record {
            position,
            engine,
            limit,
            outcome,
        })
    }

    /// What a search found.
    fn evaluation(&self) -> Result<Evaluation, ReadRecordError> {
        let score = match (self.parsed("cp")?, self.parsed("mate")?) {
            (Some(cp), None) => Score::Centipawns(cp),
            (None, Some(mate)) => Score::Mate(mate),
            _ => return Err(self.bad("cp", "a record gives cp or mate, one of them")),
        };
        let wdl = match (
            self.parsed("win")?,
            self.parsed("draw")?,
            self.parsed("loss")?,
        ) {
            (Some(win), Some(draw), Some(loss)) => Some(Wdl { win, draw, loss }),
            (None, None, None) => None,
            _ => return Err(self.bad("win", "win, draw and loss come together")),
        };
        Ok(Evaluation {
            score,
            wdl,
            depth: self.parsed("depth")?,
            seldepth: self.parsed("seldepth")?,
            nodes: self.parsed("nodes")?,
            time: self.parsed("time_ms")?,
            best_move: self.parsed_required::<UciMove>("best_move")?,
        })
    }
}
