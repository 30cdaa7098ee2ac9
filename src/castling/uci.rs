//! Moves in UCI, and castling moves between its two spellings: the king taking its own rook
//! (`e1h1`, UCI_Chess960) and the king moving two squares (`e1g1`, standard UCI).

use core::fmt;
use core::str::FromStr;

use crate::castling::Castling;
use crate::{CastlingSide, Colour, DoubleStartingPosition, Piece, Rank, Square, StartingPosition};
use crate::{File, UciError};

/// A move as UCI writes it: from-square, to-square and an optional promotion piece
/// (`e2e4`, `e7e8q`), or the null move `0000`. `Copy`, 3 bytes.
///
/// ```
/// use chess960::UciMove;
///
/// let mv: UciMove = "e7e8q".parse()?;
/// assert_eq!((mv.from().to_string(), mv.to().to_string()), ("e7".into(), "e8".into()));
/// assert_eq!(mv.promotion(), Some(chess960::Piece::Queen));
/// assert_eq!(mv.to_string(), "e7e8q");
/// assert_eq!("e2e2".parse::<UciMove>().unwrap_err().to_string(), "e2e2: from and to are the same square");
/// # Ok::<(), chess960::UciError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UciMove {
    from: Square,
    to: Square,
    promotion: Option<Piece>,
}

const A1: Square = Square::new(File::A, Rank::First);

impl UciMove {
    /// The null move, `0000`.
    ///
    /// ```
    /// use chess960::UciMove;
    ///
    /// assert_eq!("0000".parse::<UciMove>(), Ok(UciMove::NULL));
    /// assert_eq!(UciMove::NULL.to_string(), "0000");
    /// ```
    pub const NULL: UciMove = UciMove {
        from: A1,
        to: A1,
        promotion: None,
    };

    /// The move from `from` to `to`, without promotion.
    ///
    /// ```
    /// use chess960::{File, Rank, Square, UciMove};
    ///
    /// let mv = UciMove::new(Square::new(File::E, Rank::Second), Square::new(File::E, Rank::Fourth));
    /// assert_eq!(mv.to_string(), "e2e4");
    /// ```
    #[inline]
    pub const fn new(from: Square, to: Square) -> UciMove {
        UciMove {
            from,
            to,
            promotion: None,
        }
    }

    /// The square the move starts from (a1 for the null move).
    ///
    /// ```
    /// assert_eq!("g1f3".parse::<chess960::UciMove>()?.from().to_string(), "g1");
    /// # Ok::<(), chess960::UciError>(())
    /// ```
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the move goes to (for castling as king takes rook, the rook's square).
    ///
    /// ```
    /// assert_eq!("g1f3".parse::<chess960::UciMove>()?.to().to_string(), "f3");
    /// # Ok::<(), chess960::UciError>(())
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The piece a pawn promotes to, if any: queen, rook, bishop or knight.
    ///
    /// ```
    /// use chess960::{Piece, UciMove};
    ///
    /// assert_eq!("a2a1n".parse::<UciMove>()?.promotion(), Some(Piece::Knight));
    /// assert_eq!("a2a3".parse::<UciMove>()?.promotion(), None);
    /// # Ok::<(), chess960::UciError>(())
    /// ```
    #[inline]
    pub const fn promotion(self) -> Option<Piece> {
        self.promotion
    }

    /// Whether this is the null move, `0000`.
    ///
    /// ```
    /// assert!(chess960::UciMove::NULL.is_null());
    /// ```
    #[inline]
    pub const fn is_null(self) -> bool {
        self.from.index() == self.to.index()
    }

    /// Reads a move in UCI from ASCII bytes: two squares and an optional lowercase promotion
    /// letter (`q`, `r`, `b`, `n`), or `0000`.
    ///
    /// # Errors
    ///
    /// A [`UciError`] naming the first character that is wrong, or the length.
    ///
    /// ```
    /// use chess960::{UciError, UciMove};
    ///
    /// const CASTLE: Result<UciMove, UciError> = UciMove::from_ascii(b"e1h1");
    /// assert_eq!(CASTLE.map(|m| m.to().to_string()).as_deref(), Ok("h1"));
    /// assert_eq!(UciMove::from_ascii(b"e1i1"), Err(UciError::File { at: 3, symbol: 'i' }));
    /// ```
    pub const fn from_ascii(text: &[u8]) -> Result<UciMove, UciError> {
        let mut chars = ['\0'; 5];
        let (mut slots, mut bytes): (&mut [char], &[u8]) = (&mut chars, text);
        while let ([slot, slots_after @ ..], [byte, bytes_after @ ..]) = (slots, bytes) {
            *slot = *byte as char;
            (slots, bytes) = (slots_after, bytes_after);
        }
        parse(chars, text.len())
    }
}

/// The four or five characters of a move, the first five of `len`.
const fn parse(chars: [char; 5], len: usize) -> Result<UciMove, UciError> {
    if len != 4 && len != 5 {
        return Err(UciError::Length { chars: len });
    }
    let [from_file, from_rank, to_file, to_rank, promotion] = chars;
    if len == 4 && from_file == '0' && from_rank == '0' && to_file == '0' && to_rank == '0' {
        return Ok(UciMove::NULL);
    }
    let from = match square(from_file, from_rank, 1) {
        Ok(square) => square,
        Err(err) => return Err(err),
    };
    let to = match square(to_file, to_rank, 3) {
        Ok(square) => square,
        Err(err) => return Err(err),
    };
    if from.index() == to.index() {
        return Err(UciError::SameSquare { square: from });
    }
    let promotion = match (len, promotion) {
        (4, _) => None,
        (_, 'q') => Some(Piece::Queen),
        (_, 'r') => Some(Piece::Rook),
        (_, 'b') => Some(Piece::Bishop),
        (_, 'n') => Some(Piece::Knight),
        (_, symbol) => return Err(UciError::Promotion { symbol }),
    };
    Ok(UciMove {
        from,
        to,
        promotion,
    })
}

/// The square of `file` and `rank`, characters `at` and `at + 1` (counted from 1).
const fn square(file: char, rank: char, at: usize) -> Result<Square, UciError> {
    let Some(file_of) = (if file.is_ascii() {
        File::from_ascii(file as u8)
    } else {
        None
    }) else {
        return Err(UciError::File { at, symbol: file });
    };
    let Some(rank_of) = (if rank.is_ascii() {
        Rank::from_ascii(rank as u8)
    } else {
        None
    }) else {
        return Err(UciError::Rank {
            at: at + 1,
            symbol: rank,
        });
    };
    Ok(Square::new(file_of, rank_of))
}

/// [`UciMove::from_ascii`], for text that may hold any character.
///
/// ```
/// use chess960::{UciError, UciMove};
///
/// assert_eq!("e1g1".parse::<UciMove>()?.to_string(), "e1g1");
/// assert_eq!("e1g♔".parse::<UciMove>(), Err(UciError::Rank { at: 4, symbol: '♔' }));
/// assert_eq!("O-O".parse::<UciMove>(), Err(UciError::Length { chars: 3 }));
/// # Ok::<(), UciError>(())
/// ```
impl FromStr for UciMove {
    type Err = UciError;

    fn from_str(text: &str) -> Result<UciMove, UciError> {
        let mut chars = ['\0'; 5];
        for (slot, c) in chars.iter_mut().zip(text.chars()) {
            *slot = c;
        }
        parse(chars, text.chars().count())
    }
}

/// UCI: `e2e4`, `e7e8q`, `0000`.
///
/// ```
/// assert_eq!("b7b8r".parse::<chess960::UciMove>()?.to_string(), "b7b8r");
/// # Ok::<(), chess960::UciError>(())
/// ```
impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from, self.to)?;
        match self.promotion {
            Some(piece) => fmt::Write::write_char(f, piece.to_char().to_ascii_lowercase()),
            None => Ok(()),
        }
    }
}

impl Castling {
    /// Whether `mv` is this castling, in either spelling.
    const fn is_spelled(self, mv: UciMove) -> bool {
        if mv.promotion.is_some() || mv.from.index() != self.king_from().index() {
            return false;
        }
        if mv.to.index() == self.rook_from().index() {
            return true;
        }
        match self.uci_king_two_squares() {
            Some(two_squares) => mv.to.index() == two_squares.to.index(),
            None => false,
        }
    }

    /// The other spelling of this castling than `mv`'s; `mv` if there is only one.
    const fn respell(self, mv: UciMove) -> UciMove {
        match self.uci_king_two_squares() {
            Some(two_squares) if mv.to.index() == self.rook_from().index() => two_squares,
            _ => self.uci_king_takes_rook(),
        }
    }
}

/// Castling moves in UCI, for a start position (both colours castle as it says).
impl StartingPosition {
    /// The castling `mv` makes from this start position, in either spelling: king takes rook
    /// (`e1h1`) or king two squares (`e1g1`); `None` for any other move.
    ///
    /// ```
    /// use chess960::{CastlingSide, Colour, StartingPosition, UciMove};
    ///
    /// let sp = StartingPosition::STANDARD;
    /// let castling = sp.castling_for_uci("e8c8".parse()?);
    /// assert_eq!(castling, Some(sp.castling(Colour::Black, CastlingSide::Queenside)));
    /// assert_eq!(sp.castling_for_uci("e2e4".parse()?), None);
    /// # Ok::<(), chess960::UciError>(())
    /// ```
    pub const fn castling_for_uci(self, mv: UciMove) -> Option<Castling> {
        DoubleStartingPosition::new(self, self).castling_for_uci(mv)
    }

    /// `mv` in the other UCI spelling if it is a castling that has two (`e1h1` ⇄ `e1g1`);
    /// otherwise `mv` unchanged (any other move, and castlings spelled only as king takes
    /// rook).
    ///
    /// ```
    /// use chess960::{StartingPosition, UciMove};
    ///
    /// let sp = StartingPosition::STANDARD;
    /// let convert = |mv: &str| mv.parse().map(|mv| sp.convert_uci(mv).to_string());
    /// assert_eq!(convert("e1g1")?, "e1h1");
    /// assert_eq!(convert("e8a8")?, "e8c8");
    /// assert_eq!(convert("g1f3")?, "g1f3");
    /// let sp = StartingPosition::from_id(105)?; // QNRBBNKR
    /// assert_eq!(sp.convert_uci("g1h1".parse()?).to_string(), "g1h1");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub const fn convert_uci(self, mv: UciMove) -> UciMove {
        DoubleStartingPosition::new(self, self).convert_uci(mv)
    }
}

/// Castling moves in UCI, for a Double Fischer Random start: a move on rank 1 castles as
/// White's position says, a move on rank 8 as Black's.
impl DoubleStartingPosition {
    /// [`StartingPosition::castling_for_uci`], with each colour's own position.
    ///
    /// ```
    /// use chess960::{CastlingSide, DoubleStartingPosition, StartingPosition};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::STANDARD, StartingPosition::from_id(105)?);
    /// let castling = pair.castling_for_uci("g8c8".parse()?).map(|c| c.side());
    /// assert_eq!(castling, Some(CastlingSide::Queenside));
    /// assert_eq!(pair.castling_for_uci("e8c8".parse()?), None);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub const fn castling_for_uci(self, mv: UciMove) -> Option<Castling> {
        let colour = match mv.from.rank() {
            Rank::First => Colour::White,
            Rank::Eighth => Colour::Black,
            _ => return None,
        };
        let kingside = self.castling(colour, CastlingSide::Kingside);
        let queenside = self.castling(colour, CastlingSide::Queenside);
        if kingside.is_spelled(mv) {
            Some(kingside)
        } else if queenside.is_spelled(mv) {
            Some(queenside)
        } else {
            None
        }
    }

    /// [`StartingPosition::convert_uci`], with each colour's own position.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::STANDARD);
    /// assert_eq!(pair.convert_uci("e8h8".parse()?).to_string(), "e8g8");
    /// assert_eq!(pair.convert_uci("e1g1".parse()?).to_string(), "e1g1"); // White's king is on g1
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub const fn convert_uci(self, mv: UciMove) -> UciMove {
        match self.castling_for_uci(mv) {
            Some(castling) => castling.respell(mv),
            None => mv,
        }
    }
}
