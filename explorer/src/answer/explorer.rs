//! What an opening explorer answers ([`Explorer`]): a [`Query`] to its [`Answer`], the same
//! typed answer whether the games were counted in memory (the tree of `chess960-pgn`) or on
//! disk (an [`Index`](crate::Index)), so that every writer (lichess's JSON, the CLI's text and page,
//! Python's dicts) works over either.

use crate::answer::Answer;
use crate::answer::query::Query;
use crate::error::QueryError;

/// An opening explorer: the answer to a query, as lichess's explorer gives it. An [`Index`](crate::Index)
/// answers any position by its FEN, with any filter; the in-memory tree answers from a
/// start's FEN and moves, for the games it was read with, listing the top and recent games
/// its plan kept (see its implementation).
///
/// ```
/// use chess960_explorer::{Explorer, Query};
/// use chess960_pgn::{Input, Options, tree::{Plan, Tree}};
///
/// fn most_played(explorer: &impl Explorer, query: &Query) -> Option<String> {
///     let answer = explorer.explore(query).ok()?;
///     Some(answer.moves.first()?.san.to_string())
/// }
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n";
/// let sp = chess960::StartingPosition::STANDARD.into();
/// let plan = Plan::starts(vec![sp]).top_games(15).recent_games(8); // as an index keeps them
/// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &plan)?;
/// assert_eq!(most_played(&tree, &Query::default()).as_deref(), Some("e4"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Explorer {
    /// The answer to `query`: the position its FEN and moves reach, the games of its filters.
    ///
    /// # Errors
    ///
    /// The query's FEN or moves cannot be played, or ask what this explorer cannot answer
    /// ([`QueryError::parameter`] names which), or its store cannot be read.
    fn explore(&self, query: &Query) -> Result<Answer, QueryError>;
}
