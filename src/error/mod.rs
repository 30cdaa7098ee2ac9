//! Every error type, one file for each kind of input. Each message names the offending input
//! and the rule it breaks.

mod arrangement;
mod fen;
mod id;
mod parse;
mod uci;

pub use arrangement::ArrangementError;
pub use fen::{FenError, FenField};
pub use id::IdError;
pub use parse::ParseError;
pub use uci::UciError;
