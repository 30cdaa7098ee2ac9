//! An opening explorer of Chess960 games on disk, as lichess's: every position of the first 50 plies of every
//! game added, each move played there with its results and ratings, pre-aggregated by speed,
//! rating group and month so that every filter of lichess's API is answered without reading
//! PGN again; top and recent games; PGN files added month after month, each once.
//!
//! The index is a directory of immutable segments, each add's games sorted on every core
//! in bounded memory and written once, in key order; a `MANIFEST` renamed into place
//! commits each add (and each merge of segments), so that an add killed at any moment leaves
//! the index as it was, and readers in other processes (a server) keep answering from a whole
//! state while an add runs, seeing it once it commits. Every position a game reached is
//! found by its key, however it is asked: the positions two games or more reached as rows,
//! the others as postings confirmed by the game's moves (docs/index-format.md).
//!
//! ```
//! use chess960_explorer::{Index, IndexWriter, Query};
//! use chess960_pgn::Progress;
//!
//! let dir = tempfile::tempdir()?;
//! let pgn = dir.path().join("games.pgn");
//! std::fs::write(&pgn, "[Site \"https://lichess.org/abcdefgh\"]\n[Variant \"Chess960\"]\n\
//!     [FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\
//!     [WhiteElo \"2100\"]\n[BlackElo \"1900\"]\n\n1. Ng3 Ng6 2. O-O 1-0\n")?;
//! let added = IndexWriter::new(dir.path().join("index")).add(&[pgn], &Progress::default())?;
//! assert_eq!(added.counted, 1);
//!
//! let index = Index::open(dir.path().join("index"))?;
//! let start = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
//! let root = index.explore(&Query::at(start, &[]))?;
//! assert_eq!((root.white, root.moves[0].san.as_str()), (1, "Ng3"));
//! let castles = index.explore(&Query::at(start, &["f1g3", "f8g6"]))?;
//! assert_eq!(castles.moves[0].uci.to_string(), "g1h1"); // the king takes its rook
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The layers, each a folder, each importing only from those listed before it:
//! `error/` the errors (a leaf); `store/` the bytes on disk (`manifest.rs`, `lock.rs`,
//! `state.rs`, `segment.rs`, its `table/`s and `postings.rs`; keys, entries, games, lines,
//! files and evaluations) and what a game brings them (`visit.rs`, `counted.rs`); `answer/` a
//! query to an [`Answer`] (`query.rs` what is asked, `history.rs` its months); `build/` PGN
//! files to a segment (`walker.rs` a game to its positions, `gather.rs` the games of an add
//! gathered, `sort.rs` sorted in bounded memory, `groups.rs` grouped by position on every
//! core, `assemble.rs` and `segment.rs` written as a segment, `add.rs` committed, `merge.rs`
//! and `compact.rs` segments merged, `remove.rs` a file taken out, `evals.rs` evaluations
//! added); `index/` the reader ([`Index`]) and `writer.rs` the writer ([`IndexWriter`]), apart,
//! so that a reader links no writer; [`api`] lichess's JSON shapes and query strings; `server/`
//! the HTTP server speaking lichess's API (the `server` feature; the command line turns it on).

#![cfg_attr(docsrs, feature(doc_cfg))]

mod answer;
pub mod api;
mod build;
#[cfg(any(test, feature = "fuzzing"))]
mod drawn;
mod error;
#[doc(hidden)]
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
mod index;
#[cfg(feature = "server")]
#[cfg_attr(docsrs, doc(cfg(feature = "server")))]
pub mod server;
mod store;
#[cfg(test)]
mod tests;
mod writer;

pub use answer::Answer;
pub use answer::explorer::Explorer;
pub use answer::history::MonthGames;
pub use answer::player::{PlayerQuery, performance};
pub use answer::query::{MAX_MASTERS_TOP_GAMES, MAX_PLAY, MAX_RECENT_GAMES, MAX_TOP_GAMES, Query};
pub use answer::whole_game::WholeGame;
pub use build::add::{AddOptions, Added};
pub use build::compact::Compacted;
pub use build::remove::Removed;
pub use error::{FenRule, IndexError, NotCounted, QueryError, StoreError};
pub use index::positions::Reached;
pub use index::summary::Summary;
pub use index::verified::Verified;
pub use index::{DEFAULT_CACHE, Index};
pub use store::evals::{CloudEval, EvalSource, Pv, PvScore};
pub use store::files::{FileAdded, FileRef};
pub use store::id::stable_id;
pub use writer::IndexWriter;
