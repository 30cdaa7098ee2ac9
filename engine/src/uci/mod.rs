//! The engine's side of UCI, a line at a time: what [`parse_line`] makes of each line an
//! engine prints. Unknown commands and keys are passed over, as UCI asks; a known one whose
//! value cannot be read is an error (the driver calls it a protocol failure).

mod error;
mod info;
mod line;

pub use error::ParseLineError;
pub use info::{Info, pv};
pub use line::{EngineLine, parse_line};
