//! Whether a FEN tag is a FEN at all: the shape of each field, not whether the position is a
//! start. It tells a mid-game setup ([`NoStart::NotAStart`](super::NoStart::NotAStart)) from
//! text that is no position ([`NoStart::BadFen`](super::NoStart::BadFen)), with the first
//! malformed field ([`FenSyntax`]).

use core::fmt;

use crate::fen::FenField;

/// The first field of a FEN tag that is not shaped as FEN says.
///
/// ```
/// use chess960::fen::FenField;
/// use chess960::game::{FenSyntax, NoStart, start};
///
/// let err = start(None, Some("8/8/8/8/8/8/8/8 white")).unwrap_err();
/// assert_eq!(err, NoStart::BadFen(FenSyntax::Field(FenField::SideToMove)));
/// assert_eq!(err.to_string(), "bad FEN: side to move: expected w or b");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum FenSyntax {
    /// Nothing but white space.
    Empty,
    /// A field is not shaped as FEN gives it: the placement is not eight ranks of eight
    /// squares, the side to move not `w` or `b`, castling not `-` or up to four of `KQkq` and
    /// the files' letters, en passant not `-` or a square on rank 3 or 6, a counter not a
    /// number.
    Field(FenField),
    /// More than six fields.
    TooManyFields,
}

impl fmt::Display for FenSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = match self {
            FenSyntax::Empty => return f.write_str("empty: expected a piece placement"),
            FenSyntax::TooManyFields => return f.write_str("expected at most 6 fields"),
            FenSyntax::Field(field) => field,
        };
        let shape = match field {
            FenField::Placement => {
                "8 ranks separated by '/', each of 8 squares (piece letters and digits 1 to 8)"
            }
            FenField::SideToMove => "w or b",
            FenField::Castling => "- or up to 4 of KQkq and the files a to h",
            FenField::EnPassant => "- or a square on rank 3 or 6",
            FenField::HalfmoveClock | FenField::FullmoveNumber => "a number",
        };
        write!(f, "{field}: expected {shape}")
    }
}

impl core::error::Error for FenSyntax {}

/// A field's check, and the field it checks.
type FieldCheck = (fn(&str) -> bool, FenField);

/// Checks each field of `fen` for the shape FEN gives it; a FEN may stop after any field.
pub(super) fn check_shape(fen: &str) -> Result<(), FenSyntax> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().ok_or(FenSyntax::Empty)?;
    if !is_placement(placement) {
        return Err(FenSyntax::Field(FenField::Placement));
    }
    let checks: [FieldCheck; 5] = [
        (|f| f == "w" || f == "b", FenField::SideToMove),
        (is_castling, FenField::Castling),
        (is_en_passant, FenField::EnPassant),
        (is_number, FenField::HalfmoveClock),
        (is_number, FenField::FullmoveNumber),
    ];
    for (check, name) in checks {
        match fields.next() {
            None => return Ok(()),
            Some(field) if !check(field) => return Err(FenSyntax::Field(name)),
            Some(_) => {}
        }
    }
    match fields.next() {
        None => Ok(()),
        Some(_) => Err(FenSyntax::TooManyFields),
    }
}

/// Eight ranks between slashes, each eight squares of piece letters and digits 1 to 8, no two
/// digits in a row.
fn is_placement(placement: &str) -> bool {
    // By bytes, not `str::split`: its searcher is not proven panic-free (checks/no-panic).
    let (mut ranks, mut squares, mut after_digit) = (1u32, 0u32, false);
    for c in placement.bytes() {
        match c {
            b'/' if squares == 8 => {
                ranks += 1;
                squares = 0;
                after_digit = false;
            }
            b'1'..=b'8' if !after_digit => {
                squares += u32::from(c - b'0');
                after_digit = true;
            }
            b'p' | b'n' | b'b' | b'r' | b'q' | b'k' | b'P' | b'N' | b'B' | b'R' | b'Q' | b'K' => {
                squares += 1;
                after_digit = false;
            }
            _ => return false,
        }
    }
    ranks == 8 && squares == 8
}

/// `-`, or up to four castling letters: `KQkq` or rook files, White's uppercase.
fn is_castling(field: &str) -> bool {
    field == "-"
        || (field.len() <= 4
            && field
                .bytes()
                .all(|c| matches!(c.to_ascii_lowercase(), b'k' | b'q' | b'a'..=b'h')))
}

/// `-`, or a square on rank 3 or 6.
fn is_en_passant(field: &str) -> bool {
    matches!(field.as_bytes(), [b'-'] | [b'a'..=b'h', b'3' | b'6'])
}

fn is_number(field: &str) -> bool {
    !field.is_empty() && field.len() <= 5 && field.bytes().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_has_its_shape() {
        let ok = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1",
            "8/8/8/8/8/8/8/8 w - - 100 60",
        ];
        for fen in ok {
            assert_eq!(check_shape(fen), Ok(()), "{fen}");
        }
        let bad = [
            ("", FenSyntax::Empty),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
                FenSyntax::Field(FenField::Placement),
            ),
            (
                "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
                FenSyntax::Field(FenField::Placement),
            ),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
                FenSyntax::Field(FenField::Placement),
            ),
            (
                "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                FenSyntax::Field(FenField::Placement),
            ),
            ("8/8/8/8/8/8/8/8 x", FenSyntax::Field(FenField::SideToMove)),
            (
                "8/8/8/8/8/8/8/8 w KQkqK",
                FenSyntax::Field(FenField::Castling),
            ),
            ("8/8/8/8/8/8/8/8 w KZ", FenSyntax::Field(FenField::Castling)),
            (
                "8/8/8/8/8/8/8/8 w - e4",
                FenSyntax::Field(FenField::EnPassant),
            ),
            (
                "8/8/8/8/8/8/8/8 w - - x",
                FenSyntax::Field(FenField::HalfmoveClock),
            ),
            (
                "8/8/8/8/8/8/8/8 w - - 0 -1",
                FenSyntax::Field(FenField::FullmoveNumber),
            ),
            ("8/8/8/8/8/8/8/8 w - - 0 1 x", FenSyntax::TooManyFields),
        ];
        for (fen, error) in bad {
            assert_eq!(check_shape(fen), Err(error), "{fen}");
        }
    }
}
