//! FENs that are not a Chess960 start position: [`ParseFenError`], naming the field.

use core::fmt;

use super::write::shredder_castling;
use crate::board::File;
use crate::position::StartingPosition;
use crate::rules::BackRankError;

/// A field of a FEN, named in errors. A FEN is its placement alone, its first four fields, or
/// all six ([`FenReader::read`](super::FenReader::read)), so what [`ParseFenError::Missing`]
/// names is the castling rights or the en passant square after a side to move, or the fullmove
/// number after a halfmove clock.
///
/// ```
/// assert_eq!(chess960::fen::FenField::Castling.to_string(), "castling");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum FenField {
    /// The piece placement.
    Placement,
    /// The side to move.
    SideToMove,
    /// The castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// The halfmove clock.
    HalfmoveClock,
    /// The fullmove number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        })
    }
}

/// A FEN that is not a Chess960 start position, naming the field and what it should be.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::fen::{FenField, FenReader, ParseFenError};
///
/// let err = FenReader::STRICT.read::<StartingPosition>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq").unwrap_err();
/// assert_eq!(err, ParseFenError::Missing { field: FenField::EnPassant });
/// assert_eq!(err.to_string(), "en passant: missing (expected -)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseFenError {
    /// Nothing but white space: not even a piece placement.
    Empty,
    /// More than the six fields of a FEN.
    TooManyFields {
        /// How many there are.
        found: usize,
    },
    /// The FEN has a side to move but stops before this field.
    Missing {
        /// The first missing field.
        field: FenField,
    },
    /// The placement does not have eight ranks.
    RankCount {
        /// How many `/`-separated ranks there are.
        found: usize,
    },
    /// A back rank (1 or 8) is not eight characters long. (A character that is not a piece of
    /// that side's colour is [`ParseFenError::BackRankSymbol`].)
    BackRankLength {
        /// 1 (White) or 8 (Black).
        rank: u8,
        /// Its length in characters (not bytes).
        chars: usize,
    },
    /// A back rank of eight characters holds one that is not a piece letter in its side's case
    /// (uppercase `K Q R B N` on rank 1, lowercase on rank 8): the first such.
    BackRankSymbol {
        /// 1 (White) or 8 (Black).
        rank: u8,
        /// The square's file.
        file: File,
        /// The character found there.
        symbol: char,
    },
    /// A back rank is eight pieces of its side but not a Chess960 back rank.
    BackRank {
        /// 1 (White) or 8 (Black).
        rank: u8,
        /// The rule it breaks.
        error: BackRankError,
    },
    /// Rank 2 is not `PPPPPPPP` or rank 7 not `pppppppp` (checked rank 7 first).
    Pawns {
        /// 2 or 7.
        rank: u8,
    },
    /// One of ranks 3 to 6 is not written `8` (empty): the first from rank 6 down.
    NotEmpty {
        /// 3 to 6.
        rank: u8,
    },
    /// Black's back rank is not White's (it is a Double Fischer Random position).
    BlackNotWhite {
        /// White's back rank.
        white: StartingPosition,
        /// Black's back rank.
        black: StartingPosition,
    },
    /// The side to move is not `w`.
    Turn,
    /// The castling field is not full castling rights, each right once in any order, as `K`/`Q`
    /// (`k`/`q`) or the castling rooks' file letters.
    Castling {
        /// White's back rank.
        white: StartingPosition,
        /// Black's back rank.
        black: StartingPosition,
    },
    /// The en passant field is not `-`.
    EnPassant,
    /// Both counters are there, but they are not `0 1`.
    Counters,
}

impl ParseFenError {
    /// The variant's name (`Empty`, …): the `kind` of the JavaScript package's
    /// `ParseFenError`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::fen::FenReader;
    ///
    /// let black = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    /// assert_eq!(FenReader::STRICT.read::<StartingPosition>(black).unwrap_err().kind(), "Turn");
    /// assert_eq!(FenReader::STRICT.read::<StartingPosition>("").unwrap_err().kind(), "Empty");
    /// ```
    pub const fn kind(self) -> &'static str {
        match self {
            ParseFenError::Empty => "Empty",
            ParseFenError::TooManyFields { .. } => "TooManyFields",
            ParseFenError::Missing { .. } => "Missing",
            ParseFenError::RankCount { .. } => "RankCount",
            ParseFenError::BackRankLength { .. } => "BackRankLength",
            ParseFenError::BackRankSymbol { .. } => "BackRankSymbol",
            ParseFenError::BackRank { .. } => "BackRank",
            ParseFenError::Pawns { .. } => "Pawns",
            ParseFenError::NotEmpty { .. } => "NotEmpty",
            ParseFenError::BlackNotWhite { .. } => "BlackNotWhite",
            ParseFenError::Turn => "Turn",
            ParseFenError::Castling { .. } => "Castling",
            ParseFenError::EnPassant => "EnPassant",
            ParseFenError::Counters => "Counters",
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseFenError::Empty => f.write_str("empty FEN: expected a piece placement"),
            ParseFenError::TooManyFields { found } => {
                write!(f, "expected at most 6 fields, found {found}")
            }
            ParseFenError::Missing { field } => {
                let expected = match field {
                    FenField::Placement => "a piece placement",
                    FenField::SideToMove => "w",
                    FenField::Castling => "KQkq or rook files",
                    FenField::EnPassant => "-",
                    FenField::HalfmoveClock => "0",
                    FenField::FullmoveNumber => "1",
                };
                write!(f, "{field}: missing (expected {expected})")
            }
            ParseFenError::RankCount { found } => write!(
                f,
                "piece placement: expected 8 ranks separated by '/', found {found}"
            ),
            ParseFenError::BackRankLength { rank, chars } => write!(
                f,
                "rank {rank}: expected 8 {} pieces, found {chars} characters",
                side(rank)
            ),
            ParseFenError::BackRankSymbol { rank, file, symbol } => write!(
                f,
                "rank {rank}: expected a {} piece ({}) on {file}{rank}, found {symbol:?}",
                side(rank),
                if rank == 1 { "K Q R B N" } else { "k q r b n" }
            ),
            ParseFenError::BackRank { rank, error } => {
                write!(f, "rank {rank}: ")?;
                error.fmt_on_rank(f, rank)
            }
            ParseFenError::Pawns { rank } => {
                let pawns = if rank == 2 { "PPPPPPPP" } else { "pppppppp" };
                write!(
                    f,
                    "rank {rank}: expected eight {} pawns, {pawns}",
                    side(rank)
                )
            }
            ParseFenError::NotEmpty { rank } => write!(f, "rank {rank}: expected an empty rank, 8"),
            ParseFenError::BlackNotWhite { white, black } => write!(
                f,
                "rank 8: Black's back rank ({black}, SP {}) is not White's ({white}, SP {}): \
                 a Double Fischer Random position",
                black.id(),
                white.id()
            ),
            ParseFenError::Turn => f.write_str("side to move: expected w"),
            ParseFenError::Castling { white, black } => {
                let [a, b, c, d] = shredder_castling(white, black).map(char::from);
                write!(f, "castling: expected KQkq or {a}{b}{c}{d} (in any order)")
            }
            ParseFenError::EnPassant => f.write_str("en passant: expected -"),
            ParseFenError::Counters => {
                f.write_str("halfmove clock and fullmove number: expected 0 1")
            }
        }
    }
}

impl core::error::Error for ParseFenError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ParseFenError::BackRank { error, .. } => Some(error),
            _ => None,
        }
    }
}

fn side(rank: u8) -> &'static str {
    if rank <= 2 { "white" } else { "black" }
}
