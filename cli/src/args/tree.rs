//! The options of `tree` (and of `book --tree`).

use clap::{Args, ValueEnum};

use super::filters::GameFilters;
use super::threads::Threads;

/// What `tree` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// The node's moves with counts, a bar of White's wins, draws and Black's wins, and Elo.
    Text,
    /// A JSON line per node in the shape of lichess's explorer API.
    Json,
    /// One self-contained page: the board, its moves and top games; click or use the keys
    /// (← → Home End) to play and take back; the position is in the address's fragment.
    /// Without --min-games, pruned to stay under 5 MB: positions of 2 games or more, and of
    /// those, breadth first from each start, as many as fit in 4.5 MB of data shared by the
    /// starts.
    Html,
}

#[derive(Args)]
pub struct TreeArgs {
    /// PGN files (plain, gzip, zstd, bzip2); `-` or none: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
    /// The start whose tree is counted (a pair 'W B' for Double Fischer Random); repeat it or
    /// separate with commas for several.
    #[arg(
        long,
        value_name = "POS",
        value_delimiter = ',',
        allow_negative_numbers = true,
        required_unless_present = "all"
    )]
    pub sp: Vec<std::ffi::OsString>,
    /// Every start found in the files, each its own tree.
    #[arg(long, conflicts_with = "sp")]
    pub all: bool,
    /// The node reached by these moves from the start, in UCI separated by commas
    /// (lichess's `play=`: e2e4,e7e5; castling as the king taking its rook, g1h1); with one
    /// --sp. Only that node is counted: every game that reaches it, by any order of moves.
    #[arg(long, value_name = "UCI,...", value_delimiter = ',')]
    pub play: Vec<String>,
    /// The node at --play (from the root without it) as text, as a JSON line in the shape of
    /// lichess's explorer, or a page of the whole tree of each start.
    #[arg(long, value_enum, default_value_t = TreeFormat::Text)]
    pub format: TreeFormat,
    /// With --format json: every node that holds games, one line each (with its FEN),
    /// breadth first from each start's roots (its own, then those of games that began with
    /// fewer castling rights), by the moves counted and the moves passed through (a move a
    /// game played before it came back to the same position: `through`), instead of one
    /// node. A node pruned by --min-games hides the nodes only it leads to.
    #[arg(long, conflicts_with = "play")]
    pub nodes: bool,
    /// The highest-rated games listed with the node (with both Elo tags; lichess's
    /// `topGames`), not with --nodes.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub top_games: usize,
    /// The most recent games listed with the node (by UTCDate or Date, then the later in the
    /// files; lichess's `recentGames`), not with --nodes: at most 8 less the top games found
    /// (up to 4), as lichess lists them.
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub recent_games: usize,
    /// List at most N moves of each node, the most played (lichess's `moves=`); all by
    /// default.
    #[arg(long, value_name = "N")]
    pub max_moves: Option<usize>,
    /// Instead of the node, write the games that reached it (at --play, from the start
    /// without it) as PGN, whole and byte for byte as read, in input order.
    #[arg(long, conflicts_with_all = ["nodes", "format"])]
    pub games: bool,
    /// Count the first N plies of each game (lichess's explorer counts 50).
    #[arg(long, value_name = "N", default_value_t = chess960_pgn::tree::PLIES)]
    pub plies: u32,
    /// Keep only the nodes at least K games reached (default 1; for --format html 2, and the
    /// page capped at 4.5 MB of data; given, the page holds every node of K games). With files
    /// (not stdin) and K over 1 the files are read twice: a sketch of 16-bit counters first
    /// (sized to the files: 2 bytes a row for every 4 bytes of PGN, 64 MiB at most), then
    /// exact counts of the nodes it lets reach K, so that memory is
    /// bounded by the nodes kept.
    #[arg(long, value_name = "K")]
    pub min_games: Option<u64>,
    /// The engine's analyses of the positions (`chess960 eval --from-index --out FILE`): the
    /// score of the position and of each move (the position it reaches), from the side to
    /// move in text and from White's in JSON's `eval` fields, after lichess's.
    #[arg(long, value_name = "FILE")]
    pub evals: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub filters: GameFilters,
    #[command(flatten)]
    pub threads: Threads,
}
