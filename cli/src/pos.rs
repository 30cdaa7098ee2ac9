//! POS on the command line or a stdin line: a number, a back rank in any text form, or a
//! start FEN (its board either way up, as an electronic board may read it).

use std::fmt;

use chess960::fen::{FenReader, ParseFenError};
use chess960::numbering::{NumberError, Numbering};
use chess960::{DoubleStartingPosition, ParseBackRankError, StartingPosition};

/// Why a POS is not a starting position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PosError {
    /// Nothing but white space.
    Empty,
    /// A number outside the numbering's range that fits a `u16`.
    Number(NumberError),
    /// A negative number, or one too large for `u16`.
    NumberNotInRange(Numbering),
    /// Text that is not a back rank.
    Rank(ParseBackRankError),
    /// A FEN that is not a Chess960 start position.
    Fen(ParseFenError),
}

impl fmt::Display for PosError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PosError::Empty => {
                f.write_str("empty: expected a number, a back rank such as RNBQKBNR, or a FEN")
            }
            PosError::Number(err) => err.fmt(f),
            PosError::NumberNotInRange(numbering) => {
                let (low, high) = numbering.range();
                write!(f, "{numbering} is not in {low}..={high}")
            }
            PosError::Rank(err) => err.fmt(f),
            PosError::Fen(err) => write!(f, "FEN {err}"),
        }
    }
}

/// Parses a number in `numbering` (optionally signed digits), a FEN (anything with a `/`;
/// White at the bottom or, turned around, at the top), or a back rank; white space around it
/// is ignored.
pub fn parse(text: &str, numbering: Numbering) -> Result<StartingPosition, PosError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(PosError::Empty);
    }
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match text.strip_prefix('+').unwrap_or(text).parse::<u16>() {
            Ok(number) => numbering.position(number).map_err(PosError::Number),
            Err(_) => Err(PosError::NumberNotInRange(numbering)),
        };
    }
    if text.contains('/') {
        return FenReader::STRICT
            .read_either_way::<StartingPosition>(text)
            .map(|(sp, _)| sp)
            .map_err(PosError::Fen);
    }
    text.parse().map_err(PosError::Rank)
}

/// [`parse`], where a FEN may give Black a back rank of its own (Double Fischer Random); any
/// other POS is the same position for both.
pub fn parse_pair(text: &str, numbering: Numbering) -> Result<DoubleStartingPosition, PosError> {
    if text.contains('/') {
        return FenReader::STRICT
            .read_either_way::<DoubleStartingPosition>(text.trim())
            .map(|(pair, _)| pair)
            .map_err(PosError::Fen);
    }
    parse(text, numbering).map(|sp| DoubleStartingPosition::new(sp, sp))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCHARNAGL: Numbering = Numbering::Scharnagl;

    #[test]
    fn numbers_ranks_and_fens() {
        let standard = Ok(StartingPosition::STANDARD);
        assert_eq!(parse("518", SCHARNAGL), standard);
        assert_eq!(parse(" +518 ", SCHARNAGL), standard);
        assert_eq!(parse("0518", SCHARNAGL), standard);
        assert_eq!(parse("359", Numbering::Fritz9), standard);
        assert_eq!(parse("♖♘♗♕♔♗♘♖", SCHARNAGL), standard);
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
        assert_eq!(parse(fen, SCHARNAGL), standard);
        assert_eq!(parse("960", Numbering::OneBased).unwrap().id(), 0);
        let turned = "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr";
        assert_eq!(parse(turned, SCHARNAGL), standard);
    }

    #[test]
    fn pairs() {
        let pair = |text| parse_pair(text, SCHARNAGL).map(|p| (p.white().id(), p.black().id()));
        assert_eq!(pair("518"), Ok((518, 518)));
        assert_eq!(pair(" QNRBBNKR "), Ok((105, 105)));
        let fen = " brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1 ";
        assert_eq!(pair(fen), Ok((105, 451)));
        assert_eq!(
            pair("RKNBBRNQ/PPPPPPPP/8/8/8/8/pppppppp/brqknnrb"),
            Ok((105, 451))
        );
        assert_eq!(
            pair("brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 2")
                .unwrap_err()
                .to_string(),
            "FEN halfmove clock and fullmove number: expected 0 1"
        );
        assert!(parse(fen, SCHARNAGL).is_err());
    }

    #[test]
    fn bad_input() {
        assert_eq!(parse("", SCHARNAGL), Err(PosError::Empty));
        assert_eq!(parse(" \t", SCHARNAGL), Err(PosError::Empty));
        assert_eq!(
            parse("960", SCHARNAGL),
            Err(PosError::Number(NumberError::OutOfRange {
                number: 960,
                numbering: SCHARNAGL
            }))
        );
        assert_eq!(
            parse("-1", SCHARNAGL),
            Err(PosError::NumberNotInRange(SCHARNAGL))
        );
        assert_eq!(
            parse("-0", SCHARNAGL),
            Err(PosError::NumberNotInRange(SCHARNAGL))
        );
        let huge = parse("99999999999999999999999", Numbering::Fritz9).unwrap_err();
        assert_eq!(huge.to_string(), "Fritz 9 number is not in 1..=960");
        assert_eq!(
            parse("+", SCHARNAGL),
            Err(PosError::Rank(ParseBackRankError::Length { chars: 1 }))
        );
        assert_eq!(
            parse("RNBQKBNR1", SCHARNAGL).unwrap_err().to_string(),
            "expected 8 pieces, found 9 characters"
        );
        assert_eq!(
            parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b", SCHARNAGL)
                .unwrap_err()
                .to_string(),
            "FEN side to move: expected w"
        );
    }
}
