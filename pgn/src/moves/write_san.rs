//! A replayed move → its canonical SAN ([`SanMove`]): the piece letter, the fewest
//! disambiguating characters (file, else rank, else both), `x` for captures, `=Q`, `O-O` and
//! `O-O-O` (the rook's side of the king), `+` and `#`; `--` for a null move.

use std::fmt;

use cozy_chess::{Board, Move, Piece};

use super::resolve::reaching;

/// One move in SAN, as text kept in the value (`Nbxd2+`, `exd8=Q#`, `O-O-O`).
///
/// ```
/// use chess960_pgn::moves::Replay;
///
/// let replay = Replay::of_pgn(b"1. e2e4 f7f5 2. Qd1h5 g7g6?? 3. Qh5xg6 h7xg6 4. e4-e5 *");
/// let san: Vec<String> = replay.san().map(|mv| mv.to_string()).collect();
/// assert_eq!(san, ["e4", "f5", "Qh5+", "g6", "Qxg6+", "hxg6", "e5"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SanMove {
    text: [u8; 8],
    len: u8,
}

impl SanMove {
    /// The move's SAN.
    pub fn as_str(&self) -> &str {
        let bytes = self.text.get(..usize::from(self.len)).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }

    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.text.get_mut(usize::from(self.len)) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn push_square(&mut self, square: cozy_chess::Square) {
        self.push(b'a' + square.file() as u8);
        self.push(b'1' + square.rank() as u8);
    }
}

impl fmt::Display for SanMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// `mv` on `board` (before it is played) in SAN; `after`, the board after it.
pub fn san(board: &Board, mv: Move, after: &Board) -> SanMove {
    let mut san = SanMove {
        text: [0; 8],
        len: 0,
    };
    let us = board.side_to_move();
    let piece = board.piece_on(mv.from);
    if mv.from == mv.to {
        san.push(b'-');
        san.push(b'-');
        return san;
    }
    if piece == Some(Piece::King) && board.colored_pieces(us, Piece::Rook).has(mv.to) {
        san.push(b'O');
        san.push(b'-');
        san.push(b'O');
        if mv.to.file() < mv.from.file() {
            san.push(b'-');
            san.push(b'O');
        }
    } else {
        let capture = board.colors(!us).has(mv.to)
            || (piece == Some(Piece::Pawn) && mv.to.file() != mv.from.file());
        match piece {
            Some(Piece::Pawn) | None => {
                if capture {
                    san.push(b'a' + mv.from.file() as u8);
                }
            }
            Some(piece) => {
                san.push(char::from(piece).to_ascii_uppercase() as u8);
                let others = (board.colored_pieces(us, piece) & reaching(piece, mv.to))
                    .into_iter()
                    .filter(|&from| from != mv.from && board.is_legal(Move { from, ..mv }));
                let (mut any, mut same_file, mut same_rank) = (false, false, false);
                for other in others {
                    any = true;
                    same_file |= other.file() == mv.from.file();
                    same_rank |= other.rank() == mv.from.rank();
                }
                if any && (!same_file || same_rank) {
                    san.push(b'a' + mv.from.file() as u8);
                }
                if any && same_file {
                    san.push(b'1' + mv.from.rank() as u8);
                }
            }
        }
        if capture {
            san.push(b'x');
        }
        san.push_square(mv.to);
        if let Some(promotion) = mv.promotion {
            san.push(b'=');
            san.push(char::from(promotion).to_ascii_uppercase() as u8);
        }
    }
    if !after.checkers().is_empty() {
        let mated = !after.generate_moves(|_| true);
        san.push(if mated { b'#' } else { b'+' });
    }
    san
}
