//! Progress of long work, as a bar on stderr: only when stderr is a terminal and the work is
//! long enough to wait for, so pipes and logs never see it; for the work a log should see
//! moving (an index's add, an engine's evaluations), a line at intervals there instead
//! (`progress_log.rs`).

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::progress_log::Log;

/// Fewer items than this are done before a bar could be read.
const WORTH_A_BAR: u64 = 10_000;

/// How many items pass between updates of the bar.
const STEP: u64 = 4096;

/// A bar counting items up to a known total, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    done: u64,
    step: u64,
    total: u64,
    what: &'static str,
    /// Lines at intervals, where there is no bar.
    log: Option<Log>,
}

impl Progress {
    /// A bar for `total` items of `what` (`lines`, `draws`), if stderr is a terminal and
    /// there are many.
    pub fn new(total: u64, what: &'static str) -> Progress {
        Progress::with(total >= WORTH_A_BAR, STEP, total, what)
    }

    /// A bar for `total` slow items (an engine's searches), redrawn after each, if stderr is a
    /// terminal; else a line at intervals (`progress_log.rs`).
    pub fn each(total: u64, what: &'static str) -> Progress {
        let mut progress = Progress::with(total > 1, 1, total, what);
        if progress.bar.is_none() && !io::stderr().is_terminal() {
            progress.log = Log::start();
        }
        progress
    }

    fn with(worth_it: bool, step: u64, total: u64, what: &'static str) -> Progress {
        let bar = (worth_it && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            // The template is a constant that parses; the default style is the fallback.
            if let Ok(style) = ProgressStyle::with_template(
                "{wide_bar} {human_pos}/{human_len} {msg} ({per_sec}, {eta} left)",
            ) {
                bar.set_style(style);
            }
            bar.set_message(what);
            bar
        });
        Progress {
            bar,
            done: 0,
            step,
            total,
            what,
            log: None,
        }
    }

    /// Writes `line` on stderr, above the bar if there is one.
    pub fn say(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => {
                let _ = writeln!(io::stderr().lock(), "{line}");
            }
        }
    }

    /// One more item done.
    pub fn tick(&mut self) {
        self.done += 1;
        if self.done % self.step == 0 {
            if let Some(bar) = &self.bar {
                bar.set_position(self.done);
            }
        }
        if let Some(log) = &mut self.log {
            let (total, what) = (self.total, self.what);
            log.tick(self.done, |done, rate| {
                format!("{done} of {total} {what}, {rate:.2} a second")
            });
        }
    }
}

impl Drop for Progress {
    /// The bar leaves no trace on the terminal.
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A bar of bytes read (of `total`, when every input's size is known), with games counted and
/// the speed, redrawn by a thread of its own; or nothing when stderr is not a terminal.
/// The bytes of the files at `paths`, when all are regular files (not stdin `-`), for a bar.
pub fn total_bytes(paths: &[std::path::PathBuf]) -> Option<u64> {
    paths
        .iter()
        .map(|f| {
            (f.as_os_str() != "-")
                .then(|| std::fs::metadata(f).ok().filter(|m| m.is_file()))
                .flatten()
                .map(|m| m.len())
        })
        .sum()
}

pub struct ByteProgress {
    bar: Option<ProgressBar>,
    stop: Option<std::sync::mpsc::Sender<()>>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl ByteProgress {
    /// [`ByteProgress::new`]; where stderr is not a terminal, a line at intervals instead
    /// (`progress_log.rs`): the games read, the bytes (of `total`), games a second.
    pub fn logged(total: Option<u64>, progress: chess960_pgn::Progress) -> ByteProgress {
        if io::stderr().is_terminal() {
            return ByteProgress::new(total, progress);
        }
        ByteProgress::lines(move || {
            let bytes = progress.bytes();
            let read = match total {
                Some(total) if total > 0 => format!(
                    "{} of {} MiB ({:.0}%)",
                    bytes >> 20,
                    total >> 20,
                    bytes as f64 * 100.0 / total as f64
                ),
                _ => format!("{} MiB", bytes >> 20),
            };
            let games = progress.games();
            (games, move |rate: f64| {
                format!("{games} games read, {read}, {rate:.0} games a second")
            })
        })
    }

    /// A line at intervals, until dropped, where stderr is not a terminal (`progress_log.rs`):
    /// `now()` gives the work done so far and what the line says of it at a rate; nothing
    /// where stderr is a terminal.
    pub fn lines<F: FnOnce(f64) -> String>(
        mut now: impl FnMut() -> (u64, F) + Send + 'static,
    ) -> ByteProgress {
        let none = ByteProgress {
            bar: None,
            stop: None,
            ticker: None,
        };
        if io::stderr().is_terminal() {
            return none;
        }
        let Some(mut log) = Log::start() else {
            return none;
        };
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let ticker = std::thread::spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(log.every())
            {
                let (done, say) = now();
                log.line(done, |_, rate| say(rate));
            }
        });
        ByteProgress {
            bar: None,
            stop: Some(stop),
            ticker: Some(ticker),
        }
    }

    /// Shows the bytes `progress` has read against `total`, and its games, until dropped.
    pub fn new(total: Option<u64>, progress: chess960_pgn::Progress) -> ByteProgress {
        if !io::stderr().is_terminal() {
            return ByteProgress {
                bar: None,
                stop: None,
                ticker: None,
            };
        }
        ByteProgress::drawn(total, move |bar| {
            bar.set_position(progress.bytes());
            bar.set_message(format!("{} games", progress.games()));
        })
    }

    /// A bar of the bytes `done` counts, of `total`, as `what` (`verified`) goes, redrawn by
    /// a thread of its own until dropped; where stderr is not a terminal, a line at intervals
    /// instead (`progress_log.rs`).
    pub fn counted(total: u64, done: Arc<AtomicU64>, what: &'static str) -> ByteProgress {
        if !io::stderr().is_terminal() {
            return ByteProgress::lines(move || {
                let bytes = done.load(Ordering::Relaxed);
                (bytes, move |rate: f64| {
                    format!(
                        "{} of {} MiB {what} ({:.0}%), {:.1} MiB a second",
                        bytes >> 20,
                        total >> 20,
                        bytes as f64 * 100.0 / total.max(1) as f64,
                        rate / f64::from(1 << 20)
                    )
                })
            });
        }
        ByteProgress::drawn(Some(total), move |bar| {
            bar.set_position(done.load(Ordering::Relaxed));
            bar.set_message(what);
        })
    }

    /// A bar of bytes (of `total`, when known), which `update` moves every tenth of a
    /// second until dropped.
    fn drawn(
        total: Option<u64>,
        mut update: impl FnMut(&ProgressBar) + Send + 'static,
    ) -> ByteProgress {
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
        let template = if total.is_some() {
            "{wide_bar} {bytes}/{total_bytes} {msg} ({bytes_per_sec}, {eta} left)"
        } else {
            "{spinner} {bytes} {msg} ({bytes_per_sec})"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let shown = bar.clone();
        let ticker = std::thread::spawn(move || {
            let interval = std::time::Duration::from_millis(100);
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(interval)
            {
                update(&bar);
            }
            bar.finish_and_clear();
        });
        ByteProgress {
            bar: Some(shown),
            stop: Some(stop),
            ticker: Some(ticker),
        }
    }

    /// Prints `line` above the bar; false, printing nothing, when there is no bar (stderr is
    /// not a terminal), so that the caller writes it itself.
    pub fn println(&self, line: &str) -> bool {
        match &self.bar {
            Some(bar) => {
                bar.println(line);
                true
            }
            None => false,
        }
    }
}

impl Drop for ByteProgress {
    /// The bar leaves no trace on the terminal.
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}
