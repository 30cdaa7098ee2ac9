//! The board's words: [`File`], [`Rank`], [`Square`], [`Color`], [`Piece`], and a move
//! between squares as UCI writes it, [`UciMove`]. Each is `Copy`, reads with `FromStr` and
//! writes with `Display`; the crate's root re-exports them all.
//!
//! ```
//! use chess960::{Color, File, Piece, Rank, Square, UciMove};
//!
//! let e1: Square = "e1".parse()?;
//! assert_eq!((e1.file(), e1.rank()), (File::E, Rank::First));
//! assert_eq!(Color::White.back_rank(), e1.rank());
//! assert_eq!("♛".parse::<Piece>()?, Piece::Queen);
//! assert_eq!("e1g1".parse::<UciMove>()?.from(), e1);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod color;
mod parse;
pub(crate) mod piece;
mod square;
mod uci;

pub use color::Color;
pub use parse::{Found, ParseError};
pub use piece::{File, Piece};
pub use square::{Rank, Square};
pub use uci::{ParseUciMoveError, UciMove};
