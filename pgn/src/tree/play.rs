//! A start and moves in UCI → the position they reach (`--play`, lichess's `play=`), or the
//! first move that cannot be played there ([`PlayError`]).

use std::fmt;

use chess960::fen::{CastlingNotation, Fen};
use chess960::{DoubleStartingPosition, UciMove};
use cozy_chess::{Board, Move, Piece};

use super::key::epd;
use crate::moves::{UciCastling, uci};

/// A move of `--play` that cannot be played.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_pgn::tree::Plan;
///
/// let sp = StartingPosition::from_id(518).unwrap().into();
/// let err = Plan::starts(vec![sp]).at(sp, &["e2e4", "e7e4"]).unwrap_err();
/// assert_eq!(err.to_string(), "move 2, e7e4: not a legal move in UCI there");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct PlayError {
    /// Its place among the moves, from 1.
    pub ply: usize,
    /// The move as given.
    pub text: String,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {}, {}: not a legal move in UCI there",
            self.ply, self.text
        )
    }
}

impl std::error::Error for PlayError {}

/// The FEN after `moves` (UCI, as [`Plan::at`](super::Plan::at) reads them) from `start`:
/// castling by the rooks' files (Shredder-FEN), en passant only where a capture is legal, the
/// halfmove clock and the move number; for books of the positions a tree's lines reach.
///
/// # Errors
///
/// The first move that is not UCI or not legal there.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_pgn::tree::fen_after;
///
/// let sp = StartingPosition::from_id(105).unwrap().into();
/// let fen = fen_after(sp, &["f1g3", "f8g6", "g1h1"])?;
/// assert_eq!(fen, "qnrbb1kr/pppppppp/6n1/8/8/6N1/PPPPPPPP/QNRBBRK1 b hc - 3 2");
/// # Ok::<(), chess960_pgn::tree::PlayError>(())
/// ```
pub fn fen_after(
    start: DoubleStartingPosition,
    moves: &[impl AsRef<str>],
) -> Result<String, PlayError> {
    let board = play(start, moves)?;
    Ok(format!(
        "{} {} {}",
        epd(&board),
        board.halfmove_clock(),
        board.fullmove_number()
    ))
}

/// The start's position, all four castlings allowed.
pub fn root(start: DoubleStartingPosition) -> Board {
    let fen = Fen::new(start, CastlingNotation::Shredder).to_string();
    // Every start's FEN is a legal position: the default board only if that ever changed.
    Board::from_fen(&fen, true).unwrap_or_default()
}

/// The position after `moves` from `start`.
pub(crate) fn play(
    start: DoubleStartingPosition,
    moves: &[impl AsRef<str>],
) -> Result<Board, PlayError> {
    play_from(root(start), moves)
}

/// The position after `moves` from `board`.
pub fn play_from(mut board: Board, moves: &[impl AsRef<str>]) -> Result<Board, PlayError> {
    for (i, text) in moves.iter().enumerate() {
        let text = text.as_ref().trim();
        let mv = legal(&board, text).ok_or_else(|| PlayError {
            ply: i + 1,
            text: text.to_owned(),
        })?;
        board.play_unchecked(mv);
    }
    Ok(board)
}

/// The position after `moves`, already read as UCI, from `board`.
///
/// # Errors
///
/// The first move that is not legal there.
///
/// ```
/// use chess960_pgn::tree::play_uci;
///
/// let moves = ["e2e4".parse()?, "e7e4".parse()?];
/// let err = play_uci(cozy_chess::Board::default(), &moves).unwrap_err();
/// assert_eq!((err.ply, err.text.as_str()), (2, "e7e4"));
/// # Ok::<(), chess960::board::ParseUciMoveError>(())
/// ```
pub fn play_uci(mut board: Board, moves: &[UciMove]) -> Result<Board, PlayError> {
    for (i, &uci) in moves.iter().enumerate() {
        let mv = legal_uci(&board, uci).ok_or_else(|| PlayError {
            ply: i + 1,
            text: uci.to_string(),
        })?;
        board.play_unchecked(mv);
    }
    Ok(board)
}

/// The legal move spelled `text` in UCI: castling as the king onto its rook, or by its two
/// squares where no other move is spelled so.
pub fn legal(board: &Board, text: &str) -> Option<Move> {
    let uci: UciMove = text.parse().ok()?;
    // Only the spelling UCI writes: no other text reads as the same move.
    (uci.to_string() == text).then_some(())?;
    legal_uci(board, uci)
}

/// The legal move that `uci` spells: castling as the king onto its rook, or by its two
/// squares where no other move is spelled so.
///
/// ```
/// use chess960_pgn::tree::legal_uci;
///
/// let board = cozy_chess::Board::default();
/// assert_eq!(legal_uci(&board, "e2e4".parse()?).map(|mv| mv.to.to_string()), Some("e4".to_owned()));
/// assert_eq!(legal_uci(&board, "e2e5".parse()?), None);
/// # Ok::<(), chess960::board::ParseUciMoveError>(())
/// ```
pub fn legal_uci(board: &Board, uci_move: UciMove) -> Option<Move> {
    let mut found = None;
    let us = board.side_to_move();
    board.generate_moves(|moves| {
        for mv in moves {
            let castles =
                board.colored_pieces(us, Piece::Rook).has(mv.to) && board.king(us) == mv.from;
            let spellings = [UciCastling::KingTakesRook, UciCastling::KingTwoSquares];
            if spellings
                .iter()
                .any(|&spelling| uci(mv, castles, spelling) == uci_move)
            {
                found = Some(mv);
            }
        }
        false
    });
    found
}
