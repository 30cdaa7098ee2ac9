//! Chess960 starts evaluated by any UCI engine, robustly: a driver that survives engines that
//! crash, hang, print garbage or answer an illegal move (each position is retried on a fresh
//! engine, then recorded as failed with the reason), records in CSV and JSON Lines that a run
//! appends to and resumes from, and shards that spread a run over many machines.
//!
//! What a search reports, read as the driver reads it:
//!
//! ```
//! use chess960::StartingPosition;
//! use chess960_engine::uci::{EngineLine, parse_line};
//! use chess960_engine::{Score, is_legal_first_move};
//!
//! let line = "info depth 20 seldepth 24 multipv 1 score cp 46 wdl 82 917 1 nodes 627429 time 658 pv h2h4 h7h5";
//! let EngineLine::Info(info) = parse_line(line)? else { unreachable!() };
//! assert_eq!(info.score, Some(Score::Centipawns(46)));
//!
//! // The move an engine answers from a start must be a pawn's, a knight's or a castling.
//! let sp = StartingPosition::from_id(0)?; // BBQNNRKR
//! assert!(is_legal_first_move(sp, "h2h4".parse()?));
//! assert!(!is_legal_first_move(sp, "g1f3".parse()?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every start, four engines at once, in input order:
//!
//! ```no_run
//! use chess960::book::Book;
//! use chess960_engine::{Engine, Limit, RunOptions, Settings, evaluate_all};
//!
//! let settings = Settings::new("/usr/games/stockfish", Limit::Nodes(100_000)).option("Hash", "16");
//! let first = Engine::start(&settings)?;
//! let starts: Vec<_> = Book::CHESS960.entries().collect();
//! let options = RunOptions::default().jobs(4);
//! evaluate_all(&settings, options, Some(first), &starts, |start, outcome| {
//!     match outcome {
//!         Ok(found) => println!("{start}: {} {}", found.score, found.best_move),
//!         Err(failure) => println!("{start}: {failure}"),
//!     }
//!     Ok::<(), std::io::Error>(())
//! })?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod analysis;
mod engine;
mod failure;
mod first_move;
mod latest;
mod limit;
mod process;
pub(crate) mod read;
mod record;
mod run;
mod score;
mod settings;
mod shard;
mod table;
pub mod uci;
mod window;

pub use analysis::{
    ANALYSIS_COLUMNS, Analysis, AnalysisRecord, AnalysisRecords, Line, MAX_LINES,
    ParsePositionError, Position,
};
pub use engine::{Engine, Evaluation, StartError};
pub use failure::{Failure, FailureKind, ParseFailureKindError};
pub use first_move::{is_legal_first_move, legal_first_moves};
pub use latest::{Keyed, latest};
pub use limit::{Limit, ParseLimitError};
pub use read::{ReadRecordError, Records};
pub use record::{COLUMNS, Positions, Record, RecordFormat, is_number, write_csv_header};
pub use run::{RunError, RunOptions, analyse_all, evaluate_all};
pub use score::{Score, Wdl};
pub use settings::{Settings, Timeouts};
pub use shard::{ParseShardError, Shard};
pub use table::{TABLE_960, table_960};
pub use window::{Balance, NoWdl, ParseWindowError, Window};
