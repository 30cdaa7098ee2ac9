//! POS on the command line or a stdin line: an id 0..=959 or a back rank in any text form.

use std::fmt;

use chess960::{IdError, ParseError, StartingPosition};

/// Why a POS is not a starting position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PosError {
    /// Nothing but white space.
    Empty,
    /// A number from 960 to 65535.
    Id(IdError),
    /// A number too large for `u16`, or negative.
    IdNotInRange,
    /// Text that is not a back rank.
    Rank(ParseError),
}

impl fmt::Display for PosError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PosError::Empty => {
                f.write_str("empty: expected an id 0..=959 or a back rank such as RNBQKBNR")
            }
            PosError::Id(err) => err.fmt(f),
            PosError::IdNotInRange => f.write_str("id is not in 0..=959"),
            PosError::Rank(err) => err.fmt(f),
        }
    }
}

/// Parses an id (optionally signed digits) or a back rank; white space around it is ignored.
pub fn parse(text: &str) -> Result<StartingPosition, PosError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(PosError::Empty);
    }
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match text.strip_prefix('+').unwrap_or(text).parse::<u16>() {
            Ok(id) => StartingPosition::from_id(id).map_err(PosError::Id),
            Err(_) => Err(PosError::IdNotInRange),
        };
    }
    text.parse().map_err(PosError::Rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_ranks() {
        assert_eq!(parse("518").unwrap(), StartingPosition::STANDARD);
        assert_eq!(parse(" +518 ").unwrap(), StartingPosition::STANDARD);
        assert_eq!(parse("0518").unwrap(), StartingPosition::STANDARD);
        assert_eq!(parse("♖♘♗♕♔♗♘♖").unwrap(), StartingPosition::STANDARD);
        assert_eq!(parse("0").unwrap().to_string(), "BBQNNRKR");
    }

    #[test]
    fn bad_input() {
        assert_eq!(parse(""), Err(PosError::Empty));
        assert_eq!(parse(" \t"), Err(PosError::Empty));
        assert_eq!(
            parse("960"),
            Err(PosError::Id(IdError::OutOfRange {
                id: 960,
                numbering: chess960::Numbering::Scharnagl
            }))
        );
        assert_eq!(parse("-1"), Err(PosError::IdNotInRange));
        assert_eq!(parse("-0"), Err(PosError::IdNotInRange));
        assert_eq!(
            parse("99999999999999999999999"),
            Err(PosError::IdNotInRange)
        );
        assert_eq!(
            parse("+"),
            Err(PosError::Rank(ParseError::Length { chars: 1 }))
        );
        assert_eq!(
            parse("RNBQKBNR1").unwrap_err().to_string(),
            "expected 8 pieces, found 9 characters"
        );
    }
}
