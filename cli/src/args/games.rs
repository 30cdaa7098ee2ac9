//! The options of `games`, `fix` and `check`.

use chess960_pgn::fix::ROSTER;
use chess960_pgn::scan::is_tag_name;
use clap::{Args, ValueEnum};

use chess960::fen::CastlingNotation;
use chess960::game::VariantTag;
use chess960_pgn::moves::UciCastling;

use super::castling::CastlingOption;
use super::filters::GameFilters;
use super::named::named;
use super::threads::Threads;

/// The options of `fix` and `check`.
#[derive(Args)]
pub struct RepairArgs {
    /// PGN files; `-` or none: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
    /// The Variant tag's spelling (fischerandom for cutechess-era readers).
    #[arg(long, value_name = "NAME", default_value_t, value_parser = named::<VariantTag>(&VariantTag::NAMES))]
    pub variant_tag: VariantTag,
    #[command(flatten)]
    pub castling: CastlingOption,
    /// Also write the start's Scharnagl id in a tag of this name (`[NAME "105"]`,
    /// `[NAME "105-451"]` for a pair), to search databases by start.
    #[arg(long, value_name = "NAME", value_parser = sp_tag_name)]
    pub add_sp_tag: Option<String>,
    /// Count standard-start games (no FEN tag or RNBQKBNR, no Variant naming Chess960) as
    /// Chess960 start 518: for files known to hold only Chess960 games.
    #[arg(long)]
    pub assume_chess960: bool,
}

/// The options of `check`: those of `fix`, or `--moves`.
#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub repair: RepairArgs,
    /// Check every game's moves instead of its tags: replay each from its start and report
    /// each game whose movetext cannot be played (`FILE: game N, ply P (12. Nxe5): why`);
    /// exit 1 if there is one. Games of other variants are passed over.
    #[arg(long)]
    pub moves: bool,
    /// With --moves: check at most N plies of each game.
    #[arg(long, value_name = "N", requires = "moves")]
    pub max_plies: Option<u32>,
    /// With --moves: the threads that replay games.
    #[command(flatten)]
    pub threads: Threads,
}

impl CheckArgs {
    /// The same run as `games --check` (with `--moves`, if asked).
    pub fn into_games(self) -> GamesArgs {
        GamesArgs {
            moves: self.moves,
            max_plies: self.max_plies,
            threads: self.threads,
            ..self.repair.into_games(true)
        }
    }
}

impl RepairArgs {
    /// The same run as `games --fix` (or `--check`).
    pub fn into_games(self, check: bool) -> GamesArgs {
        GamesArgs {
            files: self.files,
            format: GamesFormat::Text,
            stats: false,
            evals: None,
            filters: GameFilters {
                assume_chess960: self.assume_chess960,
                ..GameFilters::default()
            },
            sp: Vec::new(),
            split: None,
            fix: !check,
            check,
            variant_tag: self.variant_tag,
            castling: self.castling.notation(),
            add_sp_tag: self.add_sp_tag,
            moves: false,
            max_plies: None,
            uci_castling: UciCastling::default(),
            threads: Threads::default(),
        }
    }
}

#[derive(Args)]
pub struct GamesArgs {
    /// PGN files; `-` or none: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
    /// A line per game (`game 0: SP 105 QNRBBNKR, 1-0`), CSV with a header (`game,white_sp,
    /// black_sp,result,variant,white_rank,black_rank,offset,note`; a `file` column first with
    /// several files) or JSON Lines; with --stats, a row per start, or an HTML page.
    #[arg(long, value_enum, default_value_t = GamesFormat::Text)]
    pub format: GamesFormat,
    /// A row per start instead: games, White's wins, draws, Black's wins, unfinished,
    /// White's score (wins + draws/2 over finished games) with its 95% interval (Wilson's;
    /// the CSV also has cutechess's), and the Elo difference with cutechess's margin.
    /// Standard games and other variants are passed over, and counted on stderr.
    #[arg(long, conflicts_with_all = ["sp", "split"])]
    pub stats: bool,
    /// With --stats: an engine's view of each start beside its score (engine_cp, engine_mate,
    /// engine_win, engine_draw, engine_loss per mille, engine_best_move): from the table the
    /// tool ships (the 960 starts by Stockfish; `chess960 show` prints a start's line of it),
    /// or with --evals=FILE from the records of an `eval` run.
    #[arg(long, value_name = "FILE", require_equals = true, requires = "stats")]
    pub evals: Option<Option<std::path::PathBuf>>,
    /// Which games are read (listed, counted, chosen or split).
    #[command(flatten)]
    pub filters: GameFilters,
    #[command(flatten)]
    pub threads: Threads,
    /// Write the games that start from POS (a pair for Double Fischer Random) to stdout, byte
    /// for byte as in the input. One POS per --sp: repeat it (`--sp 105 --sp '105 451'`) or
    /// separate with commas (`--sp 105,518`).
    #[arg(
        long,
        value_name = "POS",
        value_delimiter = ',',
        allow_negative_numbers = true
    )]
    pub sp: Vec<std::ffi::OsString>,
    /// Write every game, byte for byte, to DIR/<id>.pgn (DIR/<white>-<black>.pgn for pairs,
    /// DIR/no-sp.pgn for games without a start); DIR is made if missing.
    #[arg(long, value_name = "DIR", conflicts_with = "sp")]
    pub split: Option<std::path::PathBuf>,
    /// Write every game with its Chess960 tags repaired (also `chess960 fix`) and the rest
    /// byte for byte: one
    /// Variant tag, SetUp "1", one 6-field FEN whose castling letters fit the start (in one
    /// notation), the Seven Tag Roster first. Each change goes to stderr as `game N: what,
    /// from → to`; a game whose tags cannot be repaired is written as it was, named as
    /// `FILE: game N: left as it was: why`, and fix exits 1. Other games pass through
    /// untouched.
    #[arg(long, group = "repair", conflicts_with_all = ["stats", "sp", "split", "min_elo", "speed", "ratings", "since", "until", "format"])]
    pub fix: bool,
    /// As --fix, but write no games: report what --fix would change; exit 0 if none would, 1
    /// if a game would change or has tags that cannot be repaired, 2 if an input could not be
    /// read (for CI; also `chess960 check`).
    #[arg(long, group = "repair", conflicts_with_all = ["stats", "sp", "split", "min_elo", "speed", "ratings", "since", "until", "format"])]
    pub check: bool,
    /// With --fix or --check: the Variant tag's spelling (fischerandom for cutechess-era
    /// readers).
    #[arg(long, value_name = "NAME", default_value_t, requires = "repair", value_parser = named::<VariantTag>(&VariantTag::NAMES))]
    pub variant_tag: VariantTag,
    /// With --fix or --check: the FEN's castling letters, KQkq (x-fen) or rook files
    /// (shredder, HAha).
    #[arg(long, value_name = "NOTATION", default_value_t, requires = "repair", value_parser = named::<CastlingNotation>(&CastlingNotation::NAMES))]
    pub castling: CastlingNotation,
    /// With --fix or --check: also write the start's Scharnagl id in a tag of this name
    /// (`[NAME "105"]`, `[NAME "105-451"]` for a pair), to search databases by start.
    #[arg(long, value_name = "NAME", value_parser = sp_tag_name, requires = "repair")]
    pub add_sp_tag: Option<String>,
    /// Replay each game's moves from its start (python-chess's reading of SAN), and add to
    /// each line the plies, the moves in UCI (space-separated) and why the replay stopped
    /// early (`move_error`: ply, move and rule). With --check: check the moves instead of the
    /// tags (also `chess960 check --moves`).
    #[arg(long, conflicts_with_all = ["stats", "sp", "split", "fix"])]
    pub moves: bool,
    /// With --moves: replay at most N plies of each game; the rest is skipped at scanning speed.
    #[arg(long, value_name = "N", requires = "moves")]
    pub max_plies: Option<u32>,
    /// With --moves: castling in UCI as king-takes-rook (e1h1: UCI_Chess960 engines,
    /// lichess) or king-two-squares (e1g1, where the king stands on the e-file).
    #[arg(long, value_name = "SPELLING", default_value_t, requires = "moves", value_parser = named::<UciCastling>(&UciCastling::NAMES))]
    pub uci_castling: UciCastling,
}

/// A tag name for --add-sp-tag: PGN's tag name characters, and not a tag --fix writes
/// otherwise or the Seven Tag Roster's.
fn sp_tag_name(name: &str) -> Result<String, String> {
    if !is_tag_name(name.as_bytes()) {
        return Err("a tag name is letters, digits and _+#=:- from a letter or digit".into());
    }
    let written = [b"Variant".as_slice(), b"SetUp", b"FEN"];
    if ROSTER
        .iter()
        .chain(&written)
        .any(|taken| *taken == name.as_bytes())
    {
        return Err(format!("{name} is a tag with its own meaning"));
    }
    Ok(name.to_owned())
}

/// What `games` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GamesFormat {
    Text,
    Csv,
    Json,
    /// With --stats: a page with the map of the 960 starts coloured by score, and the table.
    Html,
}
