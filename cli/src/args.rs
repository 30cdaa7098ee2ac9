//! The command line, as clap reads it.

use chess960::numbering::Numbering;
use clap::{Args, Parser, Subcommand, ValueEnum};

/// Chess960 (Fischer Random) starting positions by Scharnagl's numbering: 0..=959 <-> back rank.
///
/// POS is a number (0..=959, or per --numbering), a back rank in letters (RNBQKBNR, either
/// case) or Unicode symbols (♖♘♗♕♔♗♘♖ or ♜♞♝♛♚♝♞♜), or a start FEN (also with the board
/// turned around, White at the top). `-` reads POS from stdin, one per line.
#[derive(Parser)]
#[command(name = "chess960", version, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub positions: Positions,

    /// How every number is read and printed: Scharnagl's 0..=959, the same counted 1..=960
    /// (960 is SP 0), or Fritz 9's 1..=960.
    #[arg(long, global = true, value_enum, default_value_t = NumberingArg::Scharnagl)]
    pub numbering: NumberingArg,
}

#[derive(Subcommand)]
pub enum Command {
    /// Print the number of each POS, one per line.
    Id(Positions),
    /// Print the back rank of each POS, uppercase letters, one per line.
    Rank(Positions),
    /// Print the start FEN of each POS (with --black, a Double Fischer Random FEN).
    Fen {
        #[command(flatten)]
        positions: Positions,
        /// Castling as rook files (Shredder-FEN, e.g. HAha) instead of KQkq (X-FEN).
        #[arg(long)]
        shredder: bool,
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
    Random {
        /// Seed for a reproducible sequence (otherwise seeded from the system).
        #[arg(long)]
        seed: Option<u64>,
        /// How many to print.
        #[arg(long, default_value_t = 1)]
        count: u64,
    },
    /// Write an opening book for engine matches, one start position per line.
    ///
    /// The 960 starts in Scharnagl order (with --dfrc, all 921,600 pairs), as the books of
    /// fastchess, cutechess-cli and OpenBench list them. Book lines name positions by
    /// Scharnagl id whatever --numbering says; --numbering reads --exclude.
    Book(BookArgs),
    /// Print the four castlings of each POS: their squares and UCI moves.
    ///
    /// For White and Black, kingside and queenside: the king's and the rook's moves, the
    /// squares that must be empty (a to h), the squares the king crosses (as it walks), and
    /// the move in UCI as king takes rook (e1h1) and, where it exists, king two squares
    /// (e1g1). A start FEN with a different back rank for Black (Double Fischer Random) gives
    /// Black's castlings from Black's position.
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
    List {
        /// Text lines `NUMBER RANK`, CSV with a header, a JSON array, an HTML page of boards,
        /// or a C99 header (array indexed by Scharnagl id, and `chess960_id`).
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
}

#[derive(Args)]
pub struct BookArgs {
    /// Every Double Fischer Random pair: line n (from 0) is White n / 960, Black n % 960.
    #[arg(long)]
    pub dfrc: bool,
    /// Castling as rook files (Shredder-FEN, e.g. HAha) instead of KQkq (X-FEN).
    #[arg(long)]
    pub shredder: bool,
    /// Start FENs; EPD lines with `hmvc 0; fmvn 1; id "chess960 518";`; or PGN games.
    #[arg(long, value_enum, default_value_t = BookFormat::Fen)]
    pub format: BookFormat,
    /// Leave POS out (repeatable); with --dfrc, every pair in which either side starts from it.
    #[arg(long, value_name = "POS", allow_negative_numbers = true)]
    pub exclude: Vec<String>,
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
    /// Leave POS out (repeatable); read per --numbering.
    #[arg(long, value_name = "POS", allow_negative_numbers = true)]
    pub exclude: Vec<String>,
    /// Leave out standard chess (518, RNBQKBNR) and its mirror image (534, RNBKQBNR).
    #[arg(long)]
    pub exclude_standard: bool,
    /// Let a candidate be drawn more than once.
    #[arg(long)]
    pub allow_repeats: bool,
    /// Draw Double Fischer Random pairs: White's start and Black's, both allowed.
    #[arg(long)]
    pub dfrc: bool,
    /// Lines `NUMBER RANK` (--dfrc: White's, then Black's), or CSV or JSON with the draw's
    /// ordinal (from 1).
    #[arg(long, value_enum, default_value_t = DrawFormat::Text)]
    pub format: DrawFormat,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum DrawFormat {
    Text,
    Csv,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum BookFormat {
    Fen,
    Epd,
    Pgn,
}

#[derive(Args)]
pub struct Positions {
    /// Numbers, back ranks or FENs; `-` (or none, for subcommands) reads stdin.
    #[arg(value_name = "POS", allow_negative_numbers = true)]
    pub positions: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum NumberingArg {
    Scharnagl,
    OneBased,
    Fritz,
}

impl NumberingArg {
    /// The library's numbering.
    pub fn numbering(self) -> Numbering {
        match self {
            NumberingArg::Scharnagl => Numbering::Scharnagl,
            NumberingArg::OneBased => Numbering::OneBased,
            NumberingArg::Fritz => Numbering::Fritz9,
        }
    }

    /// The name of the number's column in CSV and its key in JSON.
    pub fn column(self) -> &'static str {
        match self {
            NumberingArg::Scharnagl => "id",
            NumberingArg::OneBased => "one_based",
            NumberingArg::Fritz => "fritz",
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum CastlingFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ListFormat {
    Text,
    Csv,
    Json,
    Html,
    C,
}
