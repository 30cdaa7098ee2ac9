//! The `--out` file: records appended as they are made, and on a second run the positions it
//! already holds. A line cut off by a kill or a power cut is dropped first (its position is
//! evaluated again); records of another engine, limit or kind of position are refused.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use chess960::book::BookEntry;
use chess960_engine::{Limit, Record, RecordFormat, Records, write_csv_header};

/// An eval file open for appending.
pub struct EvalFile {
    file: File,
    format: RecordFormat,
    dfrc: bool,
    synced: Instant,
    /// How many records of each position the file held when opened.
    done: HashMap<BookEntry, u32>,
}

/// What a run must match in a file it goes on with.
pub struct Run<'a> {
    pub format: RecordFormat,
    pub dfrc: bool,
    pub limit: Limit,
    /// The engine's name, if it answered.
    pub engine: Option<&'a str>,
}

impl EvalFile {
    /// Opens (or creates) `path` for `run`; an error says what is wrong with the file.
    pub fn open(path: &Path, run: &Run) -> Result<EvalFile, String> {
        let shown = path.display();
        let io = |err: io::Error| format!("{shown}: {err}");
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io)?;
        let cut = drop_cut_line(&mut file).map_err(io)?;
        if cut > 0 {
            let _ = writeln!(
                io::stderr().lock(),
                "chess960: {shown}: its last line was cut off ({cut} bytes, written when a run \
                 stopped); dropped, and its position is evaluated again"
            );
        }
        let empty = file.metadata().map_err(io)?.len() == 0;
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        let mut done = HashMap::new();
        let mut records = Records::new(BufReader::new(&file));
        for record in records.by_ref() {
            let record = record.map_err(|err| format!("{shown}: {err}"))?;
            check(&record, run)
                .map_err(|why| format!("{shown} holds {why}: give another --out"))?;
            *done.entry(record.position).or_insert(0) += 1;
        }
        if let Some(found) = records.format().filter(|&found| found != run.format) {
            let name = |format| {
                if format == RecordFormat::Json {
                    "JSON Lines"
                } else {
                    "CSV"
                }
            };
            return Err(format!(
                "{shown} holds {}, and this run writes {} (--format)",
                name(found),
                name(run.format)
            ));
        }
        let mut eval_file = EvalFile {
            file,
            format: run.format,
            dfrc: run.dfrc,
            synced: Instant::now(),
            done,
        };
        if empty && run.format == RecordFormat::Csv {
            write_csv_header(&mut eval_file.file, run.dfrc).map_err(io)?;
        }
        Ok(eval_file)
    }

    /// Takes out of `entries` each position the file already holds (as often as it holds it);
    /// how many were taken out.
    pub fn skip_done(&mut self, entries: &mut Vec<BookEntry>) -> usize {
        let before = entries.len();
        entries.retain(|entry| match self.done.get_mut(entry) {
            Some(count) if *count > 0 => {
                *count -= 1;
                false
            }
            _ => true,
        });
        before - entries.len()
    }

    /// Appends `record` in one write, and asks the disk to keep it at least once a second.
    pub fn append(&mut self, record: &Record) -> io::Result<()> {
        let mut line = Vec::with_capacity(200);
        record.write(&mut line, self.format, self.dfrc)?;
        self.file.write_all(&line)?;
        if self.synced.elapsed() >= Duration::from_secs(1) {
            self.file.sync_data()?;
            self.synced = Instant::now();
        }
        Ok(())
    }

    /// Keeps every record on disk.
    pub fn sync(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }
}

/// Why `record` does not belong with this run's records.
fn check(record: &Record, run: &Run) -> Result<(), String> {
    if record.limit != run.limit {
        return Err(format!(
            "records at {}, and this run searches at {}",
            record.limit, run.limit
        ));
    }
    if let Some(engine) = run.engine.filter(|&engine| engine != record.engine) {
        return Err(format!(
            "records of {}, and this run's engine is {engine}",
            record.engine
        ));
    }
    let pairs = matches!(record.position, BookEntry::Dfrc(_));
    if pairs != run.dfrc {
        let kind = |pairs| {
            if pairs {
                "Double Fischer Random pairs"
            } else {
                "Chess960 starts"
            }
        };
        return Err(format!(
            "records of {}, and this run evaluates {}",
            kind(pairs),
            kind(run.dfrc)
        ));
    }
    Ok(())
}

/// Cuts the file after its last line ending; how many bytes were cut.
fn drop_cut_line(file: &mut File) -> io::Result<u64> {
    let len = file.metadata()?.len();
    let mut end = len;
    let mut chunk = vec![0u8; 1 << 16];
    while end > 0 {
        let start = end.saturating_sub(chunk.len() as u64);
        let Some(part) = chunk.get_mut(..(end - start) as usize) else {
            break;
        };
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(part)?;
        if let Some(at) = part.iter().rposition(|&b| b == b'\n') {
            end = start + at as u64 + 1;
            break;
        }
        end = start;
    }
    if end < len {
        file.set_len(end)?;
    }
    Ok(len - end)
}
