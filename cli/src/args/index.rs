//! The options of `index` (an explorer on disk) and `serve` (it, over HTTP).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::Threads;
use super::player::PlayerArgs;

#[derive(Args)]
pub struct IndexArgs {
    #[command(subcommand)]
    pub command: IndexCommand,
}

#[derive(Subcommand)]
pub enum IndexCommand {
    /// Add PGN files to the index in --index (made if there is none), as one new segment:
    /// an add that fails, is interrupted or is killed before it commits leaves the index as
    /// it was, and a server reading it answers throughout. Once committed, the new segment is
    /// merged with the smaller ones just before it, while that merges at most 8 times the
    /// add's games (a merge that fails or is interrupted leaves them apart, the add done). `-` (stdin) streams to the parsers, hashed as it is
    /// read (the same bytes given as a file after are refused), as does a pipe given as a
    /// file (`<(zstd -dc a.pgn.zst)`): one stream per add.
    ///
    /// The games are read on every core and their positions sorted in --memory, runs of
    /// them written to a temporary folder in the index's directory (about 20 bytes a
    /// position a game played a move at, 1 KB a game), removed when the add ends (or, after
    /// a kill, by the next writer).
    ///
    /// Every position of the first 50 plies of each finished game of a Chess960 start or
    /// Double Fischer Random pair is counted, by speed, rating group and month, as lichess's
    /// explorer counts them. A file whose bytes were added before (by SHA-256, whatever its
    /// name) is refused; a game already in the index is not counted again: a lichess game by
    /// the id in its Site tag, another by its Event, Site, Date, Round, White and Black tags,
    /// its result, its start and its moves (docs/explorer.md, "The same game"). A file of no
    /// game, or (unless --allow-empty) of no game counted, fails the add. Exits 0, or 1 with
    /// nothing added.
    Add {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
        /// PGN files (plain, gzip, zstd, bzip2); `-`: stdin.
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        threads: Threads,
        /// The memory that sorts the positions before runs are written to disk, in MiB
        /// (the add's other memory is about 12 bytes a game, and a few MiB a thread).
        #[arg(long, value_name = "MIB", default_value_t = 512)]
        memory: usize,
        /// Record a file whose games were read but none counted (none of a Chess960 start,
        /// none finished, all already in the index), so that its bytes are refused after;
        /// without it such a file fails the add. A file that holds no game (empty, not PGN)
        /// fails it either way.
        #[arg(long)]
        allow_empty: bool,
        /// A file of the index (its number, or the name it was added as) the files given
        /// replace, in one commit: its games are taken out (as `index remove` does) and the
        /// new files' games counted against the rest, so that a file re-exported with its
        /// games changed counts them as they are now.
        #[arg(long, value_name = "FILE|NUMBER")]
        replace: Option<String>,
    },
    /// Take a file's games out of the index in --index: each segment that holds some is
    /// written again without them and one commit makes the change, all or nothing. Killed or
    /// interrupted (Ctrl-C), it leaves the index as it was; a server reading the index
    /// answers throughout, from the new state once committed. Exits 0, or 1 with nothing
    /// changed.
    Remove {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
        /// The file: its number (`index files`), the name it was added as, the last part of
        /// that name, or a path to a file of the same bytes.
        #[arg(value_name = "FILE|NUMBER")]
        file: String,
    },
    /// Merge the segments of the index in --index into one: the answers do not change,
    /// they come from fewer files (each add writes a segment; small ones are merged as
    /// they come). As crash-safe as an add: killed or interrupted (Ctrl-C), it leaves the
    /// segments as they were; a server reading the index answers throughout.
    Compact {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
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
    /// Check every file of the index in --index as an operator would after a disk fault or a
    /// copy: the manifest, every block of every table of every segment read from the disk
    /// with its checksum, keys in order, counts as the manifest and the tables' footers say,
    /// every game's record, facts, key, row and chunk of postings decoded, games named only
    /// where the segment holds them, a sample of the postings (one in 97, fewer past 97,000
    /// a segment: at most 1,000) confirmed by replaying their games, and the evaluations decoded. It
    /// reads the whole index once; nothing is written, and a server or an add may run
    /// meanwhile (the state committed when it began is checked). Exits 0 with a summary on
    /// stderr, or 1 naming the first damaged file and what is wrong with it.
    Verify {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
    },
    /// Write the games of the ids given (a listed game's `id` in the explorer's answers: a
    /// lichess id, or 11 letters and digits for a game from elsewhere), each whole, as PGN
    /// as lichess's explorer writes a game, a blank line between them; without ids, the ids
    /// of standard input, one a line. An id the index holds no game of is named on stderr,
    /// the others written all the same, and the exit code is 1.
    Pgn {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
        /// The games' ids.
        #[arg(value_name = "ID")]
        ids: Vec<String>,
    },
    /// A player's explorer, as lichess's `/player` answers it: the games one player played
    /// with one colour (--color) that reached a position, by move, each with the opponents'
    /// average Elo and the player's performance (lichess's formula), then the latest games.
    /// Ready at once for every player the index holds, whichever file their games came from.
    /// Exits 1 when a name has no game at the position (said on stderr, its answer written
    /// all the same).
    Player(PlayerArgs),
    /// List the files added to the index in --index, with a header: number, when added
    /// (ISO 8601, UTC), games counted, games passed over (already in the index, unfinished,
    /// of no Chess960 start), size as given, SHA-256, name. The index's size on disk goes to
    /// stderr.
    Files {
        /// The index's directory.
        #[arg(long, value_name = "DIR")]
        index: PathBuf,
        /// text: aligned columns, sizes in KiB, MiB or GiB; csv and json: sizes in bytes.
        #[arg(long, value_enum, default_value_t = FilesFormat::Text)]
        format: FilesFormat,
    },
}

/// The formats of `index files`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FilesFormat {
    Text,
    Csv,
    Json,
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
    /// The requests a second each client (IP address) may make, as many at once; past it a
    /// request is answered 429 with Retry-After, other clients answered all the same. 0: no
    /// limit. Behind a reverse proxy, name it with --trusted-proxy.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub rate_limit: u32,
    /// A reverse proxy's address (repeatable): a request from it is the client its
    /// X-Forwarded-For names (the rightmost address not a trusted proxy), for
    /// --rate-limit. None by default: the header is not believed.
    #[arg(long, value_name = "IP")]
    pub trusted_proxy: Vec<std::net::IpAddr>,
    /// A file of tokens, one a line (blank lines and lines beginning with # skipped):
    /// every API request must then carry one (Authorization: Bearer TOKEN), else it is
    /// answered 401; /health and the page stay open. Without it, tokens are accepted and
    /// ignored.
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<PathBuf>,
    /// The seconds an answer may take before it is a 503 instead.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub answer_timeout: f64,
    /// The memory in MiB each index keeps of its blocks, read from disk and decompressed.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub cache_mib: usize,
}
