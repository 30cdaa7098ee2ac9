//! A move as two bytes in the index: its from square, its to square (the rook's, castling)
//! and its promotion.

use cozy_chess::{Move, Piece, Square};

/// `mv` as 16 bits: from (6), to (6), promotion (3: none, knight, bishop, rook, queen).
pub(crate) fn code(mv: Move) -> u16 {
    let promotion = match mv.promotion {
        None => 0,
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(_) => 4,
    };
    mv.from as u16 | (mv.to as u16) << 6 | promotion << 12
}

/// The move of a code ([`code`]).
pub(crate) fn decode(code: u16) -> Option<Move> {
    let promotion = match code >> 12 {
        0 => None,
        1 => Some(Piece::Knight),
        2 => Some(Piece::Bishop),
        3 => Some(Piece::Rook),
        4 => Some(Piece::Queen),
        _ => return None,
    };
    Some(Move {
        from: Square::try_index(usize::from(code & 63))?,
        to: Square::try_index(usize::from(code >> 6 & 63))?,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use cozy_chess::{Move, Piece, Square};

    use super::{code, decode};

    #[test]
    fn every_move_reads_back() {
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in [
                    None,
                    Some(Piece::Knight),
                    Some(Piece::Bishop),
                    Some(Piece::Rook),
                    Some(Piece::Queen),
                ] {
                    let mv = Move {
                        from,
                        to,
                        promotion,
                    };
                    assert_eq!(decode(code(mv)), Some(mv));
                }
            }
        }
        assert_eq!(decode(5 << 12), None);
    }
}
