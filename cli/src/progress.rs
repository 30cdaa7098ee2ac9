//! Progress of long work, as a bar on stderr: only when stderr is a terminal and the work is
//! long enough to wait for, so pipes and logs never see it.

use std::io::{self, IsTerminal};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Fewer items than this are done before a bar could be read.
const WORTH_A_BAR: u64 = 10_000;

/// How many items pass between updates of the bar.
const STEP: u64 = 4096;

/// A bar counting items up to a known total, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    done: u64,
}

impl Progress {
    /// A bar for `total` items of `what` (`lines`, `draws`), if stderr is a terminal.
    pub fn new(total: u64, what: &'static str) -> Progress {
        let bar = (total >= WORTH_A_BAR && io::stderr().is_terminal()).then(|| {
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
        Progress { bar, done: 0 }
    }

    /// One more item done.
    pub fn tick(&mut self) {
        self.done += 1;
        if self.done % STEP == 0 {
            if let Some(bar) = &self.bar {
                bar.set_position(self.done);
            }
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
