//! Long work seen from cron: where stderr is not a terminal (no bar is drawn), a line at
//! intervals saying how far the work has got, its rate and the time so far, so that a log
//! shows it moving. `CHESS960_PROGRESS_SECONDS` sets the interval (60 seconds by default; 0
//! writes no such line).

use std::io::Write;
use std::time::{Duration, Instant};

/// The interval between lines, when lines are written.
/// A value that is not a number of seconds is said on stderr, and the default kept.
pub fn interval() -> Option<Duration> {
    const DEFAULT: f64 = 60.0;
    let seconds = match std::env::var("CHESS960_PROGRESS_SECONDS") {
        Ok(text) => match text.trim().parse::<f64>() {
            Ok(seconds) if seconds >= 0.0 && seconds.is_finite() => seconds,
            _ => {
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "chess960: CHESS960_PROGRESS_SECONDS={text:?} is not a number of seconds (0 or more): {DEFAULT} s kept"
                );
                DEFAULT
            }
        },
        Err(_) => DEFAULT,
    };
    (seconds > 0.0).then(|| Duration::from_secs_f64(seconds))
}

/// Lines of one piece of work: when it began, and when a line was last written.
pub struct Log {
    began: Instant,
    last: Instant,
    every: Duration,
}

impl Log {
    /// The lines of work beginning now, if lines are written.
    pub fn start() -> Option<Log> {
        let every = interval()?;
        let now = Instant::now();
        Some(Log {
            began: now,
            last: now,
            every,
        })
    }

    /// The interval between lines.
    pub fn every(&self) -> Duration {
        self.every
    }

    /// Writes `chess960: ` and the line `say` makes of the work's `done` items and rate
    /// (items a second) when an interval has passed since the last, then the time so far.
    pub fn tick(&mut self, done: u64, say: impl FnOnce(u64, f64) -> String) {
        if self.last.elapsed() >= self.every {
            self.line(done, say);
        }
    }

    /// [`Log::tick`]'s line, now (for a caller that waited the interval itself).
    pub fn line(&mut self, done: u64, say: impl FnOnce(u64, f64) -> String) {
        let now = Instant::now();
        self.last = now;
        let elapsed = now.duration_since(self.began).as_secs_f64();
        let rate = done as f64 / elapsed.max(1e-9);
        let line = say(done, rate);
        let _ = writeln!(
            std::io::stderr().lock(),
            "chess960: {line}, {elapsed:.0} s so far"
        );
    }
}
