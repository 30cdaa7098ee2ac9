//! Text → a start, or a Double Fischer Random pair, in every form the command line reads a
//! POS: a number, a back rank (letters or chess symbols), a FEN (either way up; its placement
//! alone, four fields or six), or two of the first three for White and Black (`105 451`).
//! `impl FromStr` and `Display` for [`DoubleStartingPosition`], and [`ParseStartError`].

use core::fmt;
use core::str::FromStr;

use crate::board::Piece;
use crate::dfrc::DoubleStartingPosition;
use crate::fen::{FenReader, ParseFenError};
use crate::numbering::{NumberError, Numbering};
use crate::parse_rank::ParseBackRankError;
use crate::position::StartingPosition;

impl StartingPosition {
    /// Reads one start from a number in `numbering`, a back rank or a start FEN: the
    /// grammar of [`DoubleStartingPosition`]'s `FromStr`, where the two sides must be the same.
    /// (`FromStr` for `StartingPosition` reads back ranks only.)
    ///
    /// # Errors
    ///
    /// A [`ParseStartError`] naming what the text is not; [`ParseStartError::Pair`] for two
    /// different sides.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::numbering::Numbering;
    ///
    /// assert_eq!(StartingPosition::parse_numbered("359", Numbering::Fritz)?, StartingPosition::STANDARD);
    /// assert_eq!(StartingPosition::parse_numbered("♖♘♗♕♔♗♘♖", Numbering::Scharnagl)?.id(), 518);
    /// assert!(StartingPosition::parse_numbered("105 451", Numbering::Scharnagl).is_err());
    /// # Ok::<(), chess960::ParseStartError>(())
    /// ```
    pub fn parse_numbered(text: &str, numbering: Numbering) -> Result<Self, ParseStartError> {
        DoubleStartingPosition::parse_numbered(text, numbering)?
            .single()
            .ok_or(ParseStartError::Pair)
    }
}

impl DoubleStartingPosition {
    /// Reads a pair as `FromStr` does, with numbers in `numbering` instead of Scharnagl ids.
    ///
    /// # Errors
    ///
    /// A [`ParseStartError`] naming what the text, or the first word that is wrong, is not.
    ///
    /// ```
    /// use chess960::DoubleStartingPosition;
    /// use chess960::numbering::Numbering;
    ///
    /// let pair = DoubleStartingPosition::parse_numbered("960 1", Numbering::OneBased)?;
    /// assert_eq!((pair.white().id(), pair.black().id()), (0, 1));
    /// # Ok::<(), chess960::ParseStartError>(())
    /// ```
    pub fn parse_numbered(text: &str, numbering: Numbering) -> Result<Self, ParseStartError> {
        if text.contains('/') {
            return FenReader::STRICT
                .read_either_way::<DoubleStartingPosition>(text)
                .map(|(pair, _)| pair)
                .map_err(ParseStartError::Fen);
        }
        let mut words = text.split_whitespace();
        let white = word(words.next().ok_or(ParseStartError::Empty)?, numbering)?;
        let Some(black) = words.next() else {
            return Ok(DoubleStartingPosition::new(white, white));
        };
        let black = word(black, numbering)?;
        match words.count() {
            0 => Ok(DoubleStartingPosition::new(white, black)),
            more => Err(ParseStartError::TooManyWords { words: 2 + more }),
        }
    }
}

/// One POS or two, as the command line reads them: `518`, `QNRBBNKR BRNNKQRB`, `105 451`, a
/// FEN (also a Double Fischer Random FEN, or one from a board turned 180°). Numbers are
/// Scharnagl ids; [`parse_numbered`](DoubleStartingPosition::parse_numbered) reads others.
///
/// ```
/// use chess960::DoubleStartingPosition;
///
/// let pair: DoubleStartingPosition = "105 451".parse()?;
/// assert_eq!(pair.to_string(), "QNRBBNKR BRNNKQRB");
/// assert_eq!(pair.to_string().parse::<DoubleStartingPosition>()?, pair);
/// let fen = "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1";
/// assert_eq!(fen.parse::<DoubleStartingPosition>()?, pair);
/// assert_eq!("518".parse::<DoubleStartingPosition>()?, DoubleStartingPosition::STANDARD);
/// assert_eq!("0x10".parse::<DoubleStartingPosition>().unwrap_err().to_string(), "not a number, a back rank or a FEN");
/// # Ok::<(), chess960::ParseStartError>(())
/// ```
impl FromStr for DoubleStartingPosition {
    type Err = ParseStartError;

    fn from_str(text: &str) -> Result<Self, ParseStartError> {
        DoubleStartingPosition::parse_numbered(text, Numbering::Scharnagl)
    }
}

/// White's back rank and Black's, as `FromStr` reads them back: `QNRBBNKR BRNNKQRB`.
///
/// ```
/// assert_eq!(chess960::DoubleStartingPosition::STANDARD.to_string(), "RNBQKBNR RNBQKBNR");
/// ```
impl fmt::Display for DoubleStartingPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.white(), self.black())
    }
}

/// One word: a number or a back rank (a text with a FEN in it is read whole, as a FEN).
fn word(word: &str, numbering: Numbering) -> Result<StartingPosition, ParseStartError> {
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match word.strip_prefix('+').unwrap_or(word).parse::<u16>() {
            Ok(number) => numbering.position(number).map_err(ParseStartError::Number),
            Err(_) => Err(ParseStartError::NumberNotInRange { numbering }),
        };
    }
    if word.chars().count() == 8 || word.chars().all(|c| Piece::from_char(c).is_some()) {
        return word.parse().map_err(ParseStartError::Rank);
    }
    Err(ParseStartError::Unrecognised)
}

/// Text that is not a start or a pair: what it, or its first wrong word, is not.
///
/// ```
/// use chess960::{DoubleStartingPosition, ParseStartError};
///
/// let err = "518 105 0".parse::<DoubleStartingPosition>().unwrap_err();
/// assert_eq!(err, ParseStartError::TooManyWords { words: 3 });
/// assert_eq!(err.to_string(), "expected one start, or White's and Black's (a pair), found 3 words");
/// assert_eq!("960".parse::<DoubleStartingPosition>().unwrap_err().to_string(), "id 960 is not in 0..=959");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseStartError {
    /// Nothing but white space.
    Empty,
    /// A number outside the numbering's range that fits a `u16`.
    Number(NumberError),
    /// A negative number, or one too large for a `u16`.
    NumberNotInRange {
        /// The numbering it was read in.
        numbering: Numbering,
    },
    /// A word that looks like a back rank and is not one.
    Rank(ParseBackRankError),
    /// A FEN that is not a start position.
    Fen(ParseFenError),
    /// A word that is none of a number, a back rank or a FEN (`0x10`, `518.0`, `abc`).
    Unrecognised,
    /// More words than White's and Black's.
    TooManyWords {
        /// How many there are.
        words: usize,
    },
    /// A pair whose sides differ, where one start is asked for.
    Pair,
}

impl fmt::Display for ParseStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseStartError::Empty => {
                f.write_str("empty: expected a number, a back rank such as RNBQKBNR, or a FEN")
            }
            ParseStartError::Number(err) => err.fmt(f),
            ParseStartError::NumberNotInRange { numbering } => {
                let (low, high) = numbering.range();
                write!(f, "{} is not in {low}..={high}", numbering.noun())
            }
            ParseStartError::Rank(err) => err.fmt(f),
            ParseStartError::Fen(err) => write!(f, "FEN {err}"),
            ParseStartError::Unrecognised => f.write_str("not a number, a back rank or a FEN"),
            ParseStartError::TooManyWords { words } => write!(
                f,
                "expected one start, or White's and Black's (a pair), found {words} words"
            ),
            ParseStartError::Pair => f.write_str(
                "a pair (White's start and Black's), where one start position is expected",
            ),
        }
    }
}

impl core::error::Error for ParseStartError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ParseStartError::Number(err) => Some(err),
            ParseStartError::Rank(err) => Some(err),
            ParseStartError::Fen(err) => Some(err),
            _ => None,
        }
    }
}
