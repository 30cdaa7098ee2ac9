//! Any position of a game analysed by an engine, as lichess's cloud evaluation gives it:
//! several lines (MultiPV), each with its score and moves. [`Position`] reads the position,
//! `search.rs` asks the engine, whose [`Analysis`] (`lines.rs`) `record.rs` writes a record a
//! line a row and `read.rs` reads back.

mod lines;
mod position;
mod read;
mod record;
mod search;

pub use lines::{Analysis, Line};
pub use position::{ParsePositionError, Position};
pub use read::AnalysisRecords;
pub use record::{ANALYSIS_COLUMNS, AnalysisRecord};
pub use search::MAX_LINES;
