//! Text → back rank: pieces as letters (either case) and Unicode chess symbols, read and
//! written; `impl FromStr for StartingPosition` and its [`ParseBackRankError`]; and the reading
//! of eight symbols that the FEN reader shares.

use core::fmt;
use core::str::FromStr;

use crate::board::{File, Piece};
use crate::position::StartingPosition;
use crate::rules::BackRankError;

impl Piece {
    /// The piece for an ASCII letter, either case (`K Q R B N`).
    ///
    /// ```
    /// use chess960::Piece;
    ///
    /// assert_eq!(Piece::from_ascii(b'q'), Some(Piece::Queen));
    /// assert_eq!(Piece::from_ascii(b'P'), None);
    /// ```
    #[inline]
    pub const fn from_ascii(letter: u8) -> Option<Piece> {
        match letter.to_ascii_uppercase() {
            b'K' => Some(Piece::King),
            b'Q' => Some(Piece::Queen),
            b'R' => Some(Piece::Rook),
            b'B' => Some(Piece::Bishop),
            b'N' => Some(Piece::Knight),
            _ => None,
        }
    }

    /// The piece for a letter (either case) or a white or black Unicode chess symbol.
    ///
    /// ```
    /// use chess960::Piece;
    ///
    /// for c in ['K', 'k', '♔', '♚'] {
    ///     assert_eq!(Piece::from_char(c), Some(Piece::King));
    /// }
    /// assert_eq!(Piece::from_char('♙'), None); // pawns are not back-rank pieces
    /// ```
    pub const fn from_char(c: char) -> Option<Piece> {
        match c {
            '♔' | '♚' => Some(Piece::King),
            '♕' | '♛' => Some(Piece::Queen),
            '♖' | '♜' => Some(Piece::Rook),
            '♗' | '♝' => Some(Piece::Bishop),
            '♘' | '♞' => Some(Piece::Knight),
            _ if c.is_ascii() => Piece::from_ascii(c as u8),
            _ => None,
        }
    }

    /// The white Unicode symbol (♔♕♖♗♘).
    ///
    /// ```
    /// assert_eq!(chess960::Piece::Queen.white_symbol(), '♕');
    /// ```
    pub const fn white_symbol(self) -> char {
        match self {
            Piece::King => '♔',
            Piece::Queen => '♕',
            Piece::Rook => '♖',
            Piece::Bishop => '♗',
            Piece::Knight => '♘',
        }
    }

    /// The black Unicode symbol (♚♛♜♝♞).
    ///
    /// ```
    /// assert_eq!(chess960::Piece::Queen.black_symbol(), '♛');
    /// ```
    pub const fn black_symbol(self) -> char {
        match self {
            Piece::King => '♚',
            Piece::Queen => '♛',
            Piece::Rook => '♜',
            Piece::Bishop => '♝',
            Piece::Knight => '♞',
        }
    }
}

/// Eight piece letters (`K Q R B N`, either case) or Unicode chess symbols (white ♔♕♖♗♘ or
/// black ♚♛♜♝♞), files a to h; white space around them is ignored.
///
/// ```
/// use chess960::StartingPosition;
///
/// for text in ["RNBQKBNR", "rnbqkbnr", "♖♘♗♕♔♗♘♖", "♜♞♝♛♚♝♞♜", " RNBQKBNR\n"] {
///     assert_eq!(text.parse::<StartingPosition>()?, StartingPosition::STANDARD);
/// }
/// # Ok::<(), chess960::ParseBackRankError>(())
/// ```
impl FromStr for StartingPosition {
    type Err = ParseBackRankError;

    #[inline]
    fn from_str(text: &str) -> Result<StartingPosition, ParseBackRankError> {
        // Eight letters, the usual input, are looked up as they are, inlined into the caller;
        // only a miss, white space or other characters take the slow road, out of line.
        match lookup_letters(text) {
            Some(sp) => Ok(sp),
            None => parse_slowly(text),
        }
    }
}

/// [`StartingPosition::from_str`] for text that is not eight letters of a back rank as it
/// stands: trimmed, then read piece by piece so that an error names the broken rule.
#[inline(never)]
fn parse_slowly(text: &str) -> Result<StartingPosition, ParseBackRankError> {
    let trimmed = text.trim();
    // `from_str` has looked the text up as it stands; only a trimmed copy is new.
    if trimmed.len() < text.len() {
        if let Some(sp) = lookup_letters(trimmed) {
            return Ok(sp);
        }
    }
    let pieces = eight_pieces(trimmed, Piece::from_char).map_err(|err| match err {
        NotEightPieces::Length { chars } => ParseBackRankError::Length { chars },
        NotEightPieces::Symbol { symbol, file } => {
            ParseBackRankError::UnknownSymbol { symbol, file }
        }
    })?;
    Ok(StartingPosition::from_pieces(pieces)?)
}

/// The position whose back rank `text` spells in eight ASCII letters, either case, if any.
#[inline]
fn lookup_letters(text: &str) -> Option<StartingPosition> {
    let letters = <[u8; 8]>::try_from(text.as_bytes()).ok()?;
    // Uppercase in one step: clearing bit 5 of every byte. A byte becomes K, Q, R, B or N
    // only if it is that letter in either case, so the lookup hits exactly when the text
    // is a back rank's letters.
    let upper = u64::from_ne_bytes(letters) & 0xdfdf_dfdf_dfdf_dfdf;
    StartingPosition::lookup_ascii(upper.to_ne_bytes())
}

/// Why text is not eight pieces: the error [`eight_pieces`] gives, for its caller to name.
pub(crate) enum NotEightPieces {
    /// Not eight characters long.
    Length {
        /// How many characters there are.
        chars: usize,
    },
    /// The first character that `piece` does not read as a piece.
    Symbol {
        /// The character.
        symbol: char,
        /// Its file: its position among the eight.
        file: File,
    },
}

/// Eight characters as pieces, files a to h, each read by `piece`.
pub(crate) fn eight_pieces(
    text: &str,
    piece: impl Fn(char) -> Option<Piece>,
) -> Result<[Piece; 8], NotEightPieces> {
    let chars = text.chars().count();
    if chars != 8 {
        return Err(NotEightPieces::Length { chars });
    }
    let mut pieces = [Piece::King; 8];
    for ((slot, symbol), file) in pieces.iter_mut().zip(text.chars()).zip(File::ALL) {
        *slot = piece(symbol).ok_or(NotEightPieces::Symbol { symbol, file })?;
    }
    Ok(pieces)
}

/// Text that is not a back rank.
///
/// ```
/// use chess960::{ParseBackRankError, StartingPosition};
///
/// let err = "RNBQKBN".parse::<StartingPosition>().unwrap_err();
/// assert_eq!(err, ParseBackRankError::Length { chars: 7 });
/// assert_eq!(err.to_string(), "expected 8 pieces, found 7 characters");
///
/// let err = "RNBQKBNP".parse::<StartingPosition>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown symbol 'P' at h1: expected K, Q, R, B, N (either case) or a chess piece symbol");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseBackRankError {
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
    BackRank(BackRankError),
}

impl ParseBackRankError {
    /// The variant's name (`Length`, …): the `kind` of the JavaScript package's
    /// `ParseBackRankError`.
    ///
    /// ```
    /// use chess960::StartingPosition;
    ///
    /// assert_eq!("RNBQKBN".parse::<StartingPosition>().unwrap_err().kind(), "Length");
    /// assert_eq!("RNBQKBNX".parse::<StartingPosition>().unwrap_err().kind(), "UnknownSymbol");
    /// assert_eq!("KRNBQBNR".parse::<StartingPosition>().unwrap_err().kind(), "BackRank");
    /// ```
    pub const fn kind(self) -> &'static str {
        match self {
            ParseBackRankError::Length { .. } => "Length",
            ParseBackRankError::UnknownSymbol { .. } => "UnknownSymbol",
            ParseBackRankError::BackRank(_) => "BackRank",
        }
    }
}

impl fmt::Display for ParseBackRankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseBackRankError::Length { chars } => {
                let s = if chars == 1 { "" } else { "s" };
                write!(f, "expected 8 pieces, found {chars} character{s}")
            }
            ParseBackRankError::UnknownSymbol { symbol, file } => write!(
                f,
                "unknown symbol {symbol:?} at {}1: expected K, Q, R, B, N (either case) or a chess piece symbol",
                file.to_char()
            ),
            ParseBackRankError::BackRank(err) => fmt::Display::fmt(&err, f),
        }
    }
}

/// The message of [`ParseBackRankError::BackRank`] is its inner error's, so `source` is `None`.
impl core::error::Error for ParseBackRankError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ParseBackRankError::BackRank(err) => Some(err),
            _ => None,
        }
    }
}

impl From<BackRankError> for ParseBackRankError {
    fn from(err: BackRankError) -> Self {
        ParseBackRankError::BackRank(err)
    }
}
