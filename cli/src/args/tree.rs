//! The options of `tree` (and of `book --tree`).

use chess960_pgn::{Month, Speed};
use clap::{Args, ValueEnum};

/// What `tree` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// The node's moves with counts, a bar of White's wins, draws and Black's wins, and Elo.
    Text,
    /// A JSON line per node in the shape of lichess's explorer API.
    Json,
    /// One self-contained page: the board, click through the moves and back.
    Html,
}

/// Which games a tree counts: shared by `tree` and `book --tree`.
#[derive(Args, Clone)]
pub struct GameFilters {
    /// Only games whose WhiteElo and BlackElo tags are both at least N.
    #[arg(long, value_name = "N")]
    pub min_elo: Option<u32>,
    /// Only games of these speeds, by lichess's rule on the TimeControl tag (base + 40 ×
    /// increment seconds): ultraBullet, bullet, blitz, rapid, classical, correspondence
    /// (`-`); separate several with commas.
    #[arg(long, value_name = "SPEED", value_delimiter = ',')]
    pub speed: Vec<Speed>,
    /// Only games played in this month (YYYY-MM) or later, by UTCDate, else Date; games
    /// whose month is not known are left out.
    #[arg(long, value_name = "YYYY-MM")]
    pub since: Option<Month>,
    /// Only games played in this month (YYYY-MM) or earlier.
    #[arg(long, value_name = "YYYY-MM")]
    pub until: Option<Month>,
    /// Count standard-start games (no FEN tag or RNBQKBNR, no Variant naming Chess960) as
    /// Chess960 start 518: for files known to hold only Chess960 games.
    #[arg(long)]
    pub assume_chess960: bool,
}

impl GameFilters {
    /// Whether any filter is given.
    pub fn any(&self) -> bool {
        self.min_elo.is_some()
            || !self.speed.is_empty()
            || self.since.is_some()
            || self.until.is_some()
            || self.assume_chess960
    }
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
    /// With --format json: every node kept, one line each (with its FEN), breadth first from
    /// each start, instead of one node.
    #[arg(long, conflicts_with = "play")]
    pub nodes: bool,
    /// The highest-rated games listed with the node (with both Elo tags), by file, number and
    /// byte offset (not with --nodes or the page).
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub top_games: usize,
    /// Count the first N plies of each game (lichess's explorer counts 50).
    #[arg(long, value_name = "N", default_value_t = chess960_pgn::tree::PLIES)]
    pub plies: u32,
    /// Keep only the nodes at least K games reached. With files (not stdin) and K over 1 the
    /// files are read twice: a fixed 64 MiB sketch (16-bit counters) first, then exact counts of the nodes it
    /// lets reach K, so that memory is bounded by the nodes kept.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub min_games: u64,
    #[command(flatten)]
    pub filters: GameFilters,
}
