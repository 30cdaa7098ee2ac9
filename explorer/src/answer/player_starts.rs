//! Which starts' games can reach a position ([`Reachable`]), told from what the position
//! proves about its pieces, so that a busy player's games of other starts are not read
//! (`players.tbl` keeps them by start: `store/players.rs`).
//!
//! A piece proven never to have moved stands where the game's start put it:
//! - a side with a castling right has never moved its king, nor the rook of that right;
//! - a bishop on its side's back rank, with each of the two squares diagonally in front of it
//!   (those on the board) held by a pawn of its side on that side's first pawn rank, has never
//!   moved: a pawn there has stood there since the start (no pawn moves back or sideways to
//!   its first rank), so no piece ever crossed those squares to or from the bishop's, and a
//!   bishop enters or leaves only across them.
//!
//! A start that puts another piece on such a square cannot be the start of a game that
//! reached the position; every other start may be.

use chess960_pgn::tree::STARTS;
use cozy_chess::{Board, Color, File, Piece, Rank, Square};

use crate::store::players::Start;

/// The pieces a position proves unmoved: each its file, its letter (`K`, `R`, `B`) and its
/// colour.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Reachable {
    unmoved: Vec<(File, u8, Color)>,
}

impl Reachable {
    /// What `board` proves.
    pub(crate) fn of(board: &Board) -> Reachable {
        let mut unmoved = Vec::new();
        for color in [Color::White, Color::Black] {
            let (home, pawns) = match color {
                Color::White => (Rank::First, Rank::Second),
                Color::Black => (Rank::Eighth, Rank::Seventh),
            };
            let rights = board.castle_rights(color);
            let rooks: Vec<File> = [rights.short, rights.long].into_iter().flatten().collect();
            let king = board.king(color);
            if !rooks.is_empty() && king.rank() == home {
                unmoved.push((king.file(), b'K', color));
                unmoved.extend(rooks.into_iter().map(|file| (file, b'R', color)));
            }
            let own_pawns = board.colored_pieces(color, Piece::Pawn);
            for bishop in board.colored_pieces(color, Piece::Bishop) {
                if bishop.rank() != home {
                    continue;
                }
                let file = bishop.file() as i8;
                let fenced = [file - 1, file + 1]
                    .into_iter()
                    .filter_map(|f| File::try_index(usize::try_from(f).ok()?))
                    .all(|f| own_pawns.has(Square::new(f, pawns)));
                if fenced {
                    unmoved.push((bishop.file(), b'B', color));
                }
            }
        }
        Reachable { unmoved }
    }

    /// Whether games that began at `start` may reach the position: a start not numbered (a
    /// FEN's) always may; a start with another piece where one is proven unmoved may not.
    pub(crate) fn admits(&self, start: Start) -> bool {
        let Some(number) = start.checked_sub(1) else {
            return true;
        };
        let Ok(pair) = STARTS.pair(number) else {
            return true;
        };
        let ranks = [pair.white().to_ascii(), pair.black().to_ascii()];
        self.unmoved.iter().all(|&(file, letter, color)| {
            let rank = match color {
                Color::White => &ranks[0],
                Color::Black => &ranks[1],
            };
            rank.get(file as usize) == Some(&letter)
        })
    }
}

#[cfg(test)]
mod tests {
    use chess960::DoubleStartingPosition;
    use chess960_pgn::tree::{STARTS, root};
    use cozy_chess::Board;

    use super::Reachable;

    fn start(white: u16, black: u16) -> u32 {
        let pair = DoubleStartingPosition::new(
            chess960::StartingPosition::from_id(white).unwrap(),
            chess960::StartingPosition::from_id(black).unwrap(),
        );
        STARTS.number(pair) + 1
    }

    #[test]
    fn a_start_admits_itself_and_few_others() {
        for (white, black) in [(518, 518), (105, 105), (0, 959), (959, 0)] {
            let pair = DoubleStartingPosition::new(
                chess960::StartingPosition::from_id(white).unwrap(),
                chess960::StartingPosition::from_id(black).unwrap(),
            );
            let reachable = Reachable::of(&root(pair));
            assert!(reachable.admits(start(white, black)));
            assert!(reachable.admits(0), "a FEN's start");
            // At a start, every king, rook and bishop is proven unmoved: of the 960 starts
            // of one back rank for both, at most those with the knights and queen moved about.
            let admitted = (0..960)
                .filter(|&id| reachable.admits(start(id, id)))
                .count();
            assert!(
                (white != black && admitted == 0) || (1..=3).contains(&admitted),
                "{white} {black}: {admitted}"
            );
        }
    }

    #[test]
    fn what_a_position_proves_after_moves() {
        // 518 after 1. e4 e5 2. Bc4: White's king and rooks (castling rights) and the c1
        // bishop (b2 and d2 at home); Black's king, rooks and c8 bishop (not f8's: e7 moved).
        let board: Board = "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2"
            .parse()
            .unwrap();
        let reachable = Reachable::of(&board);
        assert_eq!(reachable.unmoved.len(), 3 + 1 + 3 + 1, "{reachable:?}");
        assert!(reachable.admits(start(518, 518)));
        // RNBKQBNR (king and queen swapped): its king is not on e1.
        let swapped = (0..960)
            .find(|&id| chess960::StartingPosition::from_id(id).unwrap().to_ascii() == *b"RNBKQBNR")
            .unwrap();
        assert!(!reachable.admits(start(swapped, swapped)));
        // No castling right, no fenced bishop: every start may.
        let bare: Board = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
        let reachable = Reachable::of(&bare);
        assert!((0..960).all(|id| reachable.admits(start(id, id))));
    }
}
