//! Text → a move in UCI ([`UciMove`], and [`ParseUciMoveError`] naming the first character
//! that is wrong), and back.

use core::fmt;
use core::str::FromStr;

use super::{File, Piece, Rank, Square};

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
/// # Ok::<(), chess960::board::ParseUciMoveError>(())
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
    /// use chess960::File;
    /// use chess960::{Rank, Square, UciMove};
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
    /// # Ok::<(), chess960::board::ParseUciMoveError>(())
    /// ```
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the move goes to (for castling as king takes rook, the rook's square).
    ///
    /// ```
    /// assert_eq!("g1f3".parse::<chess960::UciMove>()?.to().to_string(), "f3");
    /// # Ok::<(), chess960::board::ParseUciMoveError>(())
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The piece a pawn promotes to, if any: queen, rook, bishop or knight.
    ///
    /// ```
    /// use chess960::Piece;
    /// use chess960::UciMove;
    ///
    /// assert_eq!("a2a1n".parse::<UciMove>()?.promotion(), Some(Piece::Knight));
    /// assert_eq!("a2a3".parse::<UciMove>()?.promotion(), None);
    /// # Ok::<(), chess960::board::ParseUciMoveError>(())
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
    /// A [`ParseUciMoveError`] naming the first character that is wrong, or the length.
    ///
    /// ```
    /// use chess960::UciMove;
    /// use chess960::board::ParseUciMoveError;
    ///
    /// const CASTLE: Result<UciMove, ParseUciMoveError> = UciMove::from_ascii(b"e1h1");
    /// assert_eq!(CASTLE.map(|m| m.to().to_string()).as_deref(), Ok("h1"));
    /// assert_eq!(UciMove::from_ascii(b"e1i1"), Err(ParseUciMoveError::File { at: 3, symbol: 'i' }));
    /// ```
    pub const fn from_ascii(text: &[u8]) -> Result<UciMove, ParseUciMoveError> {
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
const fn parse(chars: [char; 5], len: usize) -> Result<UciMove, ParseUciMoveError> {
    if len != 4 && len != 5 {
        return Err(ParseUciMoveError::Length { chars: len });
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
        return Err(ParseUciMoveError::SameSquare { square: from });
    }
    let promotion = match (len, promotion) {
        (4, _) => None,
        (_, 'q') => Some(Piece::Queen),
        (_, 'r') => Some(Piece::Rook),
        (_, 'b') => Some(Piece::Bishop),
        (_, 'n') => Some(Piece::Knight),
        (_, symbol) => return Err(ParseUciMoveError::Promotion { symbol }),
    };
    Ok(UciMove {
        from,
        to,
        promotion,
    })
}

/// The square of `file` and `rank`, characters `at` and `at + 1` (counted from 1).
const fn square(file: char, rank: char, at: usize) -> Result<Square, ParseUciMoveError> {
    let Some(file_of) = (if file.is_ascii() {
        File::from_ascii(file as u8)
    } else {
        None
    }) else {
        return Err(ParseUciMoveError::File { at, symbol: file });
    };
    let Some(rank_of) = (if rank.is_ascii() {
        Rank::from_ascii(rank as u8)
    } else {
        None
    }) else {
        return Err(ParseUciMoveError::Rank {
            at: at + 1,
            symbol: rank,
        });
    };
    Ok(Square::new(file_of, rank_of))
}

/// [`UciMove::from_ascii`], for text that may hold any character.
///
/// ```
/// use chess960::UciMove;
/// use chess960::board::ParseUciMoveError;
///
/// assert_eq!("e1g1".parse::<UciMove>()?.to_string(), "e1g1");
/// assert_eq!("e1g♔".parse::<UciMove>(), Err(ParseUciMoveError::Rank { at: 4, symbol: '♔' }));
/// assert_eq!("O-O".parse::<UciMove>(), Err(ParseUciMoveError::Length { chars: 3 }));
/// # Ok::<(), ParseUciMoveError>(())
/// ```
impl FromStr for UciMove {
    type Err = ParseUciMoveError;

    fn from_str(text: &str) -> Result<UciMove, ParseUciMoveError> {
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
/// # Ok::<(), chess960::board::ParseUciMoveError>(())
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

/// Text that is not a move in UCI (`e2e4`, `e7e8q`, `0000`), naming the first thing wrong.
/// Characters are counted from 1.
///
/// ```
/// use chess960::UciMove;
/// use chess960::board::ParseUciMoveError;
///
/// let err = "e9e4".parse::<UciMove>().unwrap_err();
/// assert_eq!(err, ParseUciMoveError::Rank { at: 2, symbol: '9' });
/// assert_eq!(err.to_string(), "character 2 is '9': expected a rank 1-8");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseUciMoveError {
    /// Not 4 or 5 characters long.
    Length {
        /// How many characters there are.
        chars: usize,
    },
    /// Character 1 or 3 is not a file letter `a`-`h`.
    File {
        /// Which character, 1 or 3.
        at: usize,
        /// The character found.
        symbol: char,
    },
    /// Character 2 or 4 is not a rank digit `1`-`8`.
    Rank {
        /// Which character, 2 or 4.
        at: usize,
        /// The character found.
        symbol: char,
    },
    /// Character 5 is not a promotion piece `q`, `r`, `b` or `n`.
    Promotion {
        /// The character found.
        symbol: char,
    },
    /// The move starts and ends on the same square.
    SameSquare {
        /// The square.
        square: Square,
    },
}

impl ParseUciMoveError {
    /// The variant's name (`Length`, …): the `kind` of the JavaScript package's
    /// `ParseUciMoveError`.
    ///
    /// ```
    /// use chess960::board::UciMove;
    ///
    /// assert_eq!("e2e9".parse::<UciMove>().unwrap_err().kind(), "Rank");
    /// assert_eq!("e2e2".parse::<UciMove>().unwrap_err().kind(), "SameSquare");
    /// ```
    pub const fn kind(self) -> &'static str {
        match self {
            ParseUciMoveError::Length { .. } => "Length",
            ParseUciMoveError::File { .. } => "File",
            ParseUciMoveError::Rank { .. } => "Rank",
            ParseUciMoveError::Promotion { .. } => "Promotion",
            ParseUciMoveError::SameSquare { .. } => "SameSquare",
        }
    }
}

impl fmt::Display for ParseUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseUciMoveError::Length { chars } => write!(
                f,
                "expected a move of 4 or 5 characters such as e2e4 or e7e8q, found {chars}"
            ),
            ParseUciMoveError::File { at, symbol } => {
                write!(f, "character {at} is {symbol:?}: expected a file a-h")
            }
            ParseUciMoveError::Rank { at, symbol } => {
                write!(f, "character {at} is {symbol:?}: expected a rank 1-8")
            }
            ParseUciMoveError::Promotion { symbol } => write!(
                f,
                "character 5 is {symbol:?}: expected a promotion piece q, r, b or n"
            ),
            ParseUciMoveError::SameSquare { square } => {
                write!(f, "{square}{square}: from and to are the same square")
            }
        }
    }
}

impl core::error::Error for ParseUciMoveError {}
