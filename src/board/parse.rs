//! Text → a board word: `FromStr` for [`File`], [`Rank`], [`Square`], [`Color`] and [`Piece`],
//! and [`ParseError`], which names the text and what was expected.

use core::fmt;
use core::str::FromStr;

use super::{Color, File, Piece, Rank, Square};
use crate::excerpt::Excerpt;

/// What a [`ParseError`] keeps of the text: its first 8 bytes.
pub type Found = Excerpt<8>;

/// Text that is not the board word asked for: which word was expected, and the text found (its
/// first 8 bytes, [`Found`]).
///
/// ```
/// use chess960::{Color, Square};
/// use chess960::board::ParseError;
///
/// let err = "e9".parse::<Square>().unwrap_err();
/// assert!(matches!(err, ParseError::Square { .. }));
/// assert_eq!(err.to_string(), r#""e9" is not a square: expected a file a-h, then a rank 1-8"#);
/// assert_eq!(err.found().as_str(), "e9");
///
/// let err = "purple".parse::<Color>().unwrap_err();
/// assert_eq!(err.to_string(), r#""purple" is not a color: expected white, black, w or b"#);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a file letter `a`-`h`.
    File {
        /// The text found.
        found: Found,
    },
    /// Not a rank digit `1`-`8`.
    Rank {
        /// The text found.
        found: Found,
    },
    /// Not a square: a file letter `a`-`h`, then a rank digit `1`-`8`.
    Square {
        /// The text found.
        found: Found,
    },
    /// Not `white`, `black`, `w` or `b` (either case).
    Color {
        /// The text found.
        found: Found,
    },
    /// Not a back-rank piece: a letter `K Q R B N` (either case) or a symbol ♔♕♖♗♘ ♚♛♜♝♞.
    Piece {
        /// The text found.
        found: Found,
    },
}

impl ParseError {
    /// The text that was not the word.
    ///
    /// ```
    /// let err = "x".parse::<chess960::File>().unwrap_err();
    /// assert_eq!(err.found().as_str(), "x");
    /// ```
    pub const fn found(&self) -> Found {
        match *self {
            ParseError::File { found }
            | ParseError::Rank { found }
            | ParseError::Square { found }
            | ParseError::Color { found }
            | ParseError::Piece { found } => found,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, rule) = match self {
            ParseError::File { .. } => ("a file", "a letter a-h"),
            ParseError::Rank { .. } => ("a rank", "a digit 1-8"),
            ParseError::Square { .. } => ("a square", "a file a-h, then a rank 1-8"),
            ParseError::Color { .. } => ("a color", "white, black, w or b"),
            ParseError::Piece { .. } => (
                "a piece",
                "a letter K, Q, R, B or N (either case) or a chess symbol",
            ),
        };
        write!(f, "{:?} is not {what}: expected {rule}", self.found())
    }
}

impl core::error::Error for ParseError {}

fn one_byte(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [byte] => Some(*byte),
        _ => None,
    }
}

/// A lowercase letter `a`-`h`, as squares are written.
///
/// ```
/// assert_eq!("c".parse(), Ok(chess960::File::C));
/// assert!("C".parse::<chess960::File>().is_err());
/// ```
impl FromStr for File {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<File, ParseError> {
        one_byte(text)
            .and_then(File::from_ascii)
            .ok_or_else(|| ParseError::File {
                found: Excerpt::new(text),
            })
    }
}

/// A digit `1`-`8`.
///
/// ```
/// assert_eq!("8".parse(), Ok(chess960::Rank::Eighth));
/// ```
impl FromStr for Rank {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Rank, ParseError> {
        one_byte(text)
            .and_then(Rank::from_ascii)
            .ok_or_else(|| ParseError::Rank {
                found: Excerpt::new(text),
            })
    }
}

/// A file letter and a rank digit, such as `e1` ([`Square::from_ascii`]).
///
/// ```
/// assert_eq!("h8".parse::<chess960::Square>().map(|sq| sq.index()), Ok(63));
/// ```
impl FromStr for Square {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Square, ParseError> {
        Square::from_ascii(text.as_bytes()).ok_or_else(|| ParseError::Square {
            found: Excerpt::new(text),
        })
    }
}

/// `white` or `black` as [`Color`]'s `Display` writes them, or FEN's `w` and `b`; either case.
///
/// ```
/// use chess960::Color;
///
/// assert_eq!("b".parse(), Ok(Color::Black));
/// assert_eq!("White".parse(), Ok(Color::White));
/// ```
impl FromStr for Color {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Color, ParseError> {
        let is = |word: &str| text.eq_ignore_ascii_case(word);
        match () {
            _ if is("white") || is("w") => Ok(Color::White),
            _ if is("black") || is("b") => Ok(Color::Black),
            _ => Err(ParseError::Color {
                found: Excerpt::new(text),
            }),
        }
    }
}

/// One letter (either case) or chess symbol ([`Piece::from_char`]).
///
/// ```
/// assert_eq!("♞".parse(), Ok(chess960::Piece::Knight));
/// assert_eq!("q".parse(), Ok(chess960::Piece::Queen));
/// ```
impl FromStr for Piece {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Piece, ParseError> {
        let mut chars = text.chars();
        match (chars.next().and_then(Piece::from_char), chars.next()) {
            (Some(piece), None) => Ok(piece),
            _ => Err(ParseError::Piece {
                found: Excerpt::new(text),
            }),
        }
    }
}
