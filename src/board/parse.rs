//! Text → a board word: `FromStr` for [`File`], [`Rank`], [`Square`], [`Color`] and [`Piece`],
//! and [`ParseError`], which names the text and what was expected.

use core::fmt;
use core::str::FromStr;

use super::{Color, File, Piece, Rank, Square};

/// Text that is not the board word asked for: which word was expected, and the text found (up
/// to its first 8 bytes).
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

/// The start of a text that did not parse: up to 8 bytes, cut at a character boundary. `Copy`,
/// so that a [`ParseError`] owns it.
///
/// ```
/// let err = "a very long word".parse::<chess960::Piece>().unwrap_err();
/// assert_eq!(err.found().as_str(), "a very l");
/// assert!(err.found().is_cut());
/// assert_eq!(format!("{:?}", err.found()), r#""a very l…""#);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Found {
    bytes: [u8; 8],
    len: u8,
    cut: bool,
}

impl Found {
    fn new(text: &str) -> Found {
        let mut len = text.len().min(8);
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; 8];
        for (slot, byte) in bytes.iter_mut().zip(text.bytes().take(len)) {
            *slot = byte;
        }
        Found {
            bytes,
            len: len as u8,
            cut: len < text.len(),
        }
    }

    /// The bytes kept, as text.
    ///
    /// ```
    /// let err = "♙".parse::<chess960::Piece>().unwrap_err();
    /// assert_eq!(err.found().as_str(), "♙");
    /// ```
    pub fn as_str(&self) -> &str {
        let kept = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        core::str::from_utf8(kept).unwrap_or_default()
    }

    /// Whether the text was longer than what is kept.
    ///
    /// ```
    /// assert!(!"z".parse::<chess960::Rank>().unwrap_err().found().is_cut());
    /// ```
    pub const fn is_cut(&self) -> bool {
        self.cut
    }
}

/// The text kept, quoted, with `…` when it was cut.
impl fmt::Debug for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cut {
            false => write!(f, "{:?}", self.as_str()),
            true => write!(f, "\"{}…\"", self.as_str().escape_debug()),
        }
    }
}

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
            .ok_or(ParseError::File {
                found: Found::new(text),
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
            .ok_or(ParseError::Rank {
                found: Found::new(text),
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
        Square::from_ascii(text.as_bytes()).ok_or(ParseError::Square {
            found: Found::new(text),
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
                found: Found::new(text),
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
                found: Found::new(text),
            }),
        }
    }
}
