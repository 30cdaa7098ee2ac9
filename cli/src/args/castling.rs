//! The castling notation, one option wherever FENs, EPD and PGN are written.

use chess960::fen::CastlingNotation;
use clap::{Args, ValueEnum};

/// The castling notation of FENs, EPD and PGN, one flag wherever they are written (`fen`, the
/// lists, `fix` and `check`; `games --fix` takes a bare [`CastlingArg`]): `--castling
/// x-fen|shredder`, and `--shredder`, its older spelling.
#[derive(Args)]
pub struct CastlingOption {
    /// Castling letters: KQkq (X-FEN) or the rooks' files (Shredder-FEN, e.g. HAha).
    #[arg(long, value_enum, value_name = "NOTATION", default_value_t = CastlingArg::XFen)]
    castling: CastlingArg,
    /// `--castling shredder`.
    #[arg(long, hide = true, conflicts_with = "castling")]
    shredder: bool,
}

impl CastlingOption {
    /// The notation asked for, by either spelling.
    pub fn arg(&self) -> CastlingArg {
        match self.shredder {
            true => CastlingArg::Shredder,
            false => self.castling,
        }
    }

    /// The notation asked for.
    pub fn notation(&self) -> CastlingNotation {
        self.arg().into()
    }
}

/// A castling notation.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CastlingArg {
    /// `KQkq`.
    XFen,
    /// The rooks' files, `HAha`.
    Shredder,
}

impl From<CastlingArg> for CastlingNotation {
    fn from(arg: CastlingArg) -> CastlingNotation {
        match arg {
            CastlingArg::XFen => CastlingNotation::XFen,
            CastlingArg::Shredder => CastlingNotation::Shredder,
        }
    }
}
