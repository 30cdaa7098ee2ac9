//! A game's line as the index keeps it ([`Line`]): the board it began on (its start's number,
//! or a FEN for a start with fewer castling rights) and every move, a byte a move (its place
//! among the legal moves), so that a position only one game reached is answered from the game
//! instead of being stored (its first plies read), and its PGN written (all of them).

use std::cell::RefCell;
use std::collections::HashMap;

use cozy_chess::{BitBoard, Board, Move, Piece, PieceMoves};

use crate::store::bytes::{Reader, put, put_text};
use crate::store::players::Start;
use chess960_pgn::tree::STARTS;
use chess960_pgn::tree::root;

/// A game's start and its moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Line {
    pub(crate) start: Board,
    pub(crate) moves: Vec<Move>,
}

/// The legal moves of `board`, in cozy-chess's order (the same in every run).
fn legal(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// The legal move of `board` at `place` ([`place`]), if there is one.
pub(crate) fn nth_legal(board: &Board, place: u8) -> Option<Move> {
    legal(board).get(usize::from(place)).copied()
}

/// `mv`'s place among the legal moves of `board`, in cozy-chess's order, counted without
/// gathering them: the moves of the pieces generated before `mv`'s, then those of its piece
/// to squares below `mv.to` (a piece's moves come in the order of their squares, a
/// promotion's four pieces knight, bishop, rook, queen), told by their number, not walked.
pub(crate) fn place(board: &Board, mv: Move) -> Option<u8> {
    let mut before = 0usize;
    let mut found = None;
    board.generate_moves(|piece_moves| {
        // A piece's moves may come in more than one set (a pawn's en passant capture).
        if piece_moves.has(mv) {
            let below = BitBoard(mv.to.bitboard().0 - 1);
            let lower = PieceMoves {
                to: piece_moves.to & below,
                ..piece_moves
            };
            let promotion = match mv.promotion {
                None | Some(Piece::Knight) => 0,
                Some(Piece::Bishop) => 1,
                Some(Piece::Rook) => 2,
                Some(_) => 3,
            };
            found = Some(before + lower.len() + promotion);
            return true;
        }
        before += piece_moves.len();
        false
    });
    found.and_then(|at| u8::try_from(at).ok())
}

/// The boards [`Line::start_number`] keeps told a thread, at most.
const KNOWN_BOARDS: usize = 4096;

impl Line {
    /// Appends the line: a tag (0: a start's number follows, 1: a FEN), then the moves.
    #[cfg(test)]
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        let mut board = self.start.clone();
        let mut places = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            let Some(place) = place(&board, mv) else {
                break;
            };
            places.push(place);
            board.play_unchecked(mv);
        }
        self.write_places(&places, out);
    }

    /// [`Line::write`], its moves' places (each move's [`place`] on the board it was played
    /// on, as a walk finds them) given.
    pub(crate) fn write_places(&self, places: &[u8], out: &mut Vec<u8>) {
        match self.start_number() {
            Some(number) => {
                out.push(0);
                put(out, u64::from(number));
            }
            None => {
                out.push(1);
                put_text(out, &format!("{:#}", self.start));
            }
        }
        put(out, places.len() as u64);
        out.extend_from_slice(places);
    }

    /// The number of the start whose position the line begins at, all castlings allowed.
    pub(crate) fn start_number(&self) -> Option<u32> {
        thread_local! {
            /// The boards lines began at on this thread, and their numbers (a game's start is
            /// one of a few boards: told through its FEN once each).
            static KNOWN: RefCell<HashMap<Board, Option<u32>>> = RefCell::new(HashMap::new());
        }
        let told = || {
            let fen = format!("{:#}", self.start);
            let pair = chess960::fen::FenReader::STRICT
                .read::<chess960::DoubleStartingPosition>(&fen)
                .ok()?;
            (root(pair) == self.start).then(|| STARTS.number(pair))
        };
        KNOWN.with(|known| {
            let Ok(mut known) = known.try_borrow_mut() else {
                return told();
            };
            if let Some(&number) = known.get(&self.start) {
                return number;
            }
            if known.len() >= KNOWN_BOARDS {
                known.clear();
            }
            let number = told();
            known.insert(self.start.clone(), number);
            number
        })
    }

    /// The start the line `r` holds next began at ([`Start`]), its bytes read no further.
    pub(crate) fn read_start_code(r: &mut Reader) -> Option<Start> {
        match r.byte()? {
            0 => Start::try_from(r.number()?).ok()?.checked_add(1),
            1 => Some(0),
            _ => None,
        }
    }

    /// The start the line began at, as `players.tbl` groups games ([`Start`]).
    pub(crate) fn start_code(&self) -> Start {
        self.start_number()
            .map_or(0, |number| number.saturating_add(1))
    }

    /// The board the line `r` holds next begins on, its moves not read.
    pub(crate) fn read_start(r: &mut Reader) -> Option<Board> {
        match r.byte()? {
            0 => Some(root(STARTS.pair(u32::try_from(r.number()?).ok()?).ok()?)),
            1 => Board::from_fen(r.text()?, true).ok(),
            _ => None,
        }
    }

    /// The line `r` holds next ([`Line::write`]), every move read.
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn read(r: &mut Reader) -> Option<Line> {
        Line::read_first(r, usize::MAX)
    }

    /// The line `r` holds next, its first `plies` moves read (the rest passed over: each
    /// move read is a search of the legal moves, and the positions counted are the first
    /// [`PLIES`](chess960_pgn::tree::PLIES)).
    pub(crate) fn read_first(r: &mut Reader, plies: usize) -> Option<Line> {
        let start = Line::read_start(r)?;
        let count = r.count()?;
        let mut board = start.clone();
        let mut moves = Vec::with_capacity(count.min(plies));
        for at in 0..count {
            let place = r.byte()?;
            if at >= plies {
                continue;
            }
            let mv = *legal(&board).get(usize::from(place))?;
            moves.push(mv);
            board.play_unchecked(mv);
        }
        Some(Line { start, moves })
    }
}

#[cfg(test)]
mod tests {
    use cozy_chess::{Board, Move};

    use super::Line;
    use crate::store::bytes::Reader;

    /// Every legal move's [`place`] against its index among the moves gathered ([`legal`]),
    /// at each position of a pseudo-random game from each of the 960 starts (to 300 plies or
    /// its end: promotions, en passant, checks and pins come up), and of positions made for
    /// a promotion's capture, en passant, a pin and a double check.
    #[test]
    fn places_are_the_moves_indexes_among_the_legal_moves() {
        let mut boards: Vec<Board> = [
            "r1b1k2r/1P4P1/8/8/8/8/6p1/R3K2R w HAha - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w HAha f6 0 3",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
            "4k3/8/8/8/1b6/8/3P4/4K2r w - - 0 1",
            "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
        ]
        .iter()
        .map(|fen| Board::from_fen(fen, true).unwrap())
        .collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for id in 0..960u16 {
            let pair = chess960::StartingPosition::try_from(id).unwrap();
            let pair = chess960::DoubleStartingPosition::from(pair);
            let mut board = chess960_pgn::tree::root(pair);
            for _ in 0..300 {
                let moves = super::legal(&board);
                if moves.is_empty() {
                    break;
                }
                boards.push(board.clone());
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                board.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        let mut promotions = 0;
        for board in &boards {
            for (at, &mv) in super::legal(board).iter().enumerate() {
                promotions += usize::from(mv.promotion.is_some());
                assert_eq!(
                    super::place(board, mv),
                    u8::try_from(at).ok(),
                    "{board} {mv}"
                );
            }
            let none = cozy_chess::Move {
                from: cozy_chess::Square::A1,
                to: cozy_chess::Square::A1,
                promotion: None,
            };
            assert_eq!(super::place(board, none), None, "{board}");
        }
        assert!(
            boards.len() > 100_000 && promotions > 1000,
            "{} {promotions}",
            boards.len()
        );
    }

    #[test]
    fn lines_read_back_from_starts_and_other_positions() {
        let fens = [
            "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1",
            "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w - - 0 1",
            "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1",
            // En passant: cozy-chess gives a pawn's capture of it in a set of its own.
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w HAha f6 0 3",
        ];
        for (n, fen) in fens.iter().enumerate() {
            let start = Board::from_fen(fen, true).unwrap();
            let mut board = start.clone();
            let mut moves: Vec<Move> = Vec::new();
            for ply in 0..50 {
                let mut legal = Vec::new();
                board.generate_moves(|m| {
                    legal.extend(m);
                    false
                });
                let ep = legal
                    .iter()
                    .find(|m| m.from == cozy_chess::Square::E5 && m.to == cozy_chess::Square::F6);
                let Some(&mv) = ep.or(legal.get((ply * 7 + n) % legal.len().max(1))) else {
                    break;
                };
                moves.push(mv);
                board.play_unchecked(mv);
            }
            let line = Line { start, moves };
            let mut bytes = Vec::new();
            line.write(&mut bytes);
            // A start's number, or the FEN of a start with fewer castling rights.
            assert_eq!(bytes[0], u8::from(n == 1 || n == 3));
            assert_eq!(line.moves.len(), 50);
            let mut r = Reader(&bytes);
            assert_eq!(Line::read(&mut r), Some(line));
            assert!(r.is_empty());
        }
    }
}
