//! The options of `eval`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use chess960_engine::{Limit, Shard};
use clap::{Args, ValueEnum};

use super::castling::CastlingOption;

/// The options of `eval`.
#[derive(Args)]
pub struct EvalArgs {
    /// Numbers, back ranks, FENs or pairs; `-` reads stdin. Without any, a piped stdin (or
    /// a file) is read, one POS per line.
    #[arg(value_name = "POS", allow_negative_numbers = true)]
    pub positions: Vec<OsString>,
    /// Every start (960), or with --dfrc every Double Fischer Random pair (921,600).
    #[arg(long, conflicts_with = "positions")]
    pub all: bool,
    /// Analyses the positions of the index in DIR (`chess960 index add` makes one) instead:
    /// each position at most --plies from a start that --min-games games reached, most
    /// played first; a record's rows are its lines (fen, multipv, cp, mate, …, pv).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["positions", "all", "dfrc"])]
    pub from_index: Option<PathBuf>,
    /// With --from-index: the games a position needs at least (default 1).
    #[arg(long, value_name = "K")]
    pub min_games: Option<u64>,
    /// With --from-index: the plies from a start a position is at most (default 12).
    #[arg(long, value_name = "N")]
    pub plies: Option<usize>,
    /// With --from-index: the best lines of each position (MultiPV; default 1, at most 64).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub multipv: Option<u32>,
    /// Pairs: records with White's and Black's columns (with --all, every pair). A POS that
    /// is a pair makes the records pairs' too.
    #[arg(long)]
    pub dfrc: bool,
    /// The UCI engine's program (looked up in PATH).
    #[arg(long, value_name = "PATH", default_value = "stockfish")]
    pub engine: PathBuf,
    /// Sets an engine option after the driver's own (UCI_Chess960 and UCI_ShowWDL where
    /// offered, Threads 1); repeat it for more. An option the engine lacks is an error.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = option)]
    pub options: Vec<(String, String)>,
    /// Each search: this many nodes (the default, 1000000; with one thread, deterministic).
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Each search: to this depth.
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Each search: this many milliseconds.
    #[arg(long, value_name = "MS", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Engines at once, one thread each unless --option Threads=N (default: the cores);
    /// `--threads N` says the same, as every command that works on several threads.
    #[arg(long, visible_alias = "threads", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// How many more times a failed position is tried, each time on a fresh engine, before
    /// its record says why it failed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub retries: u32,
    /// Engines that fail to start one after another (none starting between) before the run
    /// stops with exit code 2; the positions not evaluated are left for a rerun.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_start_failures: u32,
    /// Seconds a search by nodes or depth may take before `stop` (by time: its time), plus
    /// --grace; `inf`: no limit.
    #[arg(long, value_name = "SECONDS", default_value = "300", value_parser = seconds)]
    pub timeout: Duration,
    /// Seconds a search may run past its limit before `stop`, and then wait for `bestmove`
    /// before its engine is killed.
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = seconds)]
    pub grace: Duration,
    /// Seconds the engine may take to answer `uci` and `isready` (and to take a line);
    /// `inf`: no limit.
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = seconds)]
    pub uci_timeout: Duration,
    /// Records as text lines, CSV with a header, or JSON Lines (the default: text on stdout;
    /// with --out, CSV for a .csv file and JSON Lines otherwise).
    #[arg(long, value_enum)]
    pub format: Option<EvalFormat>,
    /// Appends each record to FILE as it is made (on disk within a second); run the same
    /// command again to go on where it stopped: the positions whose latest record in FILE is
    /// good are skipped, and those that failed are tried again.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Takes the K-th (from 0) of N equal, contiguous parts of the positions: one machine's
    /// share. The parts' files, concatenated in order, are the whole run's.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Arguments for the engine's program (repeat for more).
    #[arg(long = "engine-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub engine_args: Vec<OsString>,
    #[command(flatten)]
    pub castling: CastlingOption,
}

impl EvalArgs {
    /// `--min-games`, or 1.
    pub fn min_games(&self) -> u64 {
        self.min_games.unwrap_or(1)
    }

    /// `--plies`, or 12.
    pub fn plies(&self) -> usize {
        self.plies.unwrap_or(12)
    }

    /// `--multipv`, or 1.
    pub fn multipv(&self) -> u32 {
        self.multipv.unwrap_or(1)
    }

    /// The one limit asked for, or the default.
    pub fn limit(&self) -> Limit {
        match (self.nodes, self.depth, self.movetime) {
            (_, Some(depth), _) => Limit::Depth(depth),
            (_, _, Some(ms)) => Limit::Movetime(ms),
            (Some(nodes), _, _) => Limit::Nodes(nodes),
            (None, None, None) => Limit::Nodes(1_000_000),
        }
    }
}

/// How records are written.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EvalFormat {
    Text,
    Csv,
    Json,
}

/// `NAME=VALUE`.
fn option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_owned(), value.trim().to_owned()))
        }
        _ => Err(format!("`{text}`: an option is NAME=VALUE (Hash=64)")),
    }
}

/// A number of seconds above 0; one too large to count (`inf`, `1e30`) is no limit at all.
fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 => Ok(Duration::try_from_secs_f64(s).unwrap_or(Duration::MAX)),
        _ => Err(format!("`{text}`: a number of seconds above 0, or inf")),
    }
}
