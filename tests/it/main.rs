//! The library's integration tests, one binary: each module checks one concern against an
//! independent second method, over every input where the space allows.

#![cfg(test)]

mod board;
mod book;
mod castling;
#[cfg(feature = "cozy-chess")]
mod cozy_chess;
mod cross_check;
mod dfrc;
mod direct;
mod draw;
mod errors;
mod exhaustive;
mod fen;
mod game;
mod numberings;
mod position_set;
mod properties;
mod random;
mod repair;
#[cfg(feature = "shakmaty")]
mod shakmaty;
mod snapshots;
mod static_size;
mod turned;
mod uniform;
