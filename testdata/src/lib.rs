//! Test data for the chess960 crates' tests, generated, never checked in: lichess-like
//! Chess960 games reproducible from a seed.
//!
//! A crate of its own, built as the libraries are (the test profile's opt-level 1): the
//! command line's tests are built unoptimised, and there the same generator spent most of
//! their time (6,000 games: 1.9 s against 0.1 s).
//!
//! ```
//! let pgn = chess960_testdata::games(1, 2, "2024.01", 0);
//! assert_eq!(pgn.matches("[Event ").count(), 2);
//! assert!(pgn.contains("[Site \"https://lichess.org/00000001\"]"));
//! ```
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test data from the tests' own starts, indexed within the lists it picks from"
)]

use cozy_chess::{Board, Move};

/// xorshift64*.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }
}

/// A move in the movetext: SAN's castling, the rest in long algebraic (which PGN readers
/// take as python-chess does).
fn written(board: &Board, mv: Move) -> String {
    let us = board.side_to_move();
    if board.king(us) == mv.from && board.colors(us).has(mv.to) {
        return if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        }
        .to_owned();
    }
    mv.to_string()
}

/// `count` lichess-like games of month `month` from six starts, lines shared and diverging,
/// their lichess ids from `first_id` on. The moves are legal, castlings in SAN (`O-O`), the
/// rest in long algebraic (`e2e4`); players `p0` to `p299`, ratings 1000 to 2499, four
/// time controls, the three results.
pub fn games(seed: u64, count: usize, month: &str, first_id: usize) -> String {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
        "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1",
        "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w GBgb - 0 1",
    ];
    games_of(&fens, seed, count, month, first_id)
}

/// [`games`] from the starts of `fens` (Shredder-FEN), each as likely.
///
/// # Panics
///
/// If `fens` is empty or holds a FEN cozy-chess cannot read (the caller's own list).
///
/// ```
/// let fens = ["qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1"];
/// let pgn = chess960_testdata::games_of(&fens, 7, 1, "2025.03", 41);
/// assert!(pgn.contains("[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]"));
/// assert!(pgn.contains("[UTCDate \"2025.03.15\"]\n"));
/// ```
pub fn games_of(fens: &[&str], seed: u64, count: usize, month: &str, first_id: usize) -> String {
    let mut r = Random(seed | 1);
    let mut pgn = String::new();
    for n in 0..count {
        let fen = fens[r.below(fens.len() as u64) as usize];
        let mut board = Board::from_fen(fen, true).unwrap();
        let mut movetext = String::new();
        for ply in 0..(10 + r.below(70)) {
            let mut moves = Vec::new();
            board.generate_moves(|m| {
                moves.extend(m);
                false
            });
            if moves.is_empty() {
                break;
            }
            moves.sort_by_key(|mv| (mv.from as u8, mv.to as u8, mv.promotion.map(|p| p as u8)));
            let pick = match r.below(4) {
                0 => r.below(moves.len() as u64),
                _ => r.below(moves.len().min(3) as u64),
            };
            let mv = moves[pick as usize];
            if ply % 2 == 0 {
                movetext.push_str(&format!("{}. ", ply / 2 + 1));
            }
            movetext.push_str(&written(&board, mv));
            movetext.push(' ');
            board.play_unchecked(mv);
        }
        let result = ["1-0", "0-1", "1/2-1/2"][r.below(3) as usize];
        let speed = ["60+0", "180+2", "600+0", "1800+20"][r.below(4) as usize];
        let (white, black) = (1000 + r.below(1500), 1000 + r.below(1500));
        pgn.push_str(&format!(
            "[Event \"Rated Chess960 game\"]\n[Site \"https://lichess.org/{:08}\"]\n\
             [White \"p{}\"]\n[Black \"p{}\"]\n[Result \"{result}\"]\n[UTCDate \"{month}.15\"]\n\
             [WhiteElo \"{white}\"]\n[BlackElo \"{black}\"]\n[TimeControl \"{speed}\"]\n\
             [Variant \"Chess960\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{movetext}{result}\n\n",
            first_id + n,
            r.below(300),
            r.below(300)
        ));
    }
    pgn
}
