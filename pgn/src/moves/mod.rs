//! Every game's moves: its mainline replayed from its start and checked move by move, written
//! back as UCI and as canonical SAN. Move generation is cozy-chess's (MIT); reading SAN is
//! ours, as lenient as python-chess's `read_game` and agreeing with it move for move.
//!
//! ```
//! use chess960_pgn::moves::{Replay, UciCastling};
//!
//! let pgn = b"[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n\
//!             1. d4 {a comment} d5 2. Ng3 (2. Nc3 Nc6) 2... Ng6 3. O-O! 0-0 $1 1/2-1/2\n";
//! let replay = Replay::of_pgn(pgn);
//! let uci: Vec<String> = replay.uci(UciCastling::KingTakesRook).map(|mv| mv.to_string()).collect();
//! assert_eq!(uci, ["d2d4", "d7d5", "f1g3", "f8g6", "g1h1", "g8h8"]);
//! let san: Vec<String> = replay.san().map(|mv| mv.to_string()).collect();
//! assert_eq!(san, ["d4", "d5", "Ng3", "Ng6", "O-O", "O-O"]);
//! assert!(replay.error().is_none());
//! ```
//!
//! # What is read
//!
//! - The start: the FEN tag (up to six fields; castling in X-FEN or Shredder letters, kept as
//!   python-chess keeps them), or the standard start. Games of other variants are not replayed.
//! - The mainline's words: move numbers (`12.`, `12...`), results, NAGs (`$1`), `!?`-style and
//!   `+-`-style annotations, `e.p.` are skipped, as are `{ }` and `;` comments, `%` lines and
//!   `( )` variations; `+`, `#`, `!`, `?` after a move are dropped, and so is `ep` or `e.p.`
//!   written onto a pawn's move (`exd6ep`), as python-chess's `read_game` drops it.
//! - A move: SAN (`Nf3`, `exd5`, `e8=Q`, `e8Q`, over-disambiguated `Ng1f3`, `Ng1-f3`),
//!   both squares (`e2e4`), castling as `O-O`, `0-0`, `O-O-O`, `0-0-0`, or the king's move
//!   onto its rook by both squares (`e1h1`); in standard chess also the king's two squares by
//!   both squares (`e1g1`), but not as a king's move (`Kg1`), which python-chess refuses.
//!   `--`, `Z0`, `0000` and `@@@@` are null moves, kept (`0000` in UCI).
//! - Anything else is an error, [`MoveError`]: the first word that is not a move
//!   ([`Why::Unreadable`]), names no legal move ([`Why::Illegal`]: a king "taking" its own
//!   rook as `Kxh1` among them, which python-chess refuses too), or several
//!   ([`Why::Ambiguous`]).

#[cfg(test)]
mod cross_check;
mod error;
mod replay;
mod resolve;
mod san;
mod start;
#[cfg(test)]
mod tests;
mod uci;
mod words;
mod write_san;

pub(crate) use error::Shown;
pub use error::{InGame, MAX_PLIES, MoveError, Why};
pub use replay::Replay;
pub use start::BadFen;
pub use start::Setup;
pub use uci::UciCastling;
pub use uci::uci;
pub use words::WORD;
pub use write_san::SanMove;
pub use write_san::san;
