//! Chess960 tag sections repaired, the rest of every game byte for byte: `header.rs` rewrites
//! one game's tag section with the library's `chess960::game::Repair`; `stream.rs` is the
//! [`Visitor`](crate::pgn::Visitor) that does it to every game of a stream.

mod header;
mod stream;

pub use header::{FixOptions, Outcome, ROSTER, fix_header};
pub use stream::{Counts, Fixer, Report};

#[cfg(test)]
mod tests;
