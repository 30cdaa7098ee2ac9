//! What a run's `--out` file must hold to be gone on with: starts' records of the same
//! engine, limit and kind of start, or positions' analyses of the same engine, limit and
//! threads, and as many lines as the run asks for (but the last record, which a power cut may
//! have shortened: it is evaluated again). Each error is what follows the file's name in the
//! message.

use std::io::BufRead;

use chess960::book::BookEntry;
use chess960_engine::{
    ANALYSIS_COLUMNS, AnalysisRecord, AnalysisRecords, COLUMNS, Failure, FailureKind, Limit,
    Position, Positions, Record, RecordFormat, Records, latest,
};

use super::file::{Found, Kind};

/// A run of starts or pairs.
pub struct Starts<'a> {
    pub format: RecordFormat,
    pub dfrc: bool,
    pub limit: Limit,
    /// The engine's name.
    pub engine: &'a str,
}

impl Kind for Starts<'_> {
    type Key = BookEntry;

    fn format(&self) -> RecordFormat {
        self.format
    }

    fn header(&self) -> Vec<&'static str> {
        let positions = Positions::pairs_if(self.dfrc).columns().iter();
        positions.chain(&COLUMNS).copied().collect()
    }

    fn latest(&self, input: &mut dyn BufRead) -> Result<Found<BookEntry>, String> {
        let mut records = Records::new(input);
        let read = records
            .by_ref()
            .map(|record| record.map_err(|err| format!(": {err}")));
        let statuses = latest(read, |record| {
            self.check(&record)
                .map_err(|why| format!(" holds {why}: give another --out"))?;
            Ok(record.outcome.is_ok())
        })?;
        Ok((statuses, records.format()))
    }
}

impl Starts<'_> {
    /// Why `record` does not belong with this run's records. A failure's engine is not
    /// compared: an engine that never answered is named by its program.
    fn check(&self, record: &Record) -> Result<(), String> {
        same(
            record.limit,
            &record.engine,
            record.outcome.is_ok(),
            self.limit,
            self.engine,
        )?;
        let pairs = matches!(record.position, BookEntry::Dfrc(_));
        if pairs != self.dfrc {
            let kind = |pairs| match pairs {
                true => "Double Fischer Random pairs",
                false => "Chess960 starts",
            };
            return Err(format!(
                "records of {}, and this run evaluates {}",
                kind(pairs),
                kind(self.dfrc)
            ));
        }
        Ok(())
    }
}

/// A run of positions analysed.
pub struct Analyses<'a> {
    pub format: RecordFormat,
    pub limit: Limit,
    pub threads: u32,
    /// The lines asked for (`--multipv`).
    pub lines: u32,
    /// The engine's name.
    pub engine: &'a str,
}

impl Kind for Analyses<'_> {
    type Key = Position;

    fn format(&self) -> RecordFormat {
        self.format
    }

    fn header(&self) -> Vec<&'static str> {
        ANALYSIS_COLUMNS.to_vec()
    }

    fn latest(&self, input: &mut dyn BufRead) -> Result<Found<Position>, String> {
        let mut records = AnalysisRecords::new(input);
        let statuses = {
            let mut read = records.by_ref().peekable();
            // Each record checked as it is read, knowing whether it is the file's last.
            let checked = std::iter::from_fn(|| {
                let record = match read.next()? {
                    Ok(record) => record,
                    Err(err) => return Some(Err(format!(": {err}"))),
                };
                let last = read.peek().is_none();
                Some(self.checked(record, last))
            });
            latest(checked, |record| Ok(record.outcome.is_ok()))?
        };
        Ok((statuses, records.format()))
    }
}

impl Analyses<'_> {
    /// `record` as this run goes on with it, or why it does not belong with its analyses.
    fn checked(&self, mut record: AnalysisRecord, last: bool) -> Result<AnalysisRecord, String> {
        match self.check(&record) {
            Ok(()) => Ok(record),
            // A record is written whole, so only the last can lack lines: the end of a file a
            // power cut shortened (its cut line dropped). It is evaluated again.
            Err(Why::FewerLines(why)) if last => {
                record.outcome = Err(Failure::new(FailureKind::Crash, why));
                Ok(record)
            }
            Err(why) => Err(format!(" holds {why}: give another --out")),
        }
    }

    /// Why `record` does not belong with this run's analyses.
    fn check(&self, record: &AnalysisRecord) -> Result<(), Why> {
        same(
            record.limit,
            &record.engine,
            record.outcome.is_ok(),
            self.limit,
            self.engine,
        )
        .map_err(Why::Other)?;
        if record.threads != self.threads {
            return Err(Why::Other(format!(
                "analyses on {} thread{}, and this run's engine searches on {}",
                record.threads,
                if record.threads == 1 { "" } else { "s" },
                self.threads
            )));
        }
        // A record holds as many lines as were asked for, or as the position has moves.
        if let Ok(analysis) = &record.outcome {
            let had = analysis.lines.len();
            let moves = record.position.legal_moves().max(1);
            let wanted = moves.min(self.lines as usize);
            if had != wanted {
                let why = format!(
                    "{had} line{} of {}, and this run asks for {} (--multipv)",
                    if had == 1 { "" } else { "s" },
                    record.position,
                    self.lines
                );
                return Err(match had < wanted {
                    true => Why::FewerLines(why),
                    false => Why::Other(why),
                });
            }
        }
        Ok(())
    }
}

/// Why a record does not belong with a run's.
enum Why {
    /// It has fewer lines than the run asks for.
    FewerLines(String),
    /// Anything else.
    Other(String),
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::FewerLines(why) | Why::Other(why) => f.write_str(why),
        }
    }
}

/// Why a record of `limit` by `engine` (`good` or not) does not belong with a run's.
fn same(
    limit: Limit,
    engine: &str,
    good: bool,
    run_limit: Limit,
    run_engine: &str,
) -> Result<(), String> {
    if limit != run_limit {
        return Err(format!(
            "records at {limit}, and this run searches at {run_limit}"
        ));
    }
    if good && engine != run_engine {
        return Err(format!(
            "records of {engine}, and this run's engine is {run_engine}"
        ));
    }
    Ok(())
}
