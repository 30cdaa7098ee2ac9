//! The back-rank table and the phf map, written by `build.rs` into `OUT_DIR`.

#![allow(clippy::unreadable_literal)]

use crate::board::Piece;

include!(concat!(env!("OUT_DIR"), "/back_ranks.rs"));
