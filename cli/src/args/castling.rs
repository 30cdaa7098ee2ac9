//! The castling notation, one option wherever FENs, EPD and PGN are written.

use chess960::fen::CastlingNotation;
use clap::Args;

use super::named::named;

/// The castling notation of FENs, EPD and PGN, one option wherever they are written (`fen`,
/// the lists, `fix`, `check` and `eval`): `--castling x-fen|shredder`.
#[derive(Args)]
pub struct CastlingOption {
    /// Castling letters: KQkq (x-fen) or the rooks' files (shredder, e.g. HAha).
    #[arg(long, value_name = "NOTATION", default_value_t, value_parser = named::<CastlingNotation>(&CastlingNotation::NAMES))]
    pub castling: CastlingNotation,
}

impl CastlingOption {
    /// The notation asked for.
    pub fn notation(&self) -> CastlingNotation {
        self.castling
    }
}
