//! The command line, as clap reads it.

use std::ffi::OsString;

mod castling;
mod eval;
mod filters;
mod games;
mod index;
mod named;
mod player;
mod threads;
mod tree;

use chess960::numbering::Numbering;
use clap::{Args, Parser, Subcommand, ValueEnum};

pub use castling::CastlingOption;
pub use eval::{EvalArgs, EvalFormat};
pub use filters::GameFilters;
pub use games::{CheckArgs, GamesArgs, GamesFormat, RepairArgs};
pub use index::{FilesFormat, IndexArgs, IndexCommand, ServeArgs};
pub use player::{PlayerArgs, PlayerFormat};
pub use threads::Threads;
pub use tree::{TreeArgs, TreeFormat};

/// Chess960 (Fischer Random) starting positions by Scharnagl's numbering: 0..=959 <-> back rank.
///
/// POS is a number (0..=959, or per --numbering), a back rank in letters (RNBQKBNR, either
/// case) or Unicode symbols (♖♘♗♕♔♗♘♖ or ♜♞♝♛♚♝♞♜), or a start FEN (also with the board
/// turned around, White at the top). A Double Fischer Random pair is White's POS and Black's
/// in one argument, separated by a space ('105 451', 'QNRBBNKR BRNNKQRB'), or a FEN whose
/// ranks differ. Every line the tool writes reads back as POS: `NUMBER RANK` lines, CSV and
/// JSON Lines records, FEN and EPD lines, and PGN games (their FEN tags). `-` reads POS from
/// stdin, one per line.
#[derive(Parser)]
#[command(name = "chess960", version, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub positions: Positions,

    /// How every number is read and printed: Scharnagl's 0..=959, the same counted 1..=960
    /// (960 is SP 0), or Fritz 9's 1..=960.
    #[arg(long, global = true, default_value_t, value_parser = named::named::<Numbering>(&Numbering::NAMES))]
    pub numbering: Numbering,
}

#[derive(Subcommand)]
pub enum Command {
    /// Print the number of each POS, one per line (a pair: White's and Black's).
    Id(Positions),
    /// Print the back rank of each POS, uppercase letters, one per line (a pair: both).
    Rank(Positions),
    /// Print the start FEN of each POS (a pair, or with --black: a Double Fischer Random FEN).
    Fen {
        #[command(flatten)]
        positions: Positions,
        #[command(flatten)]
        castling: CastlingOption,
        /// Black's back rank, if not the same as White's (Double Fischer Random).
        #[arg(long, value_name = "POS", allow_negative_numbers = true)]
        black: Option<String>,
    },
    /// Draw each POS on a board of light and dark squares.
    Show(Positions),
    /// Print uniformly random starting positions, `NUMBER RANK` per line.
    ///
    /// Quick and unverifiable. For an event, use `chess960 draw`: a draw that anyone can
    /// repeat from its published seed text, with exclusions and without repeats.
    Random(RandomArgs),
    /// Write an opening book for engine matches, one start position per line.
    ///
    /// The 960 starts in Scharnagl order (with --dfrc, all 921,600 pairs), as the books of
    /// fastchess, cutechess-cli and OpenBench list them. FEN, EPD and PGN name positions by
    /// Scharnagl id whatever --numbering says.
    Book(BookArgs),
    /// Print the four castlings of each POS: their squares and UCI moves.
    ///
    /// For White and Black, kingside and queenside: the king's and the rook's moves, the
    /// squares that must be empty (a to h), the squares the king crosses (as it walks), and
    /// the move in UCI as king takes rook (e1h1) and, where it exists, king two squares
    /// (e1g1). For a pair, Black's castlings come from Black's position.
    Castling {
        #[command(flatten)]
        positions: Positions,
        /// A small table per POS, or one JSON array of four objects per POS, a line each.
        #[arg(long, value_enum, default_value_t = CastlingFormat::Text)]
        format: CastlingFormat,
    },
    /// Draw positions for an event, so that anyone can check the draw from its seed text.
    ///
    /// Word i is the first 8 bytes, big-endian, of SHA-256 of `<seed text>:<i>`. The
    /// candidates are the positions not excluded, by Scharnagl id (with --dfrc, the pairs of
    /// them, by White's id, then Black's). Each draw takes the next word w; if the low 64 bits
    /// of w × n are below 2^64 mod n (n candidates), it discards w and takes the next word;
    /// otherwise it takes the candidate at (w × n) >> 64, which then leaves the candidates
    /// (unless --allow-repeats).
    /// docs/event-draws.md has the whole procedure and a Python check of it.
    Draw(DrawArgs),
    /// Print all 960 starting positions in the order of --numbering.
    List(ListArgs),
    /// The start position of every game in PGN files: a line per game, statistics per start,
    /// the games of chosen starts copied byte for byte, or every game with its Chess960 tags
    /// repaired (--fix, --check).
    ///
    /// Reads PGN plain, gzip, zstd or bzip2 (by the first bytes, not the name), in constant
    /// memory. A game's start comes from its FEN tag (X-FEN or Shredder castling, any order)
    /// or, without one, from a Chess960 Variant tag (RNBQKBNR, SP 518); a game with neither is
    /// standard chess and has no SP. Ids are Scharnagl's whatever --numbering says.
    Games(GamesArgs),
    /// Write every game of PGN files with its Chess960 tags repaired (`games --fix`).
    ///
    /// One Variant tag, SetUp "1", one 6-field FEN whose castling letters fit the start (in
    /// one notation), the Seven Tag Roster first; everything else byte for byte. Each change
    /// goes to stderr as `game N: what, from → to`; a game whose tags cannot be repaired is
    /// written as it was, named as `FILE: game N: left as it was: why`, and fix exits 1.
    Fix(RepairArgs),
    /// Evaluate starts or Double Fischer Random pairs with a UCI engine: a record per position.
    ///
    /// Without POS: the lines of stdin when it is a pipe or a file (a book, a draw); --all:
    /// all 960 starts (with --dfrc, all 921,600 pairs); nothing to evaluate exits 2. Each record gives the score (centipawns or mate, White's view),
    /// win/draw/loss per mille (UCI_ShowWDL), depth, seldepth, nodes, time, the best move as
    /// the engine spelled it and as king takes rook, the engine's name and the limit; in input
    /// order. A position the engine fails (crash, stall, illegal, timeout, protocol) is tried
    /// again on a fresh engine (--retries), then recorded as failed, quoting the engine's
    /// stderr; the run goes on. Exits 1 if any position failed (a rerun with the same --out
    /// tries it again), 2 if no engine could start.
    Eval(EvalArgs),
    /// Report what `fix` would change, and write no games (`games --check`, for CI); with
    /// --moves, every game whose moves cannot be played from its start.
    ///
    /// Exits 0 when no game would change (no move is illegal), 1 when one would (or is
    /// Chess960 and cannot be repaired; a game has a move that cannot be played), 2 when an
    /// input could not be read: as diff and cmp do.
    Check(CheckArgs),
    /// The opening explorer of a start: what is played from a position and how it scores,
    /// counted from PGN files, as lichess's explorer does for standard chess.
    ///
    /// Each game of the start (--sp; --all: every start) is replayed for --plies plies; a
    /// position is one node however it was reached (pieces, side to move, castling rights,
    /// en passant where a capture is legal), each finished game counted once per node with
    /// the last move it played there. A node lists each move played there: UCI, SAN, White's
    /// wins, draws, Black's wins and the mover's average Elo, most played first. Games of
    /// other starts are only scanned.
    Tree(TreeArgs),
    /// An opening explorer on disk: PGN files added once (each month's dump in turn), then
    /// answered in milliseconds by `serve`, Python's `open_index`, or lichess's clients.
    Index(IndexArgs),
    /// Serve indexes over HTTP as lichess's opening explorer API (`/lichess`, `/masters`),
    /// with the explorer's page at `/`.
    ///
    /// Read-only; each query sees the last add committed, so an index can grow while it is
    /// served. Stops cleanly on SIGTERM or Ctrl-C.
    Serve(ServeArgs),
}

#[derive(Args)]
pub struct RandomArgs {
    /// A number that seeds a reproducible sequence (otherwise seeded from the system). (An
    /// event's draw takes a seed text: `draw --seed-text`.)
    #[arg(long = "seed-number", value_name = "N")]
    pub seed: Option<u64>,
    /// How many to print.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Double Fischer Random pairs: White's start and Black's.
    #[arg(long)]
    pub dfrc: bool,
    /// Lines `NUMBER RANK` (pairs: White's, then Black's), CSV with a header, JSON Lines, start
    /// FENs, EPD lines (`id "chess960 518";`) or PGN games.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub list: ListOptions,
}

#[derive(Args)]
pub struct BookArgs {
    /// Every Double Fischer Random pair: line n (from 0) is White n / 960, Black n % 960.
    #[arg(long, conflicts_with = "evals")]
    pub dfrc: bool,
    #[command(flatten)]
    pub evals: EvalsFilter,
    /// Lines `NUMBER RANK` (pairs: White's, then Black's), CSV with a header, JSON Lines, start
    /// FENs, EPD lines (`id "chess960 518";`) or PGN games.
    #[arg(long, value_enum, default_value_t = Format::Fen)]
    pub format: Format,
    #[command(flatten)]
    pub list: ListOptions,
    #[command(flatten)]
    pub tree: BookTree,
}

/// A book of the lines games play: `book --tree FILE...`.
#[derive(Args)]
pub struct BookTree {
    /// The positions after --plies plies of every line that at least --min-games games of
    /// FILE (PGN, any compression; `-`: stdin) played, from each start they hold (--sp: only
    /// these), transpositions once, most played first: FEN lines, EPD with the line in SAN
    /// (`c0`) and its games (`c1`), or PGN games of the line. Castling by the rooks' files.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["dfrc", "evals"])]
    pub tree: Vec<std::path::PathBuf>,
    /// With --tree: only the lines of these starts (a pair 'W B' for Double Fischer Random).
    #[arg(
        long,
        value_name = "POS",
        value_delimiter = ',',
        allow_negative_numbers = true,
        requires = "tree"
    )]
    pub sp: Vec<std::ffi::OsString>,
    /// With --tree: the plies of each line.
    #[arg(long, value_name = "N", default_value_t = 8, requires = "tree")]
    pub plies: u32,
    /// With --tree: the fewest games that played a line (every move of it).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "tree")]
    pub min_games: u64,
    /// With --tree: which games count.
    #[command(flatten)]
    pub filters: GameFilters,
    #[command(flatten)]
    pub threads: Threads,
}

#[derive(Args)]
pub struct DrawArgs {
    /// The seed text, published before the draw; without it, 32 random hex digits, printed on
    /// stderr as `seed text: <text>`.
    #[arg(long, value_name = "TEXT")]
    pub seed_text: Option<String>,
    /// How many draws.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Let a candidate be drawn more than once.
    #[arg(long)]
    pub allow_repeats: bool,
    /// Draw Double Fischer Random pairs: White's start and Black's, both allowed.
    #[arg(long, conflicts_with = "evals")]
    pub dfrc: bool,
    #[command(flatten)]
    pub evals: EvalsFilter,
    /// As in `list`, and CSV and JSON give each draw's ordinal (from 1) as `draw`.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub list: ListOptions,
}

#[derive(Args)]
pub struct ListArgs {
    /// Lines `NUMBER RANK`, CSV with a header, JSON Lines, start FENs, EPD lines or PGN games
    /// (as the other lists), an HTML page of boards, or a C99 header (an array indexed by
    /// Scharnagl id, and `chess960_id`).
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    #[command(flatten)]
    pub list: ListOptions,
}

/// What `random`, `draw` and `book` share with `list`: castling and exclusions.
#[derive(Args)]
pub struct ListOptions {
    #[command(flatten)]
    pub castling: CastlingOption,
    #[command(flatten)]
    pub exclusions: Exclusions,
}

/// Books by balance: the positions of an eval file inside windows of draw rate and score.
#[derive(Args)]
pub struct EvalsFilter {
    /// Takes the positions from FILE, the records of `eval` (CSV or JSON Lines; starts or
    /// pairs), in FILE's order: those inside --draw-rate and --cp (every evaluated one without
    /// them). Failed records are left out.
    #[arg(long, value_name = "FILE")]
    pub evals: Option<std::path::PathBuf>,
    /// Keeps a position whose draw rate (the engine's draws per mille / 1000) is in LOW..HIGH,
    /// both ends included: 0.40..0.60 (an end may be left out: 0.5..).
    #[arg(
        long,
        value_name = "LOW..HIGH",
        requires = "evals",
        allow_hyphen_values = true
    )]
    pub draw_rate: Option<chess960_engine::Window>,
    /// Keeps a position whose score for White, in centipawns, is in LOW..HIGH, both ends
    /// included: -30..30 (a mate is beyond every score).
    #[arg(
        long,
        value_name = "LOW..HIGH",
        requires = "evals",
        allow_hyphen_values = true
    )]
    pub cp: Option<chess960_engine::Window>,
}

/// Positions left out of a list, a book or a draw.
#[derive(Args)]
pub struct Exclusions {
    /// Leave POS out (repeat it, separate with commas, or list several after it; `-` reads
    /// them from stdin); read per --numbering. With --dfrc, every pair in which either side
    /// starts from it.
    #[arg(long, value_name = "POS", num_args = 1.., value_delimiter = ',', allow_negative_numbers = true)]
    pub exclude: Vec<String>,
    /// Leave out standard chess (518, RNBQKBNR) and its mirror image (534, RNBKQBNR).
    #[arg(long)]
    pub exclude_standard: bool,
}

/// The formats of every list of positions.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
    Fen,
    Epd,
    Pgn,
}

#[derive(Args)]
pub struct Positions {
    /// Numbers, back ranks, FENs or pairs; `-` (or none, for subcommands) reads stdin.
    #[arg(value_name = "POS", allow_negative_numbers = true)]
    pub positions: Vec<OsString>,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum CastlingFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Csv,
    Json,
    Fen,
    Epd,
    Pgn,
    Html,
    C,
}

impl ListFormat {
    /// The list format, or `None` for the page and the header.
    pub fn list(self) -> Option<Format> {
        match self {
            ListFormat::Text => Some(Format::Text),
            ListFormat::Csv => Some(Format::Csv),
            ListFormat::Json => Some(Format::Json),
            ListFormat::Fen => Some(Format::Fen),
            ListFormat::Epd => Some(Format::Epd),
            ListFormat::Pgn => Some(Format::Pgn),
            ListFormat::Html | ListFormat::C => None,
        }
    }
}
