//! PGN databases, streamed: `scan.rs` finds where each game begins and ends and hands its tag
//! lines and bytes to a [`Visitor`], in bounded memory whatever the input, skipping movetext
//! with `movetext.rs`; `tag.rs` reads one tag line; `fix/` repairs Chess960 tag sections;
//! `record.rs` writes down a scan, for the tests and the fuzzer.

pub mod fix;
mod movetext;
mod record;
mod scan;
mod tag;

pub use record::{Event, Recorder};
pub use scan::{HEADER_CAP, HeaderEnd, Scanner, Visitor};
pub use tag::{is_tag_name, read_tag};

#[cfg(test)]
mod tests;
