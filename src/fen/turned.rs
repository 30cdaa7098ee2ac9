//! Start FENs from a board that may be turned around, as an electronic board's sensors read
//! it with White's pieces at the top.
//!
//! Turning a board 180° reverses the order of the ranks and of the squares in each rank; in a
//! FEN placement, that is the text reversed (`3p4` becomes `4p3`).

use core::fmt;

use super::error::ParseFenError;
use super::read::{FenReader, FromFen, LONGEST_PLACEMENT, read, read_fields};
use crate::position::StartingPosition;

/// How a board was read: as FEN has it (White at the bottom, rank 8 first), or turned 180°
/// (White's pieces at the top).
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::fen::{FenReader, Orientation};
///
/// let (sp, orientation) = FenReader::STRICT.read_either_way::<StartingPosition>("RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr")?;
/// assert_eq!((sp.id(), orientation), (518, Orientation::Turned));
/// assert_eq!(orientation.to_string(), "turned");
/// # Ok::<(), chess960::fen::ParseFenError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Orientation {
    /// White's pieces at the bottom, as FEN writes a board.
    Upright,
    /// White's pieces at the top: the board was turned 180°.
    Turned,
}

/// `upright` or `turned`.
///
/// ```
/// assert_eq!(chess960::fen::Orientation::Upright.to_string(), "upright");
/// ```
impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Orientation::Upright => "upright",
            Orientation::Turned => "turned",
        })
    }
}

/// Reading a start FEN from a board seen from either side.
impl FenReader {
    /// [`read`](FenReader::read), also when the board is turned 180° (White's pieces at the
    /// top), as an electronic board's sensors may read it, and which way it was. Only the
    /// placement is turned; the other fields are read as they are.
    ///
    /// # Errors
    ///
    /// A [`ParseFenError`] when the FEN is a start position neither way up: the error of the
    /// reading that has White's pieces on the side where the text has uppercase letters.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::fen::{FenReader, Orientation};
    ///
    /// let read = FenReader::STRICT.read_either_way::<StartingPosition>("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR")?;
    /// assert_eq!((read.0.id(), read.1), (0, Orientation::Upright));
    /// let turned = "RKRNNQBB/PPPPPPPP/8/8/8/8/pppppppp/rkrnnqbb w KQkq - 0 1";
    /// assert_eq!(FenReader::STRICT.read_either_way(turned)?, (read.0, Orientation::Turned));
    /// let err = FenReader::STRICT.read_either_way::<StartingPosition>("RKRNNQBB/PPPPPPPP/8/8/8/8/pppppppp/rkrnnqbk");
    /// assert_eq!(err.unwrap_err().to_string(), "rank 8: 2 kings, expected 1");
    ///
    /// let (pair, orientation) = FenReader::STRICT.read_either_way::<DoubleStartingPosition>("RKNBBRNQ/PPPPPPPP/8/8/8/8/pppppppp/brqknnrb")?;
    /// assert_eq!((pair.white().id(), pair.black().id(), orientation), (105, 451, Orientation::Turned));
    /// # Ok::<(), chess960::fen::ParseFenError>(())
    /// ```
    pub fn read_either_way<S: FromFen>(self, fen: &str) -> Result<(S, Orientation), ParseFenError> {
        let ((white, black), orientation) = either_way(fen, self)?;
        Ok((S::from_back_ranks(white, black)?, orientation))
    }
}

type Pair = (StartingPosition, StartingPosition);

fn either_way(fen: &str, options: FenReader) -> Result<(Pair, Orientation), ParseFenError> {
    let upright = match read(fen, options) {
        Ok(pair) => return Ok((pair, Orientation::Upright)),
        Err(err) => err,
    };
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().unwrap_or_default();
    let mut buffer = [0u8; LONGEST_PLACEMENT];
    let Some(turned_placement) = turn(placement, &mut buffer) else {
        return Err(upright);
    };
    match read_fields(turned_placement, fields, options) {
        Ok(pair) => Ok((pair, Orientation::Turned)),
        // White's pieces are where the uppercase letters are: at the top, the board is turned.
        Err(turned) if top_rank_has_uppercase(placement) => Err(turned),
        Err(_) => Err(upright),
    }
}

/// `placement` turned 180°, written into `buffer`; `None` if it is too long or not ASCII
/// (then it is no start position either way).
fn turn<'a>(placement: &str, buffer: &'a mut [u8; LONGEST_PLACEMENT]) -> Option<&'a str> {
    let bytes = placement.as_bytes();
    let turned = buffer.get_mut(..bytes.len())?;
    if !placement.is_ascii() {
        return None;
    }
    for (slot, byte) in turned.iter_mut().zip(bytes.iter().rev()) {
        *slot = *byte;
    }
    core::str::from_utf8(turned).ok()
}

fn top_rank_has_uppercase(placement: &str) -> bool {
    placement
        .split('/')
        .next()
        .is_some_and(|rank| rank.bytes().any(|b| b.is_ascii_uppercase()))
}
