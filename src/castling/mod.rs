//! Castling from a start position: where the king and the rook go, which squares must be
//! empty and which the king crosses ([`Castling`], on the board's [`Square`]s), and the move in
//! UCI in both spellings ([`UciMove`], `uci.rs`; which castling a move is, and its other
//! spelling, `respell.rs`).
//!
//! In Chess960 the destinations are those of standard chess (king to g and rook to f on the
//! kingside, king to c and rook to d on the queenside) but the starting files vary, so
//! everything else follows from the start position.
//!
//! ```
//! use chess960::StartingPosition;
//! use chess960::castling::{Castling, CastlingSide};
//! use chess960::{Color, UciMove};
//!
//! let sp = StartingPosition::from_id(105)?; // QNRBBNKR: king g1, rooks c1 and h1
//! let castling = Castling::new(sp, Color::White, CastlingSide::Queenside);
//! assert_eq!(castling.to_string(), "white queenside: king g1-c1, rook c1-d1");
//! assert_eq!(castling.must_be_empty().to_string(), "d1 e1 f1");
//!
//! // UCI: king takes rook (UCI_Chess960) and, where it exists, king two squares.
//! let mv: UciMove = "e1g1".parse()?;
//! assert_eq!(mv.respelled(StartingPosition::STANDARD).to_string(), "e1h1");
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod respell;
mod side;
mod squares;

use core::fmt;

pub use side::CastlingSide;
pub use squares::Squares;

use crate::board::{Color, File, Square, UciMove};
use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;

/// One castling of a start position: one color, one side. `Copy`, 4 bytes; every answer is
/// computed in `const fn` from the king's and the rook's starting files.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::castling::{Castling, CastlingSide};
/// use chess960::Color;
///
/// // QNRBBNKR: king on g1, rooks on c1 and h1.
/// let sp = StartingPosition::from_id(105)?;
/// let castling = Castling::new(sp, Color::White, CastlingSide::Queenside);
/// assert_eq!((castling.king_from().to_string(), castling.king_to().to_string()), ("g1".into(), "c1".into()));
/// assert_eq!((castling.rook_from().to_string(), castling.rook_to().to_string()), ("c1".into(), "d1".into()));
/// assert_eq!(castling.must_be_empty().to_string(), "d1 e1 f1");
/// assert_eq!(castling.king_passes().to_string(), "g1 f1 e1 d1 c1");
/// assert_eq!(castling.uci_king_takes_rook().to_string(), "g1c1");
/// assert_eq!(castling.uci_king_two_squares(), None);
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Castling {
    color: Color,
    side: CastlingSide,
    king: File,
    rook: File,
}

impl Castling {
    /// The castling of `color` towards `side` in `start`, from that color's own back rank
    /// (`sp.into()` for a Chess960 start, where both sides castle alike).
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Kingside);
    /// assert_eq!(castling.must_be_empty().to_string(), "f1 g1");
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::STANDARD, StartingPosition::from_id(105)?);
    /// let castling = Castling::new(pair, Color::Black, CastlingSide::Kingside);
    /// assert_eq!(castling.uci_king_takes_rook().to_string(), "g8h8");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub fn new(
        start: impl Into<DoubleStartingPosition>,
        color: Color,
        side: CastlingSide,
    ) -> Castling {
        Castling::in_pair(start.into(), color, side)
    }

    pub(crate) const fn in_pair(
        start: DoubleStartingPosition,
        color: Color,
        side: CastlingSide,
    ) -> Castling {
        let sp = match color {
            Color::White => start.white(),
            Color::Black => start.black(),
        };
        Castling::of(sp, color, side)
    }

    /// All four castlings of `start`: White kingside, White queenside, Black kingside, Black
    /// queenside.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::castling::Castling;
    ///
    /// let uci = Castling::all(StartingPosition::STANDARD).map(|c| c.uci_king_takes_rook().to_string());
    /// assert_eq!(uci, ["e1h1", "e1a1", "e8h8", "e8a8"]);
    /// let pair = DoubleStartingPosition::new(StartingPosition::STANDARD, StartingPosition::from_id(105)?);
    /// let uci = Castling::all(pair).map(|c| c.uci_king_takes_rook().to_string());
    /// assert_eq!(uci, ["e1h1", "e1a1", "g8h8", "g8c8"]);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub fn all(start: impl Into<DoubleStartingPosition>) -> [Castling; 4] {
        use CastlingSide::{Kingside, Queenside};
        use Color::{Black, White};
        let start = start.into();
        [
            Castling::in_pair(start, White, Kingside),
            Castling::in_pair(start, White, Queenside),
            Castling::in_pair(start, Black, Kingside),
            Castling::in_pair(start, Black, Queenside),
        ]
    }

    /// The castling of `color` towards `side` from the back rank `sp`.
    const fn of(sp: StartingPosition, color: Color, side: CastlingSide) -> Castling {
        let rook = match side {
            CastlingSide::Kingside => sp.kingside_rook_file(),
            CastlingSide::Queenside => sp.queenside_rook_file(),
        };
        Castling {
            color,
            side,
            king: sp.king_file(),
            rook,
        }
    }

    /// Whose castling it is.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::Black, CastlingSide::Kingside);
    /// assert_eq!(castling.color(), Color::Black);
    /// ```
    #[inline]
    pub const fn color(self) -> Color {
        self.color
    }

    /// Which rook castles.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::Black, CastlingSide::Kingside);
    /// assert_eq!(castling.side(), CastlingSide::Kingside);
    /// ```
    #[inline]
    pub const fn side(self) -> CastlingSide {
        self.side
    }

    /// The king's square before castling.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::Black, CastlingSide::Kingside);
    /// assert_eq!(castling.king_from().to_string(), "e8");
    /// ```
    #[inline]
    pub const fn king_from(self) -> Square {
        Square::new(self.king, self.color.back_rank())
    }

    /// The king's square after castling: g1 or c1 (g8 or c8 for Black).
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::Black, CastlingSide::Queenside);
    /// assert_eq!(castling.king_to().to_string(), "c8");
    /// ```
    #[inline]
    pub const fn king_to(self) -> Square {
        Square::new(self.side.king_to(), self.color.back_rank())
    }

    /// The castling rook's square before castling.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Queenside);
    /// assert_eq!(castling.rook_from().to_string(), "a1");
    /// ```
    #[inline]
    pub const fn rook_from(self) -> Square {
        Square::new(self.rook, self.color.back_rank())
    }

    /// The castling rook's square after castling: f1 or d1 (f8 or d8 for Black).
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Queenside);
    /// assert_eq!(castling.rook_to().to_string(), "d1");
    /// ```
    #[inline]
    pub const fn rook_to(self) -> Square {
        Square::new(self.side.rook_to(), self.color.back_rank())
    }

    /// The squares that must be empty, a to h: every square from the king's square to its
    /// destination and from the rook's square to its destination, both included, except the
    /// king's and this rook's own starting squares. Any piece on one of them (the other rook
    /// too) forbids the castling.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// // BBQNNRKR: the f-rook castles queenside past the knights and the queen.
    /// let sp = StartingPosition::from_id(0)?;
    /// let castling = Castling::new(sp, Color::White, CastlingSide::Queenside);
    /// assert_eq!(castling.must_be_empty().to_string(), "c1 d1 e1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn must_be_empty(self) -> Squares {
        let (king_to, rook_to) = (self.side.king_to(), self.side.rook_to());
        let files = (span(self.king, king_to) | span(self.rook, rook_to))
            & !(1 << self.king as u8)
            & !(1 << self.rook as u8);
        Squares::on_files(self.color.back_rank(), files)
    }

    /// The squares the king stands on or crosses, from its square to its destination, in the
    /// order it walks; none of them may be attacked. Just its square if it does not move.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// // QNRBBNKR: the king already stands on g1.
    /// let sp = StartingPosition::from_id(105)?;
    /// let castling = Castling::new(sp, Color::Black, CastlingSide::Kingside);
    /// assert_eq!(castling.king_passes().to_string(), "g8");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn king_passes(self) -> Squares {
        Squares::walk(self.color.back_rank(), self.king, self.side.king_to())
    }

    /// The move in UCI as the king taking its own rook, such as `e1h1`: how UCI_Chess960
    /// engines, lichess and python-chess (`chess960=True`) write every Chess960 castling.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Kingside);
    /// assert_eq!(castling.uci_king_takes_rook().to_string(), "e1h1");
    /// ```
    #[inline]
    pub const fn uci_king_takes_rook(self) -> UciMove {
        UciMove::new(self.king_from(), self.rook_from())
    }

    /// The move in standard UCI, the king moving two squares, such as `e1g1`. It exists only
    /// where the king starts on the e-file and the castling rook on the a- or h-file (the rule
    /// python-chess follows); elsewhere `None`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::Black, CastlingSide::Queenside);
    /// assert_eq!(castling.uci_king_two_squares().map(|m| m.to_string()).as_deref(), Some("e8c8"));
    /// let sp = StartingPosition::from_id(105)?;
    /// assert_eq!(Castling::new(sp, Color::White, CastlingSide::Kingside).uci_king_two_squares(), None);
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub const fn uci_king_two_squares(self) -> Option<UciMove> {
        let corner = match self.side {
            CastlingSide::Kingside => File::H,
            CastlingSide::Queenside => File::A,
        };
        if self.king as u8 == File::E as u8 && self.rook as u8 == corner as u8 {
            Some(UciMove::new(self.king_from(), self.king_to()))
        } else {
            None
        }
    }
}

/// Color, side, and the king's and rook's moves.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::castling::{Castling, CastlingSide};
/// use chess960::Color;
///
/// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Kingside);
/// assert_eq!(castling.to_string(), "white kingside: king e1-g1, rook h1-f1");
/// ```
impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: king {}-{}, rook {}-{}",
            self.color,
            self.side,
            self.king_from(),
            self.king_to(),
            self.rook_from(),
            self.rook_to()
        )
    }
}

/// The files from `a` to `b` (either may be the leftmost), both included, as bits (bit 0 = a).
const fn span(a: File, b: File) -> u8 {
    let (low, high) = if (a as u8) < b as u8 {
        (a as u8, b as u8)
    } else {
        (b as u8, a as u8)
    };
    (((1u16 << (high + 1)) - (1u16 << low)) & 0xff) as u8
}
