//! A child's load run whole, or killed part way: what another process saw meanwhile and
//! what the reopened store holds.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use redb::{Builder, ConcurrencyMode, ReadableDatabase, ReadableTableMetadata};

use crate::Error;
use crate::data::GAMES;
use crate::load::{READ_CACHE, count};

/// What another process sees opening the store while the loader writes.
fn open_meanwhile(store: &str, path: &Path) -> String {
    match store {
        "redb" => {
            let read = || -> Result<u64, Error> {
                let db = Builder::new()
                    .set_concurrency_mode(ConcurrencyMode::SingleWriter)
                    .set_cache_size(READ_CACHE)
                    .open_read_only(path)?;
                let txn = db.begin_read()?;
                let n = match txn.open_table(GAMES) {
                    Ok(t) => t.len()?,
                    Err(redb::TableError::TableDoesNotExist(_)) => 0,
                    Err(err) => return Err(err.into()),
                };
                Ok(n)
            };
            match read() {
                Ok(n) => format!("opened read-only, read {n} games"),
                Err(err) => format!("refused: {err}"),
            }
        }
        _ => match fjall::Database::builder(path).open() {
            Ok(_) => "opened".to_string(),
            Err(err) => format!("refused: {err}"),
        },
    }
}

pub struct Run {
    pub loaded: f64,
    pub size: u64,
    pub settled: Option<(f64, u64, u64)>,
}

fn exe() -> Result<PathBuf, Error> {
    Ok(std::env::current_exe()?)
}

/// A child's load, uninterrupted.
pub fn run_load(store: &str, mode: &str, source: &Path, out: &Path) -> Result<Run, Error> {
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_file(out);
    let output = Command::new(exe()?)
        .args(["load", store, mode])
        .arg(source)
        .arg(out)
        .stderr(Stdio::inherit())
        .output()?;
    if !output.status.success() {
        return Err(format!("load {store} {mode}: {}", output.status).into());
    }
    let text = String::from_utf8(output.stdout)?;
    let mut run = Run {
        loaded: 0.0,
        size: 0,
        settled: None,
    };
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        match words[0] {
            "loaded" => run.loaded = words[1].parse()?,
            "size" => run.size = words[1].parse()?,
            "settled" => {
                run.settled = Some((words[1].parse()?, words[2].parse()?, words[3].parse()?))
            }
            _ => {}
        }
    }
    Ok(run)
}

/// A child's load killed `after` its start: what the parent saw meanwhile, what the reopened
/// store holds, against the last commit the child reported.
pub fn crash(
    store: &str,
    mode: &str,
    source: &Path,
    out: &Path,
    after: Duration,
) -> Result<String, Error> {
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_file(out);
    let mut child = Command::new(exe()?)
        .args(["load", store, mode])
        .arg(source)
        .arg(out)
        .stdout(Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let (send, receive) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    // Wait for the start, then `after`.
    for line in &receive {
        let start = line.starts_with("start");
        lines.push(line);
        if start {
            break;
        }
    }
    std::thread::sleep(after);
    let meanwhile = open_meanwhile(store, out);
    let commits_before_kill = receive.try_iter().collect::<Vec<_>>();
    child.kill()?;
    child.wait()?;
    reader.join().map_err(|_| "reader")?;
    lines.extend(commits_before_kill);
    lines.extend(receive.try_iter());
    let total_batches: usize = lines
        .first()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let commits: Vec<usize> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("committed "))
        .filter_map(|n| n.parse().ok())
        .collect();
    let last = commits.last().copied().unwrap_or(0);
    // Every commit's end: the keys a store holds after it.
    let ends: Vec<usize> = lines
        .first()
        .and_then(|l| l.split(' ').nth(2))
        .map(|e| e.split(',').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default();
    let in_flight = ends.get(commits.len()).copied();
    let finished = lines.iter().any(|l| l.starts_with("loaded"));
    let reopened = count(store, out);
    let verdict = match reopened {
        Ok(n) if n == last => format!(
            "opens; holds {n} keys, exactly the last commit reported ({} of {total_batches})",
            commits.len()
        ),
        Ok(n) if Some(n) == in_flight => format!(
            "opens; holds {n} keys, exactly the commit in flight when killed ({} of {total_batches}; \
             its batch was written, `commit` had not returned)",
            commits.len() + 1
        ),
        Ok(n) => format!(
            "opens; holds {n} keys, NOT a commit's (the last reported: {last}, {} of {total_batches})",
            commits.len()
        ),
        Err(err) => format!("does NOT open: {err}"),
    };
    Ok(format!(
        "killed at {:.1} s{}: {verdict}; meanwhile another process: {meanwhile}",
        after.as_secs_f64(),
        if finished {
            " (after the last commit)"
        } else {
            ""
        }
    ))
}
