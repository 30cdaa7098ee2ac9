//! A position → its node's key in the tree, so that transpositions meet: the pieces, the side
//! to move, the castling rights and the en passant square only when a capture there is legal
//! (as lichess and python-chess's `epd()` count a position); and the same as text, a
//! four-field Shredder-FEN.

use cozy_chess::{BitBoard, Board, Color, File, Piece, Rank, Square};

/// The key of `board` in the tree of the start numbered `start`: cozy-chess's Zobrist hash
/// without its en passant part, plus one for a legal en passant capture, plus one for the
/// start, so that two starts' trees never share a node.
pub fn key(board: &Board, start: u32) -> u64 {
    let mut key = board.hash_without_ep() ^ mix(u64::from(start) + 1);
    if let Some(square) = legal_en_passant(board) {
        key ^= mix(1 << 32 | square as u64);
    }
    key
}

/// The square of a legal en passant capture, if there is one.
pub fn legal_en_passant(board: &Board) -> Option<Square> {
    let file = board.en_passant()?;
    let us = board.side_to_move();
    let square = Square::new(file, Rank::Sixth.relative_to(us));
    let beside = square.file().adjacent();
    let pawns =
        board.colored_pieces(us, Piece::Pawn) & beside & Rank::Fifth.relative_to(us).bitboard();
    if pawns == BitBoard::EMPTY {
        return None;
    }
    let mut legal = false;
    board.generate_moves_for(pawns, |moves| {
        legal |= moves.to.has(square);
        legal
    });
    legal.then_some(square)
}

/// The node's text: the FEN's first four fields, castling by the rooks' files (Shredder, as
/// python-chess's `epd(shredder=True)`), en passant only where a capture is legal. Written
/// square by square: the tree writes two of these a move.
pub fn epd(board: &Board) -> String {
    let mut text = String::with_capacity(80);
    for &rank in Rank::ALL.iter().rev() {
        let mut empty = 0u8;
        for &file in &File::ALL {
            let square = Square::new(file, rank);
            let Some(piece) = board.piece_on(square) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push(char::from(b'0' + empty));
                empty = 0;
            }
            let letter: char = piece.into();
            match board.color_on(square) {
                Some(Color::White) => text.push(letter.to_ascii_uppercase()),
                _ => text.push(letter),
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        if rank > Rank::First {
            text.push('/');
        }
    }
    text.push_str(match board.side_to_move() {
        Color::White => " w ",
        Color::Black => " b ",
    });
    let before = text.len();
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        for file in rights.short.into_iter().chain(rights.long) {
            let letter: char = file.into();
            match color {
                Color::White => text.push(letter.to_ascii_uppercase()),
                Color::Black => text.push(letter),
            }
        }
    }
    if text.len() == before {
        text.push('-');
    }
    match legal_en_passant(board) {
        Some(square) => {
            text.push(' ');
            text.push_str(&square.to_string());
        }
        None => text.push_str(" -"),
    }
    text
}

/// The tree's maps' hasher: a node's key is a Zobrist hash already, as even in every bit as
/// a hasher makes it, so it is its own hash (SipHash took a tenth of the counting).
#[derive(Clone, Copy, Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// A map by node key.
pub(crate) type KeyMap<V> =
    std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// SplitMix64's finaliser: a well-spread 64-bit value of `x`.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use cozy_chess::Board;

    use super::{epd, key};

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).unwrap()
    }

    #[test]
    fn en_passant_counts_only_when_a_capture_is_legal() {
        // After 1. e4: no black pawn can take on e3, so the square is not part of the key.
        let after_e4 = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        let no_ep = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(key(&after_e4, 518), key(&no_ep, 518));
        assert_eq!(
            epd(&after_e4),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha -"
        );
        // A black pawn on d4 can take on e3: the square counts.
        let takes = board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
        let cannot = board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
        assert_ne!(key(&takes, 518), key(&cannot, 518));
        assert!(epd(&takes).ends_with(" b HAha e3"));
        // Pinned: the d4 pawn cannot take, its king on the fourth rank behind it.
        let pinned = board("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
        assert!(epd(&pinned).ends_with(" b - -"));
    }

    #[test]
    fn the_epd_is_cozy_chess_fen_cut_to_four_fields() {
        // Random games from every start: each position's EPD against cozy-chess's own
        // Shredder-FEN, its en passant square kept only where a capture is legal.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for id in 0..960u16 {
            let sp = chess960::StartingPosition::from_id(id).unwrap();
            let fen = chess960::fen::Fen::new(sp, chess960::fen::CastlingNotation::Shredder);
            let mut board = Board::from_fen(fen.as_ref(), true).unwrap();
            for _ in 0..60 {
                let cozy = format!("{board:#}");
                let fields: Vec<&str> = cozy.split(' ').collect();
                let ep = super::legal_en_passant(&board).map_or("-".to_owned(), |s| s.to_string());
                assert_eq!(
                    epd(&board),
                    format!("{} {} {} {ep}", fields[0], fields[1], fields[2])
                );
                let mut moves = Vec::new();
                board.generate_moves(|m| {
                    moves.extend(m);
                    false
                });
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                board.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn starts_do_not_share_nodes() {
        let start = Board::default();
        assert_ne!(key(&start, 518), key(&start, 519));
    }
}
