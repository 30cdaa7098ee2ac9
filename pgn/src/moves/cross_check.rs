//! Two cross-checks over random games from every start: SAN written is read back as the same
//! move, and the SAN reader finds what a search of every legal move for python-chess's rule
//! finds.

use cozy_chess::{Board, File, Move, Piece, Rank, Square};

use super::resolve::{Miss, resolve};
use super::san::{San, Word, read_word};

/// A random game's boards and moves from `board`, `plies` long at most.
fn random_game(mut board: Board, plies: usize, seed: &mut u64) -> Vec<(Board, Move)> {
    let mut game = Vec::new();
    for _ in 0..plies {
        let mut moves = Vec::new();
        board.generate_moves(|piece_moves| {
            moves.extend(piece_moves);
            false
        });
        if moves.is_empty() {
            break;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let mv = moves[(*seed % moves.len() as u64) as usize];
        game.push((board.clone(), mv));
        board.play(mv);
    }
    game
}

#[test]
fn written_san_reads_back_as_the_same_move_in_random_games_from_every_start() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    for id in 0..960 {
        let board = Board::chess960_startpos(id);
        for (before, mv) in random_game(board, 120, &mut seed) {
            let mut after = before.clone();
            after.play(mv);
            let san = super::write_san::san(&before, mv, &after);
            let Word::Move(read) = read_word(san.as_str().as_bytes()) else {
                panic!("{san} not read");
            };
            assert_eq!(resolve(&before, read, false), Ok(mv), "{san} in {before}");
        }
    }
}

/// python-chess's `parse_san` for `san`, by trying every legal move: castling by the side of
/// the rook; a piece of the kind to the square (not onto its own piece); both squares given
/// without a piece, that move; else a pawn of the file given, or of the square's file.
fn every_legal_move(board: &Board, san: San) -> Result<Move, Miss> {
    let mut legal = Vec::new();
    board.generate_moves(|piece_moves| {
        legal.extend(piece_moves);
        false
    });
    let us = board.side_to_move();
    let king = board.king(us);
    let castles = |mv: &Move| mv.from == king && board.colored_pieces(us, Piece::Rook).has(mv.to);
    let matching: Vec<Move> = legal
        .into_iter()
        .filter(|mv| match san {
            San::Null => false,
            San::Castle { short } => castles(mv) && (mv.to.file() > king.file()) == short,
            San::Normal {
                piece: None,
                file: Some(f),
                rank: Some(r),
                to,
                promotion,
            } => mv.from == Square::new(f, r) && mv.to == to && mv.promotion == promotion,
            San::Normal {
                piece,
                file,
                rank,
                to,
                promotion,
            } => {
                board.piece_on(mv.from) == Some(piece.unwrap_or(Piece::Pawn))
                    && !castles(mv)
                    && mv.to == to
                    && mv.promotion == promotion
                    && file.is_none_or(|f| mv.from.file() == f)
                    && rank.is_none_or(|r| mv.from.rank() == r)
                    && (piece.is_some() || file.is_some() || mv.from.file() == to.file())
            }
        })
        .collect();
    match matching[..] {
        [mv] => Ok(mv),
        [] => Err(Miss::Illegal),
        _ => Err(Miss::Ambiguous),
    }
}

#[test]
fn the_san_reader_finds_what_a_search_of_every_legal_move_finds_from_a_sample_of_starts() {
    cross_checked((0..960).step_by(41), 200_000);
}

#[test]
#[ignore = "exhaustive (every 7th start, a million SANs): .ci/run runs it with --ignored; the default runs a sample"]
fn the_san_reader_finds_what_a_search_of_every_legal_move_finds() {
    cross_checked((0..960).step_by(7), 1_000_000);
}

/// Random games from each start of `starts`, each position asked every SAN of each piece,
/// destination, promotion and disambiguation (more than `least` in all): the reader finds
/// what a search of every legal move finds.
fn cross_checked(starts: impl Iterator<Item = u32>, least: usize) {
    let pieces = [
        None,
        Some(Piece::Knight),
        Some(Piece::Bishop),
        Some(Piece::Rook),
        Some(Piece::Queen),
        Some(Piece::King),
    ];
    let promotions = [None, Some(Piece::Queen), Some(Piece::Knight)];
    let mut seed = 0x2545_f491_4f6c_dd1d;
    let mut checked = 0;
    for id in starts {
        for (board, _) in random_game(Board::chess960_startpos(id), 80, &mut seed) {
            for to in Square::ALL {
                for piece in pieces {
                    for promotion in promotions {
                        let file_of = |n: u64| File::try_index((n % 9) as usize);
                        seed = seed.rotate_left(7) ^ 0x9e37_79b9;
                        let file = file_of(seed);
                        let rank = Rank::try_index((seed >> 8) as usize % 9);
                        let san = San::Normal {
                            piece,
                            file,
                            rank,
                            to,
                            promotion,
                        };
                        let want =
                            every_legal_move(&board, san).map_err(|miss| miss == Miss::Ambiguous);
                        let got =
                            resolve(&board, san, false).map_err(|miss| miss == Miss::Ambiguous);
                        assert_eq!(got, want, "{san:?} in {board}");
                        checked += 1;
                    }
                }
            }
            for short in [true, false] {
                let san = San::Castle { short };
                assert_eq!(
                    resolve(&board, san, false).ok(),
                    every_legal_move(&board, san).ok(),
                    "{board}"
                );
            }
        }
    }
    assert!(checked > least, "{checked}");
}
