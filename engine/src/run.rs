//! Many positions on several engines at once: each worker owns an engine, takes the next
//! position, retries a failure on a fresh engine, and passes the outcome on; the outcomes are
//! handed over in input order, whatever order the engines finish in.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use chess960::DoubleStartingPosition;
use chess960::book::BookEntry;

use crate::engine::{Engine, Evaluation, StartError};
use crate::failure::{Failure, FailureKind};
use crate::settings::Settings;

/// How a run is spread and retried.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RunOptions {
    /// Engines at once (at least 1).
    pub jobs: usize,
    /// How many more times a failed position is tried, each on a fresh engine.
    pub retries: u32,
}

/// Evaluates every one of `positions` (starts, or Double Fischer Random pairs), `jobs` at a
/// time, and calls `each` with each position and its outcome, in input order. `first` is an engine already started (it saves one start). If
/// `each` fails, no position is started after it and its error is returned.
pub fn evaluate_all<E>(
    settings: &Settings,
    options: RunOptions,
    first: Option<Engine>,
    positions: &[BookEntry],
    mut each: impl FnMut(BookEntry, Result<Evaluation, Failure>) -> Result<(), E>,
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let stopping = AtomicBool::new(false);
    let first = Mutex::new(first);
    let (sender, receiver) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..options.jobs.max(1).min(positions.len()) {
            let sender = sender.clone();
            let (next, stopping, first) = (&next, &stopping, &first);
            scope.spawn(move || {
                let mut engine = first.lock().ok().and_then(|mut first| first.take());
                while !stopping.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&position) = positions.get(index) else {
                        return;
                    };
                    let outcome = attempts(settings, options.retries, &mut engine, position.pair());
                    if sender.send((index, outcome)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (index, outcome) in receiver {
            waiting.insert(index, outcome);
            while let Some(outcome) = waiting.remove(&due) {
                let Some(&position) = positions.get(due) else {
                    break;
                };
                if let Err(err) = each(position, outcome) {
                    stopping.store(true, Ordering::Relaxed);
                    return Err(err);
                }
                due += 1;
            }
        }
        Ok(())
    })
}

/// One position, tried once and then `retries` more times on a fresh engine after a failure.
fn attempts(
    settings: &Settings,
    retries: u32,
    engine: &mut Option<Engine>,
    position: DoubleStartingPosition,
) -> Result<Evaluation, Failure> {
    let tries = retries.saturating_add(1);
    let mut attempt = 1;
    loop {
        let outcome = match engine {
            Some(running) => running.evaluate(position),
            None => match Engine::start(settings) {
                Ok(started) => engine.insert(started).evaluate(position),
                Err(StartError::Failed(failure)) => Err(failure),
                Err(other) => Err(Failure::new(FailureKind::Crash, other.to_string())),
            },
        };
        match outcome {
            Ok(found) => return Ok(found),
            Err(mut failure) => {
                *engine = None;
                if attempt >= tries {
                    if tries > 1 {
                        failure.detail =
                            format!("{} (attempt {attempt} of {tries})", failure.detail);
                    }
                    return Err(failure);
                }
            }
        }
        attempt += 1;
    }
}
