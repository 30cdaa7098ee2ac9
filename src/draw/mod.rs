//! Event draws: uniform, verifiable picks from the candidates of a [`Book`](crate::book::Book) (every Chess960
//! start, or every Double Fischer Random pair, less the positions left out), driven by any
//! stream of random `u64` words: the SHA-256 words of a published seed text ([`SeedWords`],
//! feature `sha2`), an RNG, or a list. `pick.rs` holds the pick step, the one place where
//! random words become positions; `distinct.rs` draws without repeats in a few hundred bytes
//! ([`Draws`], up to 16 Double Fischer Random pairs), `many.rs` as many as there are
//! ([`ManyDraws`], 117 KB); `seeded.rs` the whole recipe of an event draw from a seed text
//! ([`Book::seeded_draws`](crate::book::Book::seeded_draws), feature `sha2`).
//!
//! The pick step: take the next word w; let m = w × n as a 128-bit product (n candidates); if
//! the low 64 bits of m are below 2⁶⁴ mod n, discard w and take the next word; otherwise the
//! candidate is number ⌊m / 2⁶⁴⌋ in book order. This is Lemire's multiply-shift with
//! rejection: exactly uniform when the words are, and it rejects a word with probability
//! below n / 2⁶⁴, so with good words almost every pick takes one word.
//!
//! ```
//! use chess960::book::Book;
//! use chess960::set::PositionSet;
//!
//! let event = Book::CHESS960.difference(PositionSet::STANDARD_AND_MIRROR);
//! // Distinct draws, from any words (here a list; `chess960 draw` uses `SeedWords`).
//! let drawn: Vec<String> = event.draws([u64::MAX / 2, 7 << 60].into_iter()).map(|e| e.to_string()).collect();
//! assert_eq!(drawn, ["chess960 478", "chess960 418"]);
//! ```
//!
//! [`SeedWords`]: https://docs.rs/chess960/latest/chess960/draw/struct.SeedWords.html

mod count;
mod distinct;
mod many;
mod pick;
#[cfg(feature = "sha2")]
mod seed_words;
#[cfg(feature = "sha2")]
mod seeded;

pub use count::{DrawError, Repeats, check_count};
pub use distinct::{DFRC_LIMIT, Draws};
pub use many::ManyDraws;
pub use pick::pick_index;
#[cfg(feature = "sha2")]
pub use seed_words::SeedWords;
#[cfg(feature = "sha2")]
pub use seeded::SeededDraws;
