//! Typed errors. Each message names the offending input and the rule it breaks.

use core::fmt;

use crate::{File, Numbering, Piece};

/// A number outside the range of its numbering.
///
/// ```
/// use chess960::{IdError, Numbering, StartingPosition};
///
/// let err = StartingPosition::from_id(960).unwrap_err();
/// assert_eq!(err, IdError::OutOfRange { id: 960, numbering: Numbering::Scharnagl });
/// assert_eq!(err.to_string(), "id 960 is not in 0..=959");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum IdError {
    /// A starting position's number is outside its numbering's range.
    OutOfRange {
        /// The number given.
        id: u16,
        /// The numbering it was read in.
        numbering: Numbering,
    },
    /// A Double Fischer Random number is 921,600 or more.
    DfrcOutOfRange {
        /// The number given.
        number: u32,
    },
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IdError::OutOfRange { id, numbering } => {
                let (low, high) = numbering.range();
                write!(f, "{numbering} {id} is not in {low}..={high}")
            }
            IdError::DfrcOutOfRange { number } => {
                write!(
                    f,
                    "Double Fischer Random number {number} is not in 0..=921599"
                )
            }
        }
    }
}

impl core::error::Error for IdError {}

/// Eight pieces that are not a Chess960 back rank, and the first rule they break
/// (checked in this order: piece counts, bishops' colours, king between the rooks).
///
/// ```
/// use chess960::{ArrangementError, File, StartingPosition};
/// use chess960::Piece::{Bishop as B, King as K, Knight as N, Queen as Q, Rook as R};
///
/// let err = StartingPosition::from_pieces([R, N, B, Q, K, N, B, R]).unwrap_err();
/// assert_eq!(err, ArrangementError::BishopsSameColour { files: [File::C, File::G] });
/// assert_eq!(err.to_string(), "bishops on same-coloured squares (c1, g1)");
///
/// let err = StartingPosition::from_pieces([K, R, B, Q, R, B, N, N]).unwrap_err();
/// assert_eq!(err.to_string(), "king on a1 is not between the rooks (b1, e1)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ArrangementError {
    /// A piece occurs a wrong number of times (one king, one queen, two of each other piece).
    PieceCount {
        /// The first piece, in [`Piece::ALL`] order, whose count is wrong.
        piece: Piece,
        /// How many of it there are.
        found: u8,
    },
    /// Both bishops stand on squares of one colour.
    BishopsSameColour {
        /// The bishops' files, a to h.
        files: [File; 2],
    },
    /// The king does not stand between the two rooks.
    KingNotBetweenRooks {
        /// The king's file.
        king: File,
        /// The rooks' files, a to h.
        rooks: [File; 2],
    },
}

impl fmt::Display for ArrangementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_on_rank(f, 1)
    }
}

impl ArrangementError {
    /// The message, naming squares on `rank` (1 for White's back rank, 8 for Black's).
    pub(crate) fn fmt_on_rank(&self, f: &mut fmt::Formatter<'_>, rank: u8) -> fmt::Result {
        match *self {
            ArrangementError::PieceCount { piece, found } => {
                let expected = piece.count_on_back_rank();
                write!(
                    f,
                    "{found} {}, expected {expected}",
                    piece_name(piece, found)
                )
            }
            ArrangementError::BishopsSameColour { files: [a, b] } => {
                write!(f, "bishops on same-coloured squares ({a}{rank}, {b}{rank})")
            }
            ArrangementError::KingNotBetweenRooks {
                king,
                rooks: [a, b],
            } => write!(
                f,
                "king on {king}{rank} is not between the rooks ({a}{rank}, {b}{rank})"
            ),
        }
    }
}

impl core::error::Error for ArrangementError {}

fn piece_name(piece: Piece, count: u8) -> &'static str {
    let [one, many] = match piece {
        Piece::King => ["king", "kings"],
        Piece::Queen => ["queen", "queens"],
        Piece::Rook => ["rook", "rooks"],
        Piece::Bishop => ["bishop", "bishops"],
        Piece::Knight => ["knight", "knights"],
    };
    if count == 1 { one } else { many }
}

/// Text that is not a back rank.
///
/// ```
/// use chess960::{ParseError, StartingPosition};
///
/// let err = "RNBQKBN".parse::<StartingPosition>().unwrap_err();
/// assert_eq!(err, ParseError::Length { chars: 7 });
/// assert_eq!(err.to_string(), "expected 8 pieces, found 7 characters");
///
/// let err = "RNBQKBNP".parse::<StartingPosition>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown symbol 'P' at h1: expected K, Q, R, B, N (either case) or a chess piece symbol");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// The text (after trimming white space) is not eight characters long.
    Length {
        /// Its length in characters (not bytes).
        chars: usize,
    },
    /// A character is not a piece letter or symbol.
    UnknownSymbol {
        /// The character.
        symbol: char,
        /// Its file: the character's position among the eight.
        file: File,
    },
    /// Eight pieces, but not a Chess960 back rank.
    Arrangement(ArrangementError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::Length { chars } => {
                let s = if chars == 1 { "" } else { "s" };
                write!(f, "expected 8 pieces, found {chars} character{s}")
            }
            ParseError::UnknownSymbol { symbol, file } => write!(
                f,
                "unknown symbol {symbol:?} at {}1: expected K, Q, R, B, N (either case) or a chess piece symbol",
                file.to_char()
            ),
            ParseError::Arrangement(err) => fmt::Display::fmt(&err, f),
        }
    }
}

/// The message of [`ParseError::Arrangement`] is its inner error's, so `source` is `None`.
impl core::error::Error for ParseError {}

impl From<ArrangementError> for ParseError {
    fn from(err: ArrangementError) -> Self {
        ParseError::Arrangement(err)
    }
}
