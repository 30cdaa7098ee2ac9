//! Whether a FEN tag is a FEN at all: the shape of each field, not whether the position is a
//! start. It tells a mid-game setup ([`NoStart::NotAStart`](super::NoStart::NotAStart)) from
//! text that is no position ([`NoStart::BadFen`](super::NoStart::BadFen)).

use super::error::FenSyntax;

/// A field's check, and the error when it fails.
type FieldCheck = (fn(&str) -> bool, FenSyntax);

/// Checks each field of `fen` for the shape FEN gives it; a FEN may stop after any field.
pub(super) fn check_shape(fen: &str) -> Result<(), FenSyntax> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().ok_or(FenSyntax::Empty)?;
    if !is_placement(placement) {
        return Err(FenSyntax::Placement);
    }
    let checks: [FieldCheck; 5] = [
        (|f| f == "w" || f == "b", FenSyntax::SideToMove),
        (is_castling, FenSyntax::Castling),
        (is_en_passant, FenSyntax::EnPassant),
        (is_number, FenSyntax::HalfmoveClock),
        (is_number, FenSyntax::FullmoveNumber),
    ];
    for (check, error) in checks {
        match fields.next() {
            None => return Ok(()),
            Some(field) if !check(field) => return Err(error),
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
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP", FenSyntax::Placement),
            (
                "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
                FenSyntax::Placement,
            ),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
                FenSyntax::Placement,
            ),
            (
                "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                FenSyntax::Placement,
            ),
            ("8/8/8/8/8/8/8/8 x", FenSyntax::SideToMove),
            ("8/8/8/8/8/8/8/8 w KQkqK", FenSyntax::Castling),
            ("8/8/8/8/8/8/8/8 w KZ", FenSyntax::Castling),
            ("8/8/8/8/8/8/8/8 w - e4", FenSyntax::EnPassant),
            ("8/8/8/8/8/8/8/8 w - - x", FenSyntax::HalfmoveClock),
            ("8/8/8/8/8/8/8/8 w - - 0 -1", FenSyntax::FullmoveNumber),
            ("8/8/8/8/8/8/8/8 w - - 0 1 x", FenSyntax::TooManyFields),
        ];
        for (fen, error) in bad {
            assert_eq!(check_shape(fen), Err(error), "{fen}");
        }
    }
}
