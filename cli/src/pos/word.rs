//! One POS without spaces: a number, a back rank, or a FEN's placement field.

use chess960::StartingPosition;
use chess960::fen::FenReader;
use chess960::numbering::Numbering;

use super::error::PosError;

/// What a word is, before it is read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Digits, with or without a sign.
    Number,
    /// Contains a `/`.
    Fen,
    /// Eight characters, or only piece letters and symbols.
    Rank,
    /// None of these.
    Other,
}

/// The kind of `word` (already trimmed).
pub fn kind(word: &str) -> Kind {
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Kind::Number
    } else if word.contains('/') {
        Kind::Fen
    } else if word.chars().count() == 8
        || word
            .chars()
            .all(|c| chess960::Piece::from_char(c).is_some())
    {
        Kind::Rank
    } else {
        Kind::Other
    }
}

/// Reads one word: a number in `numbering`, a FEN's placement field (White at the bottom or
/// at the top), or a back rank; white space around it is ignored.
pub fn read(word: &str, numbering: Numbering) -> Result<StartingPosition, PosError> {
    let word = word.trim();
    if word.is_empty() {
        return Err(PosError::Empty);
    }
    match kind(word) {
        Kind::Number => match word.strip_prefix('+').unwrap_or(word).parse::<u16>() {
            Ok(number) => numbering.position(number).map_err(PosError::Number),
            Err(_) => Err(PosError::NumberNotInRange(numbering)),
        },
        Kind::Fen => FenReader::STRICT
            .read_either_way::<StartingPosition>(word)
            .map(|(sp, _)| sp)
            .map_err(PosError::Fen),
        Kind::Rank => word.parse().map_err(PosError::Rank),
        Kind::Other => Err(PosError::Unrecognised),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        assert_eq!(kind("-12"), Kind::Number);
        assert_eq!(kind("8/8"), Kind::Fen);
        assert_eq!(kind("RNBQKBN"), Kind::Rank);
        assert_eq!(kind("RNBQKBNX"), Kind::Rank);
        assert_eq!(kind("♖♘♗♕♔♗♘"), Kind::Rank);
        for other in ["0x10", "518.0", "abc", "+", "RNBQKBNR1", "-"] {
            assert_eq!(kind(other), Kind::Other, "{other}");
        }
    }
}
