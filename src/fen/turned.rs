//! Start FENs from a board that may be turned around, as an electronic board's sensors read
//! it with White's pieces at the top.
//!
//! Turning a board 180° reverses the order of the ranks and of the squares in each rank; in a
//! FEN placement, that is the text reversed (`3p4` becomes `4p3`).

use core::fmt;

use super::LONGEST_PLACEMENT;
use super::read::{one_position, read, read_fields};
use crate::{DoubleStartingPosition, FenError, FenOptions, StartingPosition};

/// How a board was read: as FEN has it (White at the bottom, rank 8 first), or turned 180°
/// (White's pieces at the top).
///
/// ```
/// use chess960::{Orientation, StartingPosition};
///
/// let (sp, orientation) = StartingPosition::from_fen_either_way("RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr")?;
/// assert_eq!((sp.id(), orientation), (518, Orientation::Turned));
/// assert_eq!(orientation.to_string(), "turned");
/// # Ok::<(), chess960::FenError>(())
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
/// assert_eq!(chess960::Orientation::Upright.to_string(), "upright");
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
impl StartingPosition {
    /// Reads a start FEN, or its placement alone, as [`StartingPosition::from_fen`] does, also
    /// when the board is turned 180° (White's pieces at the top), and says which it was. Only
    /// the placement is turned; the other fields are read as they are.
    ///
    /// # Errors
    ///
    /// A [`FenError`] when the FEN is a start position neither way up: the error of the
    /// reading that has White's pieces on the side where the text has uppercase letters.
    ///
    /// ```
    /// use chess960::{FenError, Orientation, StartingPosition};
    ///
    /// let (sp, orientation) = StartingPosition::from_fen_either_way("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR")?;
    /// assert_eq!((sp.id(), orientation), (0, Orientation::Upright));
    /// let turned = "RKRNNQBB/PPPPPPPP/8/8/8/8/pppppppp/rkrnnqbb w KQkq - 0 1";
    /// assert_eq!(StartingPosition::from_fen_either_way(turned)?, (sp, Orientation::Turned));
    /// let err = StartingPosition::from_fen_either_way("RKRNNQBB/PPPPPPPP/8/8/8/8/pppppppp/rkrnnqbk");
    /// assert_eq!(err.unwrap_err().to_string(), "rank 8: 2 kings, expected 1");
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen_either_way(fen: &str) -> Result<(StartingPosition, Orientation), FenError> {
        StartingPosition::from_fen_either_way_with(fen, FenOptions::STRICT)
    }

    /// [`StartingPosition::from_fen_either_way`], checking only the fields `options` asks for.
    ///
    /// # Errors
    ///
    /// A [`FenError`] when the FEN is a start position neither way up.
    ///
    /// ```
    /// use chess960::{FenOptions, Orientation, StartingPosition};
    ///
    /// let fen = "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr w - - 0 1";
    /// let read = StartingPosition::from_fen_either_way_with(fen, FenOptions::STRICT.ignore_castling());
    /// assert_eq!(read, Ok((StartingPosition::STANDARD, Orientation::Turned)));
    /// ```
    pub fn from_fen_either_way_with(
        fen: &str,
        options: FenOptions,
    ) -> Result<(StartingPosition, Orientation), FenError> {
        let ((white, black), orientation) = either_way(fen, options)?;
        Ok((one_position(white, black)?, orientation))
    }
}

/// Reading a Double Fischer Random start FEN from a board seen from either side.
impl DoubleStartingPosition {
    /// [`StartingPosition::from_fen_either_way`] for a Double Fischer Random start.
    ///
    /// # Errors
    ///
    /// A [`FenError`] when the FEN is a start position neither way up.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, Orientation};
    ///
    /// let (pair, orientation) = DoubleStartingPosition::from_fen_either_way("RKNBBRNQ/PPPPPPPP/8/8/8/8/pppppppp/brqknnrb")?;
    /// assert_eq!((pair.white().id(), pair.black().id(), orientation), (105, 451, Orientation::Turned));
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub fn from_fen_either_way(fen: &str) -> Result<(Self, Orientation), FenError> {
        Self::from_fen_either_way_with(fen, FenOptions::STRICT)
    }

    /// [`DoubleStartingPosition::from_fen_either_way`], checking only the fields `options`
    /// asks for.
    ///
    /// # Errors
    ///
    /// A [`FenError`] when the FEN is a start position neither way up.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, FenOptions, Orientation};
    ///
    /// let fen = "RKNBBRNQ/PPPPPPPP/8/8/8/8/pppppppp/brqknnrb b - - 9 9";
    /// let lax = FenOptions::STRICT.ignore_turn().ignore_castling().ignore_counters();
    /// let (pair, orientation) = DoubleStartingPosition::from_fen_either_way_with(fen, lax)?;
    /// assert_eq!((pair.white().id(), pair.black().id(), orientation), (105, 451, Orientation::Turned));
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub fn from_fen_either_way_with(
        fen: &str,
        options: FenOptions,
    ) -> Result<(Self, Orientation), FenError> {
        let ((white, black), orientation) = either_way(fen, options)?;
        Ok((DoubleStartingPosition::new(white, black), orientation))
    }
}

type Pair = (StartingPosition, StartingPosition);

fn either_way(fen: &str, options: FenOptions) -> Result<(Pair, Orientation), FenError> {
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
