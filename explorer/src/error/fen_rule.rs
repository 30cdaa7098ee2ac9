//! The rule a query's FEN breaks ([`FenRule`]), beyond what a PGN's FEN tag is allowed.

use std::fmt;

use cozy_chess::Square;

/// The rule a query's FEN breaks.
///
/// ```
/// use chess960_explorer::{Explorer, FenRule, Query, QueryError};
/// use chess960_pgn::tree::{Plan, Tree};
/// use chess960_pgn::{Input, Options};
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n";
/// let plan = Plan::starts(vec![chess960::StartingPosition::STANDARD.into()]);
/// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &plan)?;
/// // No rook on b1: a right no rook holds.
/// let query = Query::at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w BHah - 0 1", &[]);
/// let err = tree.explore(&query).unwrap_err();
/// assert!(matches!(err, QueryError::FenRule { why: FenRule::Castling { right: 'B' }, .. }));
/// assert_eq!(err.parameter(), Some("fen"));
/// // The pieces alone.
/// let query = Query::at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", &[]);
/// assert!(matches!(tree.explore(&query), Err(QueryError::FenRule { why: FenRule::Incomplete, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum FenRule {
    /// The pieces alone (or fewer than four fields): the side to move, the castling rights
    /// and the en passant square are wanted.
    Incomplete,
    /// A castling right (`K`, `Q`, or a rook's file, `H`, `c`…) that no rook holds: a rook of
    /// that side on its back rank, on that side of its king (the outermost for `K`, `Q`).
    Castling {
        /// The right as given.
        right: char,
    },
    /// An en passant square no pawn could have just passed: with White to move, a square of
    /// the sixth rank, empty, a black pawn in front of it and the square behind it empty
    /// (the third rank, for Black).
    EnPassant {
        /// The square as given.
        square: Square,
    },
}

impl fmt::Display for FenRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenRule::Incomplete => f.write_str(
                "the side to move, the castling rights and the en passant square are wanted after the pieces (`w KQkq -`)",
            ),
            FenRule::Castling { right } => write!(
                f,
                "castling right {right}: no rook can castle that way (a rook of that side on its back rank, on that side of its king)"
            ),
            FenRule::EnPassant { square } => write!(
                f,
                "en passant square {square}: no pawn could have just passed it (the side to move's sixth rank, empty, behind the pawn that passed)"
            ),
        }
    }
}

impl std::error::Error for FenRule {}
