//! Reinhard Scharnagl's numbering of the 960 Chess960 (Fischer Random) starting positions:
//! every id 0..=959 to its back rank and back, as O(1) table lookups; and what engines, GUIs,
//! electronic boards, match runners and arbiters do with a start. `no_std`, allocation-free,
//! no `unsafe`, and proven free of panics.
//!
//! ```
//! use chess960::StartingPosition;
//! use chess960::fen::{CastlingNotation, Fen, FenReader};
//!
//! // id -> back rank: one load from a table generated at build time.
//! let sp = StartingPosition::from_id(105)?;
//! assert_eq!(sp.to_string(), "QNRBBNKR");
//!
//! // back rank -> id: one perfect-hash lookup. Letters (either case) or Unicode symbols.
//! assert_eq!("♖♘♗♕♔♗♘♖".parse::<StartingPosition>()?.id(), 518);
//!
//! // The start FEN an engine is given, and back.
//! let fen = Fen::new(sp, CastlingNotation::Shredder);
//! assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
//! assert_eq!(FenReader::STRICT.read::<StartingPosition>(fen.as_str())?, sp);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # Where to find what
//!
//! | To … | use |
//! |------|-----|
//! | turn an id into a back rank and back, or text into a back rank | [`StartingPosition`] (`from_id`, `pieces`, `from_pieces`, `parse`, `parse_numbered`) |
//! | give Black a back rank of its own (Double Fischer Random), or read "105 451" | [`DoubleStartingPosition`] (`FromStr`, `Display`) |
//! | write a start FEN (X-FEN or Shredder-FEN) | [`fen::Fen`] |
//! | read a FEN, also from a board turned 180° (e-boards) | [`fen::FenReader`] |
//! | name a square, file, rank, colour or piece, or read a move in UCI | [`board`] (all re-exported here) |
//! | know where the king and rook go when castling, in UCI both ways | [`castling`] |
//! | write an opening book of every start as FEN, EPD or PGN | [`book::Book`] |
//! | leave positions out, or draw them for an event, verifiably | [`set::PositionSet`], [`draw`] |
//! | read or write one-based ids, Fritz 9's numbers, DFRC numbers | [`numbering`] |
//! | check the numbering itself against Scharnagl's two tables | [`tables`] |
//! | find a game's start from its PGN tags (`Variant`, `FEN`), or repair the tags | [`game::start`], [`game::Repair`] |
//! | convert to and from shakmaty's or cozy-chess's boards | `interop` (features `shakmaty`, `cozy-chess`) |
//!
//! Each error is an enum beside the parser that returns it, and its message names the input
//! and the rule it breaks: [`IdError`], [`BackRankError`], [`ParseBackRankError`], [`ParseStartError`],
//! [`fen::ParseFenError`], [`game::NoStart`], [`game::RepairError`], [`board::ParseUciMoveError`], [`board::ParseError`], [`numbering::NumberError`], [`ParseNameError`] (a numbering or notation by name), and
//! `interop::BoardError` for another crate's board that is not a start.
//!
//! # Features
//!
//! None is on by default; none makes the crate allocate or lose `no_std`.
//!
//! - `rand`: `rand::distr::StandardUniform` samples [`StartingPosition`] and
//!   [`DoubleStartingPosition`] exactly uniformly, through the same pick as event draws.
//! - `serde`: both types serialize as ids, a `u16` and a pair of them.
//! - `sha2`: [`draw::SeedWords`], the SHA-256 words of a published seed text, so that anyone
//!   can repeat an event draw (`chess960 draw`) with library calls alone.
//! - `shakmaty`: a start as shakmaty's `Board` or `Setup` (Chess960 castling rights), and
//!   recognised from a `Board`, `Setup` or `Chess` (`interop`). shakmaty is GPL-3.0-or-later, and needs
//!   Rust 1.95.
//! - `cozy-chess`: a start as cozy-chess's `BoardBuilder`, and recognised from a `Board`.
//!
//! # MSRV
//!
//! Rust 1.85 (edition 2024), the version `phf` 0.14 needs; with the `shakmaty` feature, 1.95.
//!
//! `ARCHITECTURE.md` in the repository shows how the parts fit: the data flow from `build.rs`
//! to a lookup, and the invariants (no_std, no alloc, no panic, footprint).

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod board;
pub mod book;
pub mod castling;
pub mod draw;
pub mod fen;
pub mod game;
pub mod numbering;
pub mod set;
pub mod tables;

mod checked;
// `tables.rs` names `super::piece`, as it does when `build.rs` compiles it.
use board::piece;
mod dfrc;
mod excerpt;
mod generated;
#[cfg(any(feature = "shakmaty", feature = "cozy-chess"))]
pub mod interop;
mod line;
mod mirror;
mod name;
mod parse_rank;
mod parse_start;
mod position;
#[cfg(feature = "rand")]
mod random;
mod rules;
#[cfg(feature = "serde")]
mod serialize;

pub use board::{Color, File, Piece, Rank, Square, UciMove};
pub use dfrc::DoubleStartingPosition;
pub use excerpt::Excerpt;
pub use name::ParseNameError;
pub use parse_rank::ParseBackRankError;
pub use parse_start::ParseStartError;
pub use position::{IdError, StartingPosition};
pub use rules::BackRankError;

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

#[doc = include_str!("../docs/event-draws.md")]
#[cfg(all(doctest, feature = "sha2"))]
pub struct EventDrawsDoctests;
