//! The options of `index` (an explorer on disk) and `serve` (it, over HTTP).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::Threads;

#[derive(Args)]
pub struct IndexArgs {
    #[command(subcommand)]
    pub command: IndexCommand,
}

#[derive(Subcommand)]
pub enum IndexCommand {
    /// Add PGN files to the index in --index (made if there is none), in one transaction:
    /// an add that fails or is killed leaves the index as it was.
    ///
    /// Every position of the first 50 plies of each finished game of a Chess960 start or
    /// Double Fischer Random pair is counted, by speed, rating group and month, as lichess's
    /// explorer counts them. A file whose bytes were added before (by SHA-256, whatever its
    /// name) is refused; a lichess game already in the index (by the id in its Site tag) is
    /// not counted again. Exits 0, or 1 with nothing added.
    Add {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
        /// PGN files (plain, gzip, zstd, bzip2); `-`: stdin.
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        threads: Threads,
    },
    /// Add engine evaluations to the index in --index, by position, in one transaction: the
    /// records of `chess960 eval --from-index --out FILE` (CSV or JSON Lines), each
    /// position's latest good one, which `chess960 serve` answers as lichess's cloud
    /// evaluation (`/api/cloud-eval`).
    ///
    /// A position evaluated before keeps the one added last. Evaluations by another engine,
    /// limit or thread count than those the index holds are refused (nothing is added)
    /// unless --mix. Exits 0, or 1 with nothing added.
    Evals {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
        /// Eval files of positions (`eval --from-index --out`); `-`: stdin.
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
        /// Keep evaluations of different engines, limits or threads in one index.
        #[arg(long)]
        mix: bool,
    },
    /// List the files added to the index in --index: number, games, SHA-256, when, name.
    Files {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
    },
}

#[derive(Args)]
pub struct ServeArgs {
    /// The index that answers lichess's `/lichess` (made by `chess960 index add`).
    #[arg(long, value_name = "DIR")]
    pub index: PathBuf,
    /// A second index that answers `/masters` (e.g. engine or over-the-board games).
    #[arg(long, value_name = "DIR")]
    pub masters: Option<PathBuf>,
    /// The address to listen on: localhost unless told otherwise (0.0.0.0:9002 for every
    /// interface).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:9002")]
    pub listen: SocketAddr,
}
