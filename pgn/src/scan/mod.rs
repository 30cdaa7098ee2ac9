//! Where each game of a PGN stream begins and ends, fed in chunks of any size: the same games,
//! tags and bytes whatever the chunk boundaries, in memory bounded by [`HEADER_CAP`].
//!
//! A game is its tag section and its movetext, and runs to the next game's first character (a
//! line's leading white space stays with the game before), so its bytes include the blank lines
//! after it: the games, concatenated, are the input (less blank and `%` lines before the first). A line that begins with `[` starts a new game
//! when it follows movetext or the blank line that ends a tag section, unless it is inside a
//! `{ }` comment. `%` lines (escapes) and `;` comments are skipped; a game may have no tags
//! (its first line is movetext) or no moves.

mod movetext;
#[cfg(any(test, feature = "recorder"))]
mod record;
mod scanner;
mod tag;
#[cfg(test)]
mod tests;
mod visitor;

#[cfg(any(test, feature = "recorder"))]
pub use record::{Event, Recorder};
pub use scanner::{HEADER_CAP, Scanner};
pub use tag::{is_tag_name, read_tag};
pub use visitor::{HeaderEnd, Visitor};
