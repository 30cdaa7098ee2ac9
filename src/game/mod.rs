//! A game's start, from the tags of its PGN header: the [`start`] of a game from its `Variant`
//! and `FEN` tag values, as every writer of Chess960 games spells them, or the reason
//! ([`NoStart`]) it has none.
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
//! assert_eq!(start(None, None), Err(NoStart::NotChess960));
//! # Ok::<(), NoStart>(())
//! ```

mod change;
mod error;
mod repair;
mod rights;
mod shape;
mod start;

pub use change::{Change, Tag, What};
pub use error::{FenSyntax, NoStart, RepairError};
pub use repair::{Repair, Repaired, TagFen, VariantTag};
pub use start::{is_chess960_variant, start};
