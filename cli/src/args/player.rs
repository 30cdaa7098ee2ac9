//! The options of `index player`: whose games, with which colour, at which position, under
//! lichess's `/player` filters.

use std::ffi::OsString;
use std::path::PathBuf;

use chess960::UciMove;
use chess960_pgn::{Mode, Month, Speed};
use clap::{Args, ValueEnum};

#[derive(Args)]
pub struct PlayerArgs {
    /// The index's directory.
    #[arg(long, value_name = "DIR")]
    pub index: PathBuf,
    /// The players' names (lichess's user names, matched whatever their case); standard
    /// input's lines when none: one answer each.
    #[arg(value_name = "NAME")]
    pub players: Vec<String>,
    /// The colour they played.
    #[arg(long, value_enum)]
    pub color: PlayerColor,
    /// The start (a Scharnagl id, a back rank, or a pair 'W B' for Double Fischer Random);
    /// 518 when neither it nor --fen is given.
    #[arg(
        long,
        value_name = "POS",
        allow_negative_numbers = true,
        conflicts_with = "fen"
    )]
    pub sp: Option<OsString>,
    /// The position as a FEN (lichess's `fen=`; Shredder or X-FEN castling).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// The moves from --sp or --fen, in UCI separated by commas (lichess's `play=`; castling
    /// as the king taking its rook).
    #[arg(long, value_name = "UCI,...", value_delimiter = ',')]
    pub play: Vec<UciMove>,
    /// Only rated or casual games (lichess's `modes`); separate both with commas.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub mode: Vec<PlayerMode>,
    /// Only games of these speeds (lichess's `speeds`): ultraBullet, bullet, blitz, rapid,
    /// classical, correspondence; separate several with commas.
    #[arg(long, value_name = "SPEED", value_delimiter = ',')]
    pub speed: Vec<Speed>,
    /// Only games played in this month (YYYY-MM) or later.
    #[arg(long, value_name = "YYYY-MM")]
    pub since: Option<Month>,
    /// Only games played in this month (YYYY-MM) or earlier.
    #[arg(long, value_name = "YYYY-MM")]
    pub until: Option<Month>,
    /// List at most N moves, the most played (lichess's `moves=`); all by default.
    #[arg(long, value_name = "N")]
    pub max_moves: Option<usize>,
    /// The player's latest games that reached the position listed (lichess's
    /// `recentGames`, at most 8).
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub recent_games: usize,
    /// text: the moves as a table, then the recent games; json: lichess's `/player` line.
    #[arg(long, value_enum, default_value_t = PlayerFormat::Text)]
    pub format: PlayerFormat,
}

/// The colour a player played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum PlayerColor {
    White,
    Black,
}

impl From<PlayerColor> for cozy_chess::Color {
    fn from(color: PlayerColor) -> cozy_chess::Color {
        match color {
            PlayerColor::White => cozy_chess::Color::White,
            PlayerColor::Black => cozy_chess::Color::Black,
        }
    }
}

/// A game's mode, lichess's `modes`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum PlayerMode {
    Rated,
    Casual,
}

impl From<PlayerMode> for Mode {
    fn from(mode: PlayerMode) -> Mode {
        match mode {
            PlayerMode::Rated => Mode::Rated,
            PlayerMode::Casual => Mode::Casual,
        }
    }
}

/// What `index player` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayerFormat {
    Text,
    Json,
}
