//! A byte flipped (XOR 0xFF) at evenly spread positions of a table's file(s), then the table
//! opened and read by a child process (so that a panic, an abort or a hang is seen, not
//! suffered): every entry in order, and a get of every 100th key. The byte is put back after.

use std::fs::OpenOptions;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::Error;
use crate::data::{Data, Hash};
use crate::stores::Kind;

/// How a damaged table answered: the worst of what was seen.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Outcome {
    /// Every answer right: the byte changed nothing read.
    Unaffected,
    /// An error at open.
    Refused,
    /// Opened; an error at a read, no answer wrong.
    ReadError,
    /// An answer wrong with no error: an entry missing, changed or made up.
    Wrong,
    /// A panic, an abort, or no answer in a minute.
    Crash,
}

pub const OUTCOMES: [(Outcome, &str); 5] = [
    (Outcome::Refused, "refused at open"),
    (Outcome::ReadError, "an error at a read"),
    (Outcome::Wrong, "a wrong answer, no error"),
    (Outcome::Crash, "panic, abort or hang"),
    (Outcome::Unaffected, "no answer changed"),
];

/// The child: opens `path` as `kind` and reads it against `data`.
pub fn check(kind: Kind, path: &Path, data: &Data) -> Outcome {
    let Ok(opened) = kind.open(path, 0) else {
        return Outcome::Refused;
    };
    let mut worst = Outcome::Unaffected;
    let mut hash = Hash::default();
    match opened.scan(&mut |key, value| hash.eat(key, value)) {
        Err(_) => worst = Outcome::ReadError,
        Ok(()) if hash.0 != data.hash() => worst = Outcome::Wrong,
        Ok(()) => {}
    }
    for i in (0..data.len()).step_by(100) {
        let mut right = false;
        match opened.get(&data.keys[i], &mut |value| right = value == data.value(i)) {
            Err(_) => worst = worst.max(Outcome::ReadError),
            Ok(_) if !right => return Outcome::Wrong,
            Ok(_) => {}
        }
    }
    worst
}

fn outcome_name(outcome: Outcome) -> String {
    format!("{outcome:?}")
}

pub fn parse_outcome(line: &str) -> Option<Outcome> {
    OUTCOMES
        .iter()
        .map(|&(outcome, _)| outcome)
        .find(|&outcome| outcome_name(outcome) == line.trim())
}

pub fn print_outcome(outcome: Outcome) {
    println!("{}", outcome_name(outcome));
}

/// The child's outcome for `kind`'s table at `path` with `entries` entries, and the line of
/// its standard error naming a panic's place, if any.
fn child(kind: Kind, path: &Path, entries: usize) -> Result<(Outcome, Option<String>), Error> {
    let mut child = Command::new(std::env::current_exe()?)
        .args(["check", kind.arg()])
        .arg(path)
        .arg(entries.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            let output = child.wait_with_output()?;
            let line = String::from_utf8_lossy(&output.stdout);
            let stderr = String::from_utf8_lossy(&output.stderr);
            // "… panicked at /…/registry/src/index…/CRATE-VERSION/src/FILE:LINE:COLUMN:"
            let panic = stderr
                .lines()
                .find_map(|line| line.split_once("panicked at ").map(|(_, at)| at))
                .map(|at| at.rsplit("/registry/src/").next().unwrap_or(at))
                .map(|at| at.split_once('/').map_or(at, |(_, at)| at))
                .map_or("exited without a panic".to_string(), |at| {
                    format!("panicked at {at}")
                });
            return Ok(match parse_outcome(&line) {
                Some(outcome) if status.success() => (outcome, None),
                _ => (Outcome::Crash, Some(panic)),
            });
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill()?;
            child.wait()?;
            return Ok((Outcome::Crash, Some("killed after 60 s".to_string())));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `flips` flips of `kind`'s table at `path`, one at a time: each one's outcome, and what
/// each crash said.
pub fn flips(
    kind: Kind,
    path: &Path,
    entries: usize,
    flips: usize,
) -> Result<(Vec<Outcome>, Vec<String>), Error> {
    let files: Vec<(std::path::PathBuf, u64)> = kind
        .files(path)
        .into_iter()
        .map(|file| {
            let len = std::fs::metadata(&file).map_or(0, |meta| meta.len());
            (file, len)
        })
        .collect();
    let total: u64 = files.iter().map(|(_, len)| len).sum();
    let (mut outcomes, mut crashes) = (Vec::new(), Vec::new());
    for i in 0..flips as u64 {
        // Evenly spread, none at either end: (2i + 1) / 2n of the way through.
        let mut at = total * (2 * i + 1) / (2 * flips as u64);
        let (file, offset) = files
            .iter()
            .find_map(|(file, len)| {
                if at < *len {
                    Some((file, at))
                } else {
                    at -= len;
                    None
                }
            })
            .ok_or("no file")?;
        let handle = OpenOptions::new().read(true).write(true).open(file)?;
        let mut byte = [0u8];
        handle.read_exact_at(&mut byte, offset)?;
        handle.write_all_at(&[byte[0] ^ 0xFF], offset)?;
        let outcome = child(kind, path, entries);
        handle.write_all_at(&byte, offset)?;
        let (outcome, crash) = outcome?;
        outcomes.push(outcome);
        let name = file
            .strip_prefix(path.parent().unwrap_or(path))
            .unwrap_or(file);
        crashes.extend(crash.map(|crash| format!("byte {offset} of {}: {crash}", name.display())));
    }
    Ok((outcomes, crashes))
}
