//! Opening trees of every start, as lichess's opening explorer has for standard chess: each
//! position reached in the first plies of the games, with how the games that reached it
//! ended, and each move played there with its own results and average rating. Transpositions
//! meet: a node is a position (pieces, side to move, castling rights, en passant square where
//! a capture is legal), whatever the order of moves that reached it. Games of other starts
//! are read at scanning speed, their moves not replayed.
//!
//! ```
//! use chess960::StartingPosition;
//! use chess960_pgn::{Input, Options, read, tree::{Plan, Tree}};
//!
//! let pgn = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\
//!            [WhiteElo \"2100\"]\n[BlackElo \"2000\"]\n\n1. Ng3 Ng6 2. O-O 1-0\n";
//! let sp = StartingPosition::from_id(105).unwrap().into();
//! let (tree, _) = Tree::read_files(&[write(pgn)?], &Options::default(), &Plan::starts(vec![sp]), &Default::default());
//! let root = tree.node(sp, &[] as &[&str])?;
//! assert_eq!(root.fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -");
//! assert_eq!((root.moves[0].san.as_str(), root.moves[0].counts.average_rating()), ("Ng3", Some(2100)));
//! let castles = &tree.node(sp, &["f1g3", "f8g6"])?.moves[0];
//! assert_eq!((castles.uci.to_string(), castles.san.as_str()), ("g1h1".to_owned(), "O-O"));
//! let every: Vec<_> = tree.nodes(sp).map(|node| node.fen).collect();
//! assert_eq!(every.len(), 3); // 2. O-O is the last ply counted, so its position is no node
//! # fn write(pgn: &str) -> std::io::Result<std::path::PathBuf> {
//! #     let path = std::env::temp_dir().join(format!("tree-mod-{}.pgn", std::process::id()));
//! #     std::fs::write(&path, pgn)?;
//! #     Ok(path)
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is counted
//!
//! - Finished games (`1-0`, `1/2-1/2`, `0-1`) of the [`Plan`]'s starts, kept by the
//!   [`Options`](crate::Options) (Elo, speed, month), their first [`Plan::plies`] plies
//!   ([`PLIES`], lichess's 50, by default); a null move ends a game's walk.
//! - A game counts once at each node it passes through, with the last move it played there
//!   (a game that comes back to a position counts there once), as lichess's indexer counts
//!   it. A node's results are the sums of its moves'; the position after the last ply counted
//!   is no node.
//! - A move's `average_rating` is the mover's Elo averaged over the games that have it.
//! - With [`Plan::min_games`] over 1, nodes fewer games reached are pruned (see
//!   [`Tree::read_files`] for the memory this bounds).

mod builder;
mod counts;
mod edges;
mod files;
mod frozen;
mod games;
pub mod key;
mod node;
mod plan;
mod play;
mod query;
mod reach;
mod sketch;
mod summary;
#[cfg(test)]
mod tests;
pub mod walk;

pub use builder::TreeBuilder;
pub use counts::MoveCounts;
pub use frozen::Tree;
pub use games::{average_elo, keep_ranked};
pub use node::{Node, NodeGame, NodeMove};
pub use plan::{PLIES, Plan, STARTS};
pub use play::{PlayError, fen_after, legal, legal_uci, play_from, play_uci, root};
pub use reach::Reaching;
pub use summary::{GameCount, Summary};
