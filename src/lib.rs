//! Scharnagl's Chess960 (Fischer Random) starting-position numbering: every id 0..=959 to its
//! back rank and back, as O(1) table lookups, `no_std` and allocation-free.
//!
//! ```
//! use chess960::StartingPosition;
//!
//! let sp = StartingPosition::from_id(518)?;
//! assert_eq!(sp.to_string(), "RNBQKBNR");
//! assert_eq!("♖♘♗♕♔♗♘♖".parse::<StartingPosition>()?.id(), 518);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # Where things happen
//!
//! - `build.rs` merges Scharnagl's King's table and Bishop's table ([`tables`], over
//!   [`Piece`] and [`File`]) into a static array of the 960 back ranks, indexed by id, and a
//!   `phf` map from back rank to id.
//! - [`StartingPosition::from_id`] and [`StartingPosition::pieces`]: id → back rank, one load.
//! - [`StartingPosition::from_pieces`]: back rank → id, one perfect-hash lookup; on a miss, an
//!   [`ArrangementError`] that names the rule broken.
//! - `"RNBQKBNR".parse()` ([`FromStr`](core::str::FromStr)): text → back rank, letters or
//!   Unicode symbols, with a [`ParseError`] naming the bad character or count.
//! - [`StartingPosition::fen`], [`StartingPosition::shredder_fen`] and
//!   [`StartingPosition::from_fen`]: back ranks → start FEN and back, also for
//!   [`DoubleStartingPosition`] (Double Fischer Random).
//! - [`StartingPosition::number`] and [`StartingPosition::from_number`]: one-based ids and
//!   Fritz 9's numbers ([`Numbering`]); [`StartingPosition::from_random_u64`].
//! - [`StartingPosition::from_fen_either_way`]: a FEN from a board that may be turned 180°,
//!   as an electronic board reads it ([`Orientation`]).
//! - [`StartingPosition::castling`]: where a castling's king and rook go, which squares must
//!   be empty and which the king crosses ([`Castling`]); [`StartingPosition::convert_uci`]:
//!   a castling move between its two UCI spellings ([`UciMove`]).
//! - [`Book`]: opening books of every start, as FEN, EPD or PGN.
//! - [`PositionSet`]: the positions an event allows; [`PositionSet::pick`]: a verifiable,
//!   exactly uniform draw from them, driven by any stream of random words ([`pick_index`]).
//!
//! # Features
//!
//! - `rand`: `rand::distr::StandardUniform` samples [`StartingPosition`] and
//!   [`DoubleStartingPosition`] exactly uniformly (`rand` without default features).
//! - `serde`: both types serialize as ids, a `u16` and a pair of them.
//! - `shakmaty`: a start as shakmaty's `Board` or `Setup` (Chess960 castling rights), and
//!   recognised from a `Board`, `Setup` or `Chess` (a [`FenError`] when it is none). Needs
//!   Rust 1.95, as shakmaty 0.30 does.
//! - `cozy-chess`: a start as cozy-chess's `BoardBuilder`, and recognised from a `Board`.
//!
//! With or without them the crate is `#![no_std]`, allocates nothing itself and has no
//! `unsafe`.
//!
//! # MSRV
//!
//! Rust 1.85 (edition 2024), the version `phf` 0.14 needs; with the `shakmaty` feature, 1.95.

#![no_std]

mod book;
mod castling;
mod dfrc;
mod draw;
mod error;
mod fen;
#[cfg(any(feature = "shakmaty", feature = "cozy-chess"))]
mod interop;
mod mirror;
mod numbering;
mod piece;
mod position;
mod random;
mod rules;
#[cfg(feature = "serde")]
mod serialize;
mod set;
mod square;
pub mod tables;
mod text;

mod generated {
    //! The back-rank table and the phf map, written by `build.rs`.
    #![allow(clippy::unreadable_literal)]
    include!(concat!(env!("OUT_DIR"), "/back_ranks.rs"));
}

pub use book::{Book, BookEntries, BookEntry, Epd, Pgn};
pub use castling::{Castling, CastlingSide, Squares, UciMove};
pub use dfrc::{DfrcNumbering, DoubleStartingPosition};
pub use draw::{Draws, pick_index};
pub use error::{ArrangementError, FenError, FenField, IdError, ParseError, UciError};
pub use fen::{CastlingNotation, Fen, FenOptions, Orientation};
pub use numbering::Numbering;
pub use piece::{File, Piece};
pub use position::StartingPosition;
pub use set::{PositionSet, PositionSetIter};
pub use square::{Colour, Rank, Square};

/// `table[index]`, or `None` past its end: how the library indexes its tables at run time,
/// without a panic path (`<[T]>::get` is not `const`).
const fn get<T: Copy>(table: &[T], index: usize) -> Option<T> {
    match table.split_at_checked(index) {
        Some((_, [entry, ..])) => Some(*entry),
        _ => None,
    }
}

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
