//! A query's FEN held to what lichess's explorer reads ([`check`]), beyond what a PGN's FEN
//! tag is allowed (`chess960_pgn::moves::Setup` reads tags as python-chess does: missing
//! fields filled in, castling rights no rook holds dropped, an en passant square no pawn
//! made ignored). Asked of a position, such a FEN would silently be another position; it is
//! refused instead, naming the field.

use cozy_chess::{Board, Color, File, Piece, Rank, Square};

use crate::error::FenRule;

/// The rule `fen`, read as `board`, breaks, if any.
pub(crate) fn check(fen: &str, board: &Board) -> Result<(), FenRule> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let [_, side, castling, en_passant, ..] = fields[..] else {
        return Err(FenRule::Incomplete);
    };
    let us = match side {
        "b" => Color::Black,
        _ => Color::White,
    };
    for right in castling.chars().filter(|&right| right != '-') {
        if !holds(board, right) {
            return Err(FenRule::Castling { right });
        }
    }
    if en_passant != "-" {
        let square: Square = en_passant.parse().map_err(|_| FenRule::Incomplete)?;
        if !passed(board, square, us) {
            return Err(FenRule::EnPassant { square });
        }
    }
    Ok(())
}

/// Whether `board` holds the castling right `right` (X-FEN's `KQkq`, Shredder's files).
fn holds(board: &Board, right: char) -> bool {
    let color = match right.is_ascii_uppercase() {
        true => Color::White,
        false => Color::Black,
    };
    let rights = board.castle_rights(color);
    let king = board.king(color).file();
    match right.to_ascii_lowercase() {
        'k' => rights.short.is_some(),
        'q' => rights.long.is_some(),
        letter @ 'a'..='h' => {
            let file = File::index(usize::from(letter as u8 - b'a'));
            match file > king {
                true => rights.short == Some(file),
                false => rights.long == Some(file),
            }
        }
        _ => false,
    }
}

/// Whether a pawn of the side not to move (`us` to move) could have just passed `square`.
fn passed(board: &Board, square: Square, us: Color) -> bool {
    let them = !us;
    let file = square.file();
    let at = |rank: Rank| Square::new(file, rank.relative_to(us));
    square == at(Rank::Sixth)
        && board.colored_pieces(them, Piece::Pawn).has(at(Rank::Fifth))
        && !board.occupied().has(at(Rank::Sixth))
        && !board.occupied().has(at(Rank::Seventh))
}

#[cfg(test)]
mod tests {
    use super::{FenRule, check};
    use chess960_pgn::moves::Setup;
    use cozy_chess::Square;

    fn checked(fen: &str) -> Result<(), FenRule> {
        check(fen, &Setup::read(fen).unwrap().board)
    }

    #[test]
    fn fens_are_held_to_lichess_s_rules() {
        let start = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR";
        for good in [
            format!("{start} w HChc - 0 1"),
            format!("{start} w KQkq - 0 1"),
            format!("{start} w CHch -"),
            format!("{start} b Hh - 5 9"),
            format!("{start} w - -"),
            // A pawn that passed e3 (none can take it: the square is kept as given).
            "qnrbbnkr/pppppppp/8/8/4P3/8/PPPP1PPP/QNRBBNKR b HChc e3 0 1".to_owned(),
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3".to_owned(),
        ] {
            assert_eq!(checked(&good), Ok(()), "{good}");
        }
        for (bad, why) in [
            (start.to_owned(), FenRule::Incomplete),
            (format!("{start} w"), FenRule::Incomplete),
            (format!("{start} w HChc"), FenRule::Incomplete),
            (
                format!("{start} w BGbg - 0 1"),
                FenRule::Castling { right: 'B' },
            ),
            (
                format!("{start} w HChd - 0 1"),
                FenRule::Castling { right: 'd' },
            ),
            (
                "qnrbbnk1/ppppppp1/7r/8/8/8/PPPPPPPP/QNRBBNKR b KQkq - 0 1".to_owned(),
                FenRule::Castling { right: 'k' },
            ),
            (
                format!("{start} w HChc e3 0 1"),
                FenRule::EnPassant { square: Square::E3 },
            ),
            (
                format!("{start} w HChc e6 0 1"),
                FenRule::EnPassant { square: Square::E6 },
            ),
            (
                "qnrbbnkr/pppppppp/8/8/4P3/8/PPPP1PPP/QNRBBNKR b HChc d3 0 1".to_owned(),
                FenRule::EnPassant { square: Square::D3 },
            ),
        ] {
            assert_eq!(checked(&bad), Err(why), "{bad}");
        }
    }
}
