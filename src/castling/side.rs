//! [`CastlingSide`]: which rook castles, and where king and rook end up.

use core::fmt;

use crate::board::File;

/// Which rook castles: the kingside one (towards the h-file, `O-O`) or the queenside one
/// (towards the a-file, `O-O-O`).
///
/// ```
/// use chess960::File;
/// use chess960::castling::CastlingSide;
///
/// assert_eq!(CastlingSide::Kingside.king_to(), File::G);
/// assert_eq!(CastlingSide::Queenside.rook_to(), File::D);
/// assert_eq!(CastlingSide::Queenside.to_string(), "queenside");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum CastlingSide {
    /// The rook between the king and the h-file; `O-O`.
    Kingside,
    /// The rook between the a-file and the king; `O-O-O`.
    Queenside,
}

impl CastlingSide {
    /// Kingside, then queenside.
    ///
    /// ```
    /// assert_eq!(chess960::castling::CastlingSide::ALL.len(), 2);
    /// ```
    pub const ALL: [CastlingSide; 2] = [CastlingSide::Kingside, CastlingSide::Queenside];

    /// The king's destination: g (kingside) or c (queenside).
    ///
    /// ```
    /// assert_eq!(chess960::castling::CastlingSide::Queenside.king_to(), chess960::File::C);
    /// ```
    #[inline]
    pub const fn king_to(self) -> File {
        match self {
            CastlingSide::Kingside => File::G,
            CastlingSide::Queenside => File::C,
        }
    }

    /// The rook's destination: f (kingside) or d (queenside).
    ///
    /// ```
    /// assert_eq!(chess960::castling::CastlingSide::Kingside.rook_to(), chess960::File::F);
    /// ```
    #[inline]
    pub const fn rook_to(self) -> File {
        match self {
            CastlingSide::Kingside => File::F,
            CastlingSide::Queenside => File::D,
        }
    }
}

/// `kingside` or `queenside`.
///
/// ```
/// assert_eq!(chess960::castling::CastlingSide::Kingside.to_string(), "kingside");
/// ```
impl fmt::Display for CastlingSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastlingSide::Kingside => "kingside",
            CastlingSide::Queenside => "queenside",
        })
    }
}
