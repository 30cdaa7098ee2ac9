//! A position → its 96-bit key in the index, and the index's numbers of months.

use std::borrow::Borrow;

use cozy_chess::{Board, Color, Piece};

use chess960_pgn::Month;
use chess960_pgn::tree::key::{key as tree_key, legal_en_passant, mix};

/// A position's key: 96 bits, as lichess's explorer keys its positions. The first 64 are
/// the tree's Zobrist key (pieces, side to move, castling rights, en passant where a capture
/// is legal); the other 32 are an independent hash of the same, so that two positions of an
/// index of many millions share a key once in about 2^96 pairs. The evaluations' table
/// keys by its bytes ([`Borrow`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Position([u8; 12]);

impl Borrow<[u8; 12]> for Position {
    fn borrow(&self) -> &[u8; 12] {
        &self.0
    }
}

impl Position {
    /// Its twelve bytes.
    pub(crate) fn bytes(&self) -> &[u8; 12] {
        &self.0
    }

    /// The position of key `bytes` ([`Position::bytes`]).
    pub(crate) fn from_bytes(bytes: [u8; 12]) -> Position {
        Position(bytes)
    }
}

/// The tree's number for no start: the index keys positions alone, as lichess's does.
const NO_START: u32 = u32::MAX;

/// The key of `board`'s position.
pub(crate) fn position(board: &Board) -> Position {
    let zobrist = tree_key(board, NO_START);
    let mut other = 0x243F_6A88_85A3_08D3_u64;
    for piece in Piece::ALL {
        other = mix(other ^ board.pieces(piece).0);
    }
    other = mix(other ^ board.colors(Color::White).0);
    let rights = |color| {
        let rights = board.castle_rights(color);
        let file = |f: Option<cozy_chess::File>| f.map_or(0, |f| f as u64 + 1);
        file(rights.short) | file(rights.long) << 4
    };
    let side = match board.side_to_move() {
        Color::White => 0,
        Color::Black => 1,
    };
    let en_passant = legal_en_passant(board).map_or(0, |square| square as u64 + 1);
    other =
        mix(other
            ^ (rights(Color::White) | rights(Color::Black) << 8 | side << 16 | en_passant << 24));
    let mut key = [0; 12];
    let (high, low) = key.split_at_mut(8);
    high.copy_from_slice(&zobrist.to_be_bytes());
    low.copy_from_slice(&other.to_be_bytes()[..4]);
    Position(key)
}

/// A month as the index numbers it: 0 when not known, then one a month from January of year
/// 0, in order.
pub(crate) fn month_number(month: Option<Month>) -> u16 {
    month.map_or(0, |m| {
        let number = u32::from(m.year) * 12 + u32::from(m.month.clamp(1, 12)) - 1 + 1;
        // The last number is the segments' all-months rows' (`ALL_MONTHS`).
        u16::try_from(number).unwrap_or(u16::MAX).min(u16::MAX - 1)
    })
}

/// The month an index number stands for ([`month_number`]).
pub(crate) fn month_of(number: u16) -> Option<Month> {
    let months = number.checked_sub(1)?;
    Some(Month {
        year: months / 12,
        month: u8::try_from(months % 12 + 1).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use cozy_chess::Board;

    use super::{month_number, month_of, position};
    use chess960_pgn::Month;

    #[test]
    fn months_number_in_order_and_back() {
        let mut last = 0;
        for year in [0u16, 1999, 2024, 5000] {
            for m in 1..=12u8 {
                let month = Month { year, month: m };
                let number = month_number(Some(month));
                assert!(number > last);
                last = number;
                assert_eq!(month_of(number), Some(month));
            }
        }
        assert_eq!((month_number(None), month_of(0)), (0, None));
    }

    #[test]
    fn keys_tell_castling_rights_apart() {
        let start = Board::default();
        let fewer = Board::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",
            false,
        )
        .unwrap();
        assert_ne!(position(&start).0[8..], position(&fewer).0[8..]);
        assert_ne!(position(&start).0[..8], position(&fewer).0[..8]);
    }
}
