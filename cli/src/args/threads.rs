//! `--threads N`, one word for every command that reads games on several threads.

use clap::Args;

/// The threads that read games.
#[derive(Args, Clone, Copy, Default)]
pub struct Threads {
    /// Threads that read and replay games (default, or 0: one per core). The output is the
    /// same whatever the number.
    #[arg(
        long = "threads",
        value_name = "N",
        default_value_t = 0,
        hide_default_value = true
    )]
    pub count: usize,
}
