//! Start FENs, both ways: `write.rs` turns back ranks into a FEN, `read.rs` a FEN into back
//! ranks. Their errors are in `error/fen.rs`.

mod read;
mod write;

pub use read::FenOptions;
pub(crate) use write::shredder_castling;
pub use write::{CastlingNotation, Fen};
