//! Chess960 games in PGN databases, streamed at gigabytes a second in constant memory: each
//! game's start, statistics per start, games chosen or split by start, and Chess960 tag
//! sections repaired. Plain, gzip, zstd and bzip2 input, told apart by their first bytes.
//!
//! The best and worst starts of a lichess dump, for White:
//!
//! ```
//! use chess960_pgn::{Options, Stats};
//!
//! let dump = "lichess_db_chess960_rated_2024-01.pgn.zst";
//! # let dump = &sample::write(dump)?;
//! let stats = Stats::read_path(dump, &Options::default().min_elo(2000))?;
//! println!("{} games; passed over: {}", stats.games(), stats.passed_over());
//!
//! // Each start with at least 20 finished games, by White's score.
//! let mut starts: Vec<_> = stats
//!     .starts()
//!     .filter(|(_, counts)| counts.games() - counts.unfinished >= 20)
//!     .filter_map(|(start, counts)| Some((start, counts.score()?)))
//!     .collect();
//! starts.sort_by(|(_, a), (_, b)| b.score.total_cmp(&a.score));
//! let best_and_worst = starts.iter().take(3).chain(starts.iter().rev().take(3).rev());
//! for (start, score) in best_and_worst {
//!     let (low, high) = (score.wilson.low, score.wilson.high);
//!     let sp = start.white();
//!     println!("{:>4} {sp}  {:.3} ({low:.3} – {high:.3})", sp.id(), score.score);
//! }
//! # assert_eq!(starts.len(), 8);
//! # mod sample {
//! #     /// A small dump: 20 games from each of 8 starts, White's score rising with the id.
//! #     pub fn write(name: &str) -> std::io::Result<std::path::PathBuf> {
//! #         let mut pgn = String::new();
//! #         for (i, id) in [0u16, 105, 200, 451, 518, 700, 800, 959].into_iter().enumerate() {
//! #             let sp = chess960::StartingPosition::from_id(id).unwrap();
//! #             let fen = chess960::fen::Fen::new(sp, Default::default());
//! #             for game in 0..20 {
//! #                 let result = if game < 8 + i { "1-0" } else { "0-1" };
//! #                 pgn += &format!("[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n[Result \"{result}\"]\n\
//! #                     [WhiteElo \"2100\"]\n[BlackElo \"2050\"]\n\n1. e4 {result}\n\n");
//! #             }
//! #         }
//! #         let path = std::env::temp_dir().join(format!("{}-{name}", std::process::id()));
//! #         std::fs::write(&path, zstd::encode_all(pgn.as_bytes(), 3)?)?;
//! #         Ok(path)
//! #     }
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What a game is
//!
//! Every game gets one classification, the same in every mode of `chess960 games`, in this
//! crate and in every binding: [`Kind`], from its start or why it has none (`chess960::game::NoStart`). The rule is
//! `chess960::game::StartReader`'s: a `Variant` tag naming Chess960 decides Chess960; one
//! naming another variant (Crazyhouse, Atomic, …) decides that variant; otherwise a start FEN
//! whose ranks are not both RNBQKBNR is Chess960 (CCRL writes no Variant), and the standard
//! start or no FEN is standard chess, unless [`Options::assume_chess960`]. A game's result is
//! python-chess's: the `Result` tag, or the movetext's termination marker when the tag is
//! missing or `*`.
//!
//! # Parts
//!
//! - [`Input`] opens a file, stdin or any reader, and decompresses it on a thread of its own.
//! - [`read`] runs an input through the [`scan::Scanner`] and gives each [`Game`] to a
//!   [`Sink`]: [`Stats`] counts results per start ([`Counts`], [`Score`] with its intervals,
//!   [`Elo`]); [`Select`] copies the games of chosen starts, [`Split`] every game to the file
//!   of its start; [`read_games`] hands each game to a closure. [`read_files`] reads
//!   files on every core, each cut into parts, a sink per part (told its [`PartStart`]),
//!   the sinks taken back in input order.
//! - [`moves`] replays each game's mainline from its start ([`Options::moves`] gives each
//!   [`Game`] its [`moves`](Game::moves)): SAN read as python-chess reads it, the moves
//!   written back as UCI and canonical SAN, the first one that cannot be played named.
//! - [`fix`] rewrites every game's tag section with `chess960::game::Repair` and completes
//!   the Seven Tag Roster, copying everything else byte for byte.
//! - [`scan`] is the streaming scanner itself, for other visitors.
//!
//! # Features
//!
//! `gzip`, `zstd` and `bzip2` (all default) each add a decompressor; without one, such an
//! input is an error that names the feature.

#![cfg_attr(docsrs, feature(doc_cfg))]

mod chunks;
mod collect;
mod decompress;
mod details;
mod fen_cache;
#[cfg(test)]
mod fen_games;
mod file_read;
mod files;
mod filter;
mod first_game;
pub mod fix;
mod game;
mod in_order;
mod kind;
mod listing;
mod marker;
pub mod moves;
mod open;
mod options;
mod outcome;
mod parsers;
mod part;
mod progress;
mod read;
#[cfg(test)]
mod read_failures;
mod read_games;
pub mod scan;
mod select;
mod sink;
pub mod stats;
mod stdin;
mod tag_value;
pub mod tree;

pub use decompress::Compression;
pub use details::Mode;
pub use file_read::{FileError, PartStart};
pub use files::read_files;
#[cfg(feature = "recorder")]
#[doc(hidden)]
pub use files::read_files_in_parts;
pub use filter::{
    Month, ParseMonthError, ParseRatingGroupError, ParseSpeedError, RatingGroup, RatingGroups,
    Speed, Speeds,
};
pub use game::{Game, TAG_VALUE_CAP};
pub use kind::Kind;
pub use listing::{Cell, GAME_COLUMNS, GameColumn, MOVE_COLUMNS};
pub use open::Input;
pub use options::{Options, OptionsError};
pub use outcome::Outcome;
pub use progress::Progress;
pub use read::read;
pub use read_games::read_games;
pub use select::{Select, Split};
pub use sink::{ReadError, Sink};
pub use stats::{Counts, Elo, Interval, PassedOver, Score, Stats};
pub use stdin::read_files_with_stdin;
