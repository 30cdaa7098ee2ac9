//! Many positions on several engines at once: each worker owns an engine, takes the next
//! position, retries a failure on a fresh engine, and passes the outcome on; the outcomes are
//! handed over in input order, whatever order the engines finish in. An engine that cannot be
//! started several times in a row stops the run: nothing would come of going on.

use core::fmt;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use chess960::DoubleStartingPosition;

use crate::analysis::{Analysis, Position};
use crate::engine::{Engine, Evaluation, StartError};
use crate::failure::{Failure, FailureKind};
use crate::settings::Settings;

/// How a run is spread and retried.
///
/// ```
/// use chess960_engine::RunOptions;
///
/// let options = RunOptions::default().jobs(4).retries(2);
/// assert_eq!((options.jobs, options.retries, options.max_start_failures), (4, 2, 3));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct RunOptions {
    /// Engines at once (at least 1).
    pub jobs: usize,
    /// How many more times a failed position is tried, each on a fresh engine.
    pub retries: u32,
    /// Engines that fail to start, one after another (none started between), before the run
    /// stops (at least 1).
    pub max_start_failures: u32,
}

impl Default for RunOptions {
    /// One engine, one retry, three start failures in a row.
    fn default() -> RunOptions {
        RunOptions {
            jobs: 1,
            retries: 1,
            max_start_failures: 3,
        }
    }
}

impl RunOptions {
    /// With `jobs` engines at once.
    #[must_use]
    pub const fn jobs(self, jobs: usize) -> RunOptions {
        RunOptions { jobs, ..self }
    }

    /// With `retries` more tries of a failed position.
    #[must_use]
    pub const fn retries(self, retries: u32) -> RunOptions {
        RunOptions { retries, ..self }
    }

    /// Stopping after `failures` engines in a row failed to start.
    #[must_use]
    pub const fn max_start_failures(self, failures: u32) -> RunOptions {
        RunOptions {
            max_start_failures: failures,
            ..self
        }
    }
}

/// Why a run stopped before its last position.
#[derive(Debug)]
#[non_exhaustive]
pub enum RunError<E> {
    /// The callback failed (a write error); no position was started after it.
    Each(E),
    /// Engines failed to start this many times in a row; the last one's error. The positions
    /// before the stop were handed over (those whose engine never started, as failures); the
    /// rest were not.
    EngineFailsToStart(u32, StartError),
    /// Not one worker thread could be started; no position was evaluated.
    NoThread(std::io::Error),
}

impl<E: fmt::Display> fmt::Display for RunError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Each(err) => err.fmt(f),
            RunError::EngineFailsToStart(times, err) => {
                write!(
                    f,
                    "the engine failed to start {times} times in a row: {err}"
                )
            }
            RunError::NoThread(err) => {
                write!(f, "no thread could be started to run an engine: {err}")
            }
        }
    }
}

impl<E: core::error::Error + 'static> core::error::Error for RunError<E> {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            RunError::Each(err) => Some(err),
            RunError::EngineFailsToStart(_, err) => Some(err),
            RunError::NoThread(err) => Some(err),
        }
    }
}

/// What the workers share.
struct Shared<'a> {
    settings: &'a Settings,
    options: RunOptions,
    next: AtomicUsize,
    stopping: AtomicBool,
    /// Start failures since the last engine that started.
    start_failures: AtomicU32,
    /// The start error that stopped the run.
    stopped_by: Mutex<Option<(u32, StartError)>>,
}

/// Evaluates every one of `positions` (starts, Double Fischer Random pairs or book entries:
/// anything that is a pair), `jobs` at a time, and calls `each` with each position and its
/// outcome, in input order. `first` is an engine already started (it saves one start).
///
/// # Errors
///
/// `each`'s first error, after which no position is started; or engines that failed to start
/// [`RunOptions::max_start_failures`] times in a row.
pub fn evaluate_all<P, E>(
    settings: &Settings,
    options: RunOptions,
    first: Option<Engine>,
    positions: &[P],
    mut each: impl FnMut(P, Result<Evaluation, Failure>) -> Result<(), E>,
) -> Result<(), RunError<E>>
where
    P: Copy + Sync + Into<DoubleStartingPosition>,
{
    let search = |engine: &mut Engine, position: &P| engine.evaluate((*position).into());
    run_all(
        settings,
        options,
        first,
        positions,
        &search,
        |position, outcome| each(*position, outcome),
    )
}

/// Analyses every one of `positions`, `lines` best lines each ([`Engine::analyse`]), as
/// [`evaluate_all`] evaluates starts: `jobs` at a time, each failure retried on a fresh
/// engine, `each` called in input order.
///
/// # Errors
///
/// As [`evaluate_all`]'s.
///
/// ```no_run
/// use chess960_engine::{Limit, RunOptions, Settings, analyse_all};
///
/// let settings = Settings::new("/usr/games/stockfish", Limit::Nodes(100_000));
/// let positions = ["qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR b HChc -".parse()?];
/// analyse_all(&settings, RunOptions::default(), None, &positions, 3, |position, outcome| {
///     for line in &outcome.expect("analysed").lines {
///         println!("{position}: {} {:?}", line.score, line.moves);
///     }
///     Ok::<(), std::io::Error>(())
/// })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_all<E>(
    settings: &Settings,
    options: RunOptions,
    first: Option<Engine>,
    positions: &[Position],
    lines: u32,
    each: impl FnMut(&Position, Result<Analysis, Failure>) -> Result<(), E>,
) -> Result<(), RunError<E>> {
    let search = |engine: &mut Engine, position: &Position| engine.analyse(position, lines);
    run_all(settings, options, first, positions, &search, each)
}

/// A search of a position on an engine.
type Search<'a, P, T> = dyn Fn(&mut Engine, &P) -> Result<T, Failure> + Sync + 'a;

/// [`evaluate_all`] and [`analyse_all`]: `search` each of `positions`.
fn run_all<P: Sync, T: Send, E>(
    settings: &Settings,
    options: RunOptions,
    first: Option<Engine>,
    positions: &[P],
    search: &Search<'_, P, T>,
    mut each: impl FnMut(&P, Result<T, Failure>) -> Result<(), E>,
) -> Result<(), RunError<E>> {
    let shared = Shared {
        settings,
        options,
        next: AtomicUsize::new(0),
        stopping: AtomicBool::new(false),
        start_failures: AtomicU32::new(0),
        stopped_by: Mutex::new(None),
    };
    let first = Mutex::new(first);
    let (sender, receiver) = mpsc::channel();
    thread::scope(|scope| {
        // As many workers as asked for and the system gives (a thread it refuses is one
        // worker fewer, not a panic).
        let mut workers = 0;
        for _ in 0..options.jobs.max(1).min(positions.len()) {
            let sender = sender.clone();
            let (shared, first) = (&shared, &first);
            let started = thread::Builder::new().spawn_scoped(scope, move || {
                let mut engine = first.lock().ok().and_then(|mut first| first.take());
                while !shared.stopping.load(Ordering::Relaxed) {
                    let index = shared.next.fetch_add(1, Ordering::Relaxed);
                    let Some(position) = positions.get(index) else {
                        return;
                    };
                    let outcome = shared.attempts(&mut engine, |engine| search(engine, position));
                    if sender.send((index, outcome)).is_err() {
                        return;
                    }
                }
            });
            match started {
                Ok(_) => workers += 1,
                Err(err) if workers == 0 && !positions.is_empty() => {
                    return Err(RunError::NoThread(err));
                }
                Err(_) => break,
            }
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (index, outcome) in receiver {
            waiting.insert(index, outcome);
            while let Some(outcome) = waiting.remove(&due) {
                let Some(position) = positions.get(due) else {
                    break;
                };
                if let Err(err) = each(position, outcome) {
                    shared.stopping.store(true, Ordering::Relaxed);
                    return Err(RunError::Each(err));
                }
                due += 1;
            }
        }
        Ok(())
    })?;
    match shared.stopped_by.into_inner().ok().flatten() {
        Some((times, err)) => Err(RunError::EngineFailsToStart(times, err)),
        None => Ok(()),
    }
}

impl Shared<'_> {
    /// One position, tried once and then `retries` more times on a fresh engine after a
    /// failure.
    fn attempts<T>(
        &self,
        engine: &mut Option<Engine>,
        search: impl Fn(&mut Engine) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        let tries = self.options.retries.saturating_add(1);
        let mut attempt = 1;
        loop {
            let outcome = match engine {
                Some(running) => search(running),
                None => match self.start() {
                    Ok(started) => search(engine.insert(started)),
                    Err(failure) => Err(failure),
                },
            };
            match outcome {
                Ok(found) => return Ok(found),
                Err(mut failure) => {
                    *engine = None;
                    if attempt >= tries || self.stopping.load(Ordering::Relaxed) {
                        if attempt > 1 || tries > 1 {
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

    /// A fresh engine; a failure to start is counted, and stops the run once there are
    /// too many in a row.
    fn start(&self) -> Result<Engine, Failure> {
        let err = match Engine::start(self.settings) {
            Ok(engine) => {
                self.start_failures.store(0, Ordering::Relaxed);
                return Ok(engine);
            }
            Err(err) => err,
        };
        let failure = match &err {
            StartError::Failed(failure) => failure.clone(),
            other => Failure::new(FailureKind::Crash, other.to_string()),
        };
        let times = (self.start_failures.fetch_add(1, Ordering::Relaxed)).saturating_add(1);
        if times >= self.options.max_start_failures.max(1) {
            self.stopping.store(true, Ordering::Relaxed);
            if let Ok(mut stopped_by) = self.stopped_by.lock() {
                stopped_by.get_or_insert((times, err));
            }
        }
        Err(failure)
    }
}
