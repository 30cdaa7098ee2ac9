//! A move in SAN → the legal move it names on a board, as python-chess's `parse_san` finds it:
//! castling by the side's right, a piece of the kind named that may go to the square (and
//! stand on the file and rank given), a pawn of the file given (or of the square's file, for
//! a push), and a move given by both squares (`e2e4`, `e1h1`) as it is. Anything else, or more
//! than one such move, is a [`Miss`].

use cozy_chess::{
    BitBoard, Board, File, Move, Piece, Rank, Square, get_between_rays, get_bishop_rays,
    get_king_moves, get_knight_moves, get_line_rays, get_pawn_attacks, get_rook_rays,
};

use super::san::San;

/// Why no move was found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Miss {
    /// No legal move is the one named.
    Illegal,
    /// Several legal moves are.
    Ambiguous,
    /// A pawn's move to the last rank names no piece to promote to.
    NoPromotion,
}

/// The legal move `san` names on `board`. `standard`: the game is standard chess as
/// python-chess plays it (no Chess960 Variant, the kings on e1 and e8, castling rooks in the
/// corners), where castling is also the king's move two squares given by both squares
/// (`e1g1`). Written as a king's move (`Kg1`, `Ke1g1`) it is no move, as in python-chess's
/// `parse_san` (which masks its own rook's square out of a SAN move's targets).
pub(crate) fn resolve(board: &Board, san: San, standard: bool) -> Result<Move, Miss> {
    let us = board.side_to_move();
    let king = board.king(us);
    match san {
        San::Null => Err(Miss::Illegal),
        San::Castle { short } => {
            let rights = board.castle_rights(us);
            let rook = if short { rights.short } else { rights.long };
            let rook = rook.ok_or(Miss::Illegal)?;
            legal(board, king, Square::new(rook, king.rank()), None)
        }
        San::Normal {
            piece: None,
            file: Some(file),
            rank: Some(rank),
            to,
            promotion,
        } => {
            let from = Square::new(file, rank);
            if from == king {
                if let Some(rook) = two_squares_castle(board, to, standard) {
                    return legal(board, king, rook, promotion);
                }
            }
            let pawn = board.colored_pieces(us, Piece::Pawn).has(from);
            if pawn && promotion.is_none() && last_rank(to) {
                // python-chess promotes to a queen, then finds the piece missing.
                return match legal(board, from, to, Some(Piece::Queen)) {
                    Ok(_) => Err(Miss::NoPromotion),
                    Err(miss) => Err(miss),
                };
            }
            legal(board, from, to, promotion)
        }
        San::Normal {
            piece,
            file,
            rank,
            to,
            promotion,
        } => {
            if board.colors(us).has(to) {
                return Err(Miss::Illegal);
            }
            let mut from = match piece {
                Some(piece) => board.colored_pieces(us, piece) & reaching(piece, to),
                None => pawns_reaching(board, to) & file.unwrap_or(to.file()).bitboard(),
            };
            if let Some(file) = file {
                from &= file.bitboard();
            }
            if let Some(rank) = rank {
                from &= rank.bitboard();
            }
            let mut found = Err(Miss::Illegal);
            let mut promotes = false;
            for from in from {
                let mv = Move {
                    from,
                    to,
                    promotion,
                };
                if is_legal(board, piece, mv) {
                    if found.is_ok() {
                        return Err(Miss::Ambiguous);
                    }
                    found = Ok(mv);
                } else if piece.is_none() && promotion.is_none() && last_rank(to) {
                    let queen = Move {
                        promotion: Some(Piece::Queen),
                        ..mv
                    };
                    promotes |= board.is_legal(queen);
                }
            }
            match found {
                Err(_) if promotes => Err(Miss::NoPromotion),
                found => found,
            }
        }
    }
}

/// `from` to `to`, if that is a legal move.
fn legal(board: &Board, from: Square, to: Square, promotion: Option<Piece>) -> Result<Move, Miss> {
    let mv = Move {
        from,
        to,
        promotion,
    };
    if board.is_legal(mv) {
        Ok(mv)
    } else {
        Err(Miss::Illegal)
    }
}

/// Whether `mv`, a move of a `piece` from a square from which it could reach `mv.to` on an
/// empty board to a square none of its side's pieces stand on, is legal. A knight's or a
/// slider's move while nothing checks is told from the pieces between and the pins alone;
/// the others are left to [`Board::is_legal`], which generates the piece's moves.
fn is_legal(board: &Board, piece: Option<Piece>, mv: Move) -> bool {
    let quick = matches!(
        piece,
        Some(Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)
    ) && mv.promotion.is_none()
        && board.checkers().is_empty();
    if !quick {
        return board.is_legal(mv);
    }
    let clear = piece == Some(Piece::Knight)
        || (get_between_rays(mv.from, mv.to) & board.occupied()).is_empty();
    let king = board.king(board.side_to_move());
    let held = board.pinned().has(mv.from) && !get_line_rays(king, mv.from).has(mv.to);
    clear && !held
}

/// In standard chess, the rook a king's move two squares from e1 (e8) to `to` castles with.
fn two_squares_castle(board: &Board, to: Square, standard: bool) -> Option<Square> {
    let king = board.king(board.side_to_move());
    if !standard || king.file() != File::E || to.rank() != king.rank() {
        return None;
    }
    let rights = board.castle_rights(board.side_to_move());
    let rook = match to.file() {
        File::G => rights.short?,
        File::C => rights.long?,
        _ => return None,
    };
    Some(Square::new(rook, king.rank()))
}

fn last_rank(to: Square) -> bool {
    matches!(to.rank(), Rank::First | Rank::Eighth)
}

/// The squares from which a `piece` (not a pawn) could reach `to` on an empty board: the
/// candidates [`Board::is_legal`] decides among (whose own look at the pieces between is
/// cheaper than a slider's lookup in tables).
pub(crate) fn reaching(piece: Piece, to: Square) -> BitBoard {
    match piece {
        Piece::Knight => get_knight_moves(to),
        Piece::Bishop => get_bishop_rays(to),
        Piece::Rook => get_rook_rays(to),
        Piece::Queen => get_bishop_rays(to) | get_rook_rays(to),
        Piece::King => get_king_moves(to),
        Piece::Pawn => BitBoard::EMPTY,
    }
}

/// The side to move's pawns that might move to `to`: one or two squares behind it, or a
/// capture away.
fn pawns_reaching(board: &Board, to: Square) -> BitBoard {
    let us = board.side_to_move();
    let back: i8 = if us == cozy_chess::Color::White {
        -1
    } else {
        1
    };
    let mut from = get_pawn_attacks(to, !us);
    for squares in [1, 2] {
        if let Some(square) = to.try_offset(0, back * squares) {
            from |= square.bitboard();
        }
    }
    from & board.colored_pieces(us, Piece::Pawn)
}
