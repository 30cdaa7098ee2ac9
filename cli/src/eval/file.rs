//! The `--out` file: a history of records, appended as they are made. On a second run the
//! latest record of each position counts: a good one is skipped, a failure is tried again
//! (its new record appended after the old). The whole file is checked before anything in it
//! changes: records of another engine, limit or kind of position, or lines that are not
//! records, refuse it as it is. Only then is a line cut off by a kill or a power cut dropped.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::hash::Hash;
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use chess960_engine::RecordFormat;

/// The longest cut-off line taken for a record of this tool (a record is a few hundred bytes).
const LONGEST_CUT: u64 = 1 << 16;

/// An eval file open for appending, its positions keyed by `K`.
pub struct EvalFile<K> {
    file: File,
    format: RecordFormat,
    /// Each position's latest record: good (`true`) or a failure.
    latest: HashMap<K, bool>,
    syncer: Syncer,
}

/// Each position's latest record in a file (good or not), in order, and the format found.
pub type Found<K> = (Vec<(K, bool)>, Option<RecordFormat>);

/// What a file's records must be for a run to go on with it: the kind's reading and header.
pub trait Kind {
    /// What names a position.
    type Key: Eq + Hash;

    /// The format this run writes.
    fn format(&self) -> RecordFormat;

    /// The CSV header this run writes.
    fn header(&self) -> Vec<&'static str>;

    /// Each position's latest record in `input` (good or not), in order, and the format
    /// found; an error names what in it does not belong with this run.
    fn latest(&self, input: &mut dyn io::BufRead) -> Result<Found<Self::Key>, String>;
}

/// The `--out` file at `path` for `run`, when one is given; the text of a usage error when it
/// cannot be gone on with.
pub fn open_out<K: Eq + Hash>(
    path: Option<&Path>,
    run: &impl Kind<Key = K>,
) -> Result<Option<EvalFile<K>>, String> {
    path.map(|path| EvalFile::open(path, run)).transpose()
}

/// Writes a record (`write` in the run's format) to the run's `--out` file, or to `out` in
/// `format`, flushed at once.
pub fn emit<K: Eq + Hash>(
    file: &mut Option<EvalFile<K>>,
    out: &mut impl Write,
    format: RecordFormat,
    write: impl FnOnce(&mut Vec<u8>, RecordFormat) -> io::Result<()>,
) -> io::Result<()> {
    match file {
        Some(file) => file.append(write),
        None => {
            let mut bytes = Vec::with_capacity(200);
            write(&mut bytes, format)?;
            out.write_all(&bytes)?;
            out.flush()
        }
    }
}

impl<K: Eq + Hash> EvalFile<K> {
    /// Opens (or creates) `path` for `run`; an error says what is wrong with the file, which
    /// is then as it was.
    pub fn open(path: &Path, run: &impl Kind<Key = K>) -> Result<EvalFile<K>, String> {
        let shown = path.display();
        let io = |err: io::Error| format!("{shown}: {err}");
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let complete = after_last_line_end(&mut file, len).map_err(io)?;
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        let mut input = BufReader::new((&file).take(complete));
        let (statuses, found) = run
            .latest(&mut input)
            .map_err(|why| format!("{shown}{why}"))?;
        if let Some(found) = found.filter(|&found| found != run.format()) {
            return Err(format!(
                "{shown} holds {}, and this run writes {} (--format)",
                name(found),
                name(run.format())
            ));
        }
        let cut = len - complete;
        if cut > 0 {
            let mut tail = Vec::new();
            file.seek(SeekFrom::Start(complete)).map_err(io)?;
            (&file)
                .take(LONGEST_CUT)
                .read_to_end(&mut tail)
                .map_err(io)?;
            if cut > LONGEST_CUT || !cut_record(&tail, found, run) {
                let start = String::from_utf8_lossy(tail.get(..40).unwrap_or(&tail)).into_owned();
                return Err(format!(
                    "{shown}: its last line ({start:?}…) has no line ending and is no record \
                     of this tool: give another --out"
                ));
            }
            file.set_len(complete).map_err(io)?;
            let _ = writeln!(
                io::stderr().lock(),
                "chess960: {shown}: its last line was cut off ({cut} bytes, written when a run \
                 stopped); dropped, and its position is evaluated again"
            );
        }
        if found.is_none() && run.format() == RecordFormat::Csv {
            writeln!(file, "{}", run.header().join(",")).map_err(io)?;
        }
        let syncer = Syncer::start(&file).map_err(io)?;
        Ok(EvalFile {
            file,
            format: run.format(),
            latest: statuses.into_iter().collect(),
            syncer,
        })
    }

    /// Takes out of `entries` each position whose latest record in the file is good; how
    /// many were taken out, and how many of those left failed before.
    pub fn skip_done(&self, entries: &mut Vec<K>) -> (usize, usize) {
        let before = entries.len();
        entries.retain(|entry| self.latest.get(entry) != Some(&true));
        let again = entries
            .iter()
            .filter(|entry| self.latest.get(entry) == Some(&false))
            .count();
        (before - entries.len(), again)
    }

    /// Appends `record` in one write; it is on disk within a second.
    pub fn append(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>, RecordFormat) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut line = Vec::with_capacity(200);
        write(&mut line, self.format)?;
        self.file.write_all(&line)?;
        self.syncer.written();
        Ok(())
    }

    pub fn close(self) -> io::Result<()> {
        self.syncer.stop();
        self.file.sync_data()
    }
}

/// A thread that puts the file's new records on disk once a second, whether or not another
/// record follows (a search may take minutes).
struct Syncer {
    dirty: Arc<AtomicBool>,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Syncer {
    fn start(file: &File) -> io::Result<Syncer> {
        let file = file.try_clone()?;
        let dirty = Arc::new(AtomicBool::new(false));
        let (stop, stopped) = mpsc::channel::<()>();
        let seen = Arc::clone(&dirty);
        let thread = thread::Builder::new().spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(Duration::from_secs(1))
            {
                if seen.swap(false, Ordering::Relaxed) {
                    let _ = file.sync_data();
                }
            }
        })?;
        Ok(Syncer {
            dirty,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    fn written(&self) {
        self.dirty.store(true, Ordering::Relaxed);
    }

    fn stop(mut self) {
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `CSV` or `JSON Lines`.
fn name(format: RecordFormat) -> &'static str {
    if format == RecordFormat::Json {
        "JSON Lines"
    } else {
        "CSV"
    }
}

/// Whether `tail`, a last line without its ending, is what is left of a record this run
/// writes: JSON Lines begin with `{`; a CSV row follows a header of this tool (or is the
/// beginning of one).
fn cut_record(tail: &[u8], found: Option<RecordFormat>, run: &impl Kind) -> bool {
    match found.unwrap_or(run.format()) {
        RecordFormat::Json => tail.starts_with(b"{"),
        _ if found.is_some() => true,
        _ => run.header().join(",").as_bytes().starts_with(tail),
    }
}

/// The offset just after the file's last line ending (0 if it has none).
fn after_last_line_end(file: &mut File, len: u64) -> io::Result<u64> {
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
            return Ok(start + at as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}
