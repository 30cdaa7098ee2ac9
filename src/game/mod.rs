//! A game's start, from the tags of its PGN header: the [`start`] of a game from its `Variant`
//! and `FEN` tag values ([`StartReader`]: the one rule for Chess960, standard chess and other
//! variants), as every writer of Chess960 games spells them, or the reason
//! ([`NoStart`]) it has none; and those tags repaired ([`Repair`]), so that every reader loads
//! the game.
//!
//! ```
//! use chess960::game::{NoStart, start};
//!
//! // lichess: Variant "Chess960" and an X-FEN.
//! let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1";
//! assert_eq!(start(Some("Chess960"), Some(fen))?.single().map(|sp| sp.id()), Some(105));
//!
//! // cutechess: "fischerandom", Shredder castling; CCRL: no Variant at all.
//! let shredder = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
//! assert_eq!(start(Some("fischerandom"), Some(shredder))?, start(None, Some(fen))?);
//!
//! // A Chess960 game without a FEN starts from RNBQKBNR; a game without either is not Chess960.
//! assert_eq!(start(Some("chess 960"), None)?.white().id(), 518);
//! assert_eq!(start(None, None), Err(NoStart::Standard));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! ```
//! use chess960::game::Repair;
//!
//! // A broadcast's tags: Variant "Standard" on a 960 game, two FEN tags, no SetUp.
//! let shredder = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
//! let xfen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1";
//! let repaired = Repair::DEFAULT.repair([("Variant", "Standard"), ("FEN", shredder), ("FEN", xfen)])?;
//! assert_eq!((repaired.variant(), repaired.setup(), repaired.fen().as_str()), ("Chess960", "1", xfen));
//! for change in repaired.changes() {
//!     println!("{change}"); // Variant, "Standard" → "Chess960", …
//! }
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod change;
mod error;
mod repair;
mod repaired;
mod rights;
mod shape;
mod start;
mod variant;

pub use change::{Change, Tag, What};
pub use error::{NoStart, RepairError};
pub use repair::Repair;
pub use repaired::{Repaired, TagFen, VariantTag};
pub use shape::FenSyntax;
pub use start::{StartReader, fen_start, is_chess960_variant, start};
pub use variant::Variant;
