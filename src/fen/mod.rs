//! Start FENs, both ways: back ranks → a FEN line ([`Fen`], castling in X-FEN or Shredder-FEN
//! per [`CastlingNotation`]) in `write.rs`, and a FEN → back ranks ([`FenReader`], with a
//! [`ParseFenError`] naming the first field that is not a start's) in `read.rs`, also from a
//! board turned 180° as an electronic board reads it ([`Orientation`], `turned.rs`).
//!
//! ```
//! use chess960::fen::{CastlingNotation, Fen, FenReader};
//! use chess960::{DoubleStartingPosition, StartingPosition};
//!
//! let sp = StartingPosition::from_id(105)?;
//! let fen = Fen::new(sp, CastlingNotation::Shredder);
//! assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
//! assert_eq!(FenReader::STRICT.read::<StartingPosition>(fen.as_str())?, sp);
//!
//! // Double Fischer Random: Black's back rank differs from White's.
//! let pair: DoubleStartingPosition =
//!     FenReader::STRICT.read("brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1")?;
//! assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod error;
mod read;
mod turned;
mod write;

pub use error::{FenField, ParseFenError};
pub use read::{FenReader, FromFen};
pub use turned::Orientation;
pub(crate) use write::shredder_castling;
pub use write::{CastlingNotation, Fen};
