//! Which castling a move in UCI is, in either spelling: the king taking its own rook (`e1h1`,
//! UCI_Chess960) or the king moving two squares (`e1g1`, standard UCI); and the move in the
//! other spelling, or in the one asked for.

use super::{Castling, CastlingSide};
use crate::board::{Color, Rank, UciMove};
use crate::dfrc::DoubleStartingPosition;

impl Castling {
    /// The castling `mv` makes in `start`, in either spelling: king takes rook (`e1h1`) or king
    /// two squares (`e1g1`); `None` for any other move. A move on rank 1 castles as White's
    /// position says, a move on rank 8 as Black's.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::castling::{Castling, CastlingSide};
    /// use chess960::Color;
    ///
    /// let standard = DoubleStartingPosition::STANDARD;
    /// let castling = Castling::from_uci(standard, "e8c8".parse()?);
    /// assert_eq!(castling, Some(Castling::new(standard, Color::Black, CastlingSide::Queenside)));
    /// assert_eq!(Castling::from_uci(standard, "e2e4".parse()?), None);
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::STANDARD, StartingPosition::from_id(105)?);
    /// assert_eq!(Castling::from_uci(pair, "g8c8".parse()?).map(|c| c.side()), Some(CastlingSide::Queenside));
    /// assert_eq!(Castling::from_uci(pair, "e8c8".parse()?), None);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn from_uci(start: impl Into<DoubleStartingPosition>, mv: UciMove) -> Option<Castling> {
        Castling::from_uci_in(start.into(), mv)
    }

    const fn from_uci_in(start: DoubleStartingPosition, mv: UciMove) -> Option<Castling> {
        let color = match mv.from().rank() {
            Rank::First => Color::White,
            Rank::Eighth => Color::Black,
            _ => return None,
        };
        let kingside = Castling::in_pair(start, color, CastlingSide::Kingside);
        let queenside = Castling::in_pair(start, color, CastlingSide::Queenside);
        if kingside.is_spelled(mv) {
            Some(kingside)
        } else if queenside.is_spelled(mv) {
            Some(queenside)
        } else {
            None
        }
    }

    /// Whether `mv` is this castling, in either spelling.
    const fn is_spelled(self, mv: UciMove) -> bool {
        if mv.promotion().is_some() || mv.from().index() != self.king_from().index() {
            return false;
        }
        if mv.to().index() == self.rook_from().index() {
            return true;
        }
        match self.uci_king_two_squares() {
            Some(two_squares) => mv.to().index() == two_squares.to().index(),
            None => false,
        }
    }

    /// The other spelling of this castling than `mv`'s; `mv` if there is only one.
    const fn respell(self, mv: UciMove) -> UciMove {
        match self.uci_king_two_squares() {
            Some(two_squares) if mv.to().index() == self.rook_from().index() => two_squares,
            _ => self.uci_king_takes_rook(),
        }
    }
}

impl UciMove {
    /// This move in the other UCI spelling if it is a castling of `start` that has two
    /// (`e1h1` ⇄ `e1g1`); otherwise unchanged (any other move, and castlings spelled only as
    /// king takes rook).
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::UciMove;
    ///
    /// let standard = DoubleStartingPosition::STANDARD;
    /// let respell = |mv: &str| mv.parse::<UciMove>().map(|mv| mv.respelled(standard).to_string());
    /// assert_eq!(respell("e1g1")?, "e1h1");
    /// assert_eq!(respell("e8a8")?, "e8c8");
    /// assert_eq!(respell("g1f3")?, "g1f3");
    ///
    /// let sp = StartingPosition::from_id(105)?; // QNRBBNKR
    /// assert_eq!("g1h1".parse::<UciMove>()?.respelled(sp).to_string(), "g1h1");
    /// let pair = DoubleStartingPosition::new(sp, StartingPosition::STANDARD);
    /// assert_eq!("e8h8".parse::<UciMove>()?.respelled(pair).to_string(), "e8g8");
    /// assert_eq!("e1g1".parse::<UciMove>()?.respelled(pair).to_string(), "e1g1"); // White's king is on g1
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[must_use]
    pub fn respelled(self, start: impl Into<DoubleStartingPosition>) -> UciMove {
        match Castling::from_uci_in(start.into(), self) {
            Some(castling) => castling.respell(self),
            None => self,
        }
    }
    /// This move spelled as the king taking its own rook (`e1h1`: as `UCI_Chess960` engines,
    /// lichess and the records of `chess960-engine` write castling) if it is a castling of
    /// `start` in either spelling; otherwise unchanged.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, UciMove};
    ///
    /// let standard = DoubleStartingPosition::STANDARD;
    /// let kxr = |mv: &str| mv.parse::<UciMove>().map(|mv| mv.king_takes_rook(standard).to_string());
    /// assert_eq!(kxr("e1g1")?, "e1h1");
    /// assert_eq!(kxr("e1h1")?, "e1h1");
    /// assert_eq!(kxr("g1f3")?, "g1f3");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[must_use]
    pub fn king_takes_rook(self, start: impl Into<DoubleStartingPosition>) -> UciMove {
        match Castling::from_uci_in(start.into(), self) {
            Some(castling) => castling.uci_king_takes_rook(),
            None => self,
        }
    }

    /// This move spelled as the king moving two squares (`e1g1`, standard UCI's spelling) if
    /// it is a castling of `start` that has that spelling, as king taking rook if it is one
    /// that has not (the king beside its rook, or not on e1); otherwise unchanged.
    ///
    /// ```
    /// use chess960::{StartingPosition, UciMove};
    ///
    /// let standard = StartingPosition::STANDARD;
    /// assert_eq!("e1h1".parse::<UciMove>()?.king_two_squares(standard).to_string(), "e1g1");
    /// let sp = StartingPosition::from_id(105)?; // QNRBBNKR: only king takes rook
    /// assert_eq!("g1h1".parse::<UciMove>()?.king_two_squares(sp).to_string(), "g1h1");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[must_use]
    pub fn king_two_squares(self, start: impl Into<DoubleStartingPosition>) -> UciMove {
        match Castling::from_uci_in(start.into(), self) {
            Some(castling) => match castling.uci_king_two_squares() {
                Some(two_squares) => two_squares,
                None => castling.uci_king_takes_rook(),
            },
            None => self,
        }
    }
}
