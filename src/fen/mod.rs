//! Start FENs, both ways: `write.rs` turns back ranks into a FEN, `read.rs` a FEN into back
//! ranks, `turned.rs` also from a board turned around. Their errors are in `error/fen.rs`.

mod read;
mod turned;
mod write;

pub use read::FenOptions;
#[cfg(any(feature = "shakmaty", feature = "cozy-chess"))]
pub(crate) use read::{one_position, read_placement};
pub use turned::Orientation;
pub(crate) use write::shredder_castling;
pub use write::{CastlingNotation, Fen};

/// The longest placement that can be a start position's: 64 squares and 7 slashes.
pub(crate) const LONGEST_PLACEMENT: usize = 71;
