//! Text → back rank: `impl FromStr for StartingPosition`.

use core::str::FromStr;

use crate::{File, ParseError, Piece, StartingPosition};

/// Eight piece letters (`K Q R B N`, either case) or Unicode chess symbols (white ♔♕♖♗♘ or
/// black ♚♛♜♝♞), files a to h; white space around them is ignored.
///
/// ```
/// use chess960::StartingPosition;
///
/// for text in ["RNBQKBNR", "rnbqkbnr", "♖♘♗♕♔♗♘♖", "♜♞♝♛♚♝♞♜", " RNBQKBNR\n"] {
///     assert_eq!(text.parse::<StartingPosition>()?, StartingPosition::STANDARD);
/// }
/// # Ok::<(), chess960::ParseError>(())
/// ```
impl FromStr for StartingPosition {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<StartingPosition, ParseError> {
        let text = text.trim();
        // Eight ASCII letters are uppercased and looked up as they are; only a miss, or other
        // characters, take the slow road.
        if let Ok(letters) = <[u8; 8]>::try_from(text.as_bytes()) {
            if let Some(sp) =
                StartingPosition::lookup_ascii(letters.map(|b| b.to_ascii_uppercase()))
            {
                return Ok(sp);
            }
        }
        Ok(StartingPosition::from_pieces(parse_pieces(text)?)?)
    }
}

/// Eight symbols as pieces, or the first symbol that is not a piece.
fn parse_pieces(text: &str) -> Result<[Piece; 8], ParseError> {
    let chars = text.chars().count();
    if chars != 8 {
        return Err(ParseError::Length { chars });
    }
    let mut pieces = [Piece::King; 8];
    for ((slot, symbol), file) in pieces.iter_mut().zip(text.chars()).zip(File::ALL) {
        *slot = Piece::from_char(symbol).ok_or(ParseError::UnknownSymbol { symbol, file })?;
    }
    Ok(pieces)
}
