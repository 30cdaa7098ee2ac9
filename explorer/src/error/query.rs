//! Why a query has no answer ([`QueryError`]): a FEN or a move the index refuses, or an index
//! that cannot be read.

use super::index::IndexError;

/// Why a query has no answer.
///
/// ```
/// use chess960_explorer::QueryError;
///
/// # fn check(err: QueryError) {
/// match err.parameter() {
///     Some(name) => eprintln!("400: {name}: {err}"),
///     None => eprintln!("500: {err}"),
/// }
/// # }
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum QueryError {
    /// The FEN is not a position that can be played.
    Fen {
        /// The FEN as given.
        fen: String,
        /// Why.
        why: chess960_pgn::moves::BadFen,
    },
    /// The FEN is a position, but not as lichess's explorer reads one: it breaks `why`.
    FenRule {
        /// The FEN as given.
        fen: String,
        /// The rule it breaks.
        why: super::FenRule,
    },
    /// A move of `play` is not legal where it is played.
    Play(chess960_pgn::tree::PlayError),
    /// `play` has more than [`MAX_PLAY`](crate::MAX_PLAY) moves.
    TooLong {
        /// How many it has.
        moves: usize,
        /// The most it may have (`MAX_PLAY`: the plies an index counts).
        limit: usize,
    },
    /// The index could not be read.
    Index(IndexError),
    /// A parameter this explorer cannot answer (a tree read with its filters cannot filter
    /// again).
    Unsupported {
        /// lichess's name of the parameter.
        parameter: &'static str,
        /// Why it cannot.
        why: &'static str,
    },
}

impl QueryError {
    /// The query's parameter at fault, lichess's name for it (`fen`, `play`); `None` when the
    /// index failed.
    pub fn parameter(&self) -> Option<&'static str> {
        match self {
            QueryError::Fen { .. } | QueryError::FenRule { .. } => Some("fen"),
            QueryError::Play(_) | QueryError::TooLong { .. } => Some("play"),
            QueryError::Index(_) => None,
            QueryError::Unsupported { parameter, .. } => Some(parameter),
        }
    }
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueryError::Fen { fen, why } => write!(
                f,
                "{fen}: {}",
                match why {
                    chess960_pgn::moves::BadFen::Syntax => "not a FEN",
                    _ => "not a position that can be played",
                }
            ),
            QueryError::FenRule { fen, why } => write!(f, "{fen}: {why}"),
            QueryError::Play(err) => err.fmt(f),
            QueryError::TooLong { moves, limit } => write!(
                f,
                "{moves} moves: at most {limit} are played (the index counts the first {limit} plies)",
            ),
            QueryError::Index(err) => err.fmt(f),
            QueryError::Unsupported { why, .. } => f.write_str(why),
        }
    }
}

impl From<IndexError> for QueryError {
    fn from(err: IndexError) -> QueryError {
        QueryError::Index(err)
    }
}

impl std::error::Error for QueryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            QueryError::Play(err) => Some(err),
            QueryError::FenRule { why, .. } => Some(why),
            QueryError::Index(err) => Some(err),
            _ => None,
        }
    }
}
