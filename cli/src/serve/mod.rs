//! `chess960 serve`: an HTTP server speaking lichess's opening explorer API. This part reads
//! a query string as lichess's explorer reads it ([`Endpoint::parse`]) and names what is
//! wrong with it ([`ParamError`]); what answers a query is an [`Explore`].

mod error;
mod params;

#[cfg(test)]
mod tests;

use chess960_pgn::index::Query;

pub use error::ParamError;
pub use params::Endpoint;

/// What answers one endpoint (`/lichess`, `/masters`): the JSON body of a query's answer.
///
/// It is called on a blocking thread, several at once, so it may read a disk. A FEN or a move
/// that cannot be played is a [`ParamError`] naming `fen` or `play` (a 400); a panic is a
/// 500, and the server goes on.
///
/// ```
/// use chess960_cli::serve::{Explore, ParamError};
/// use chess960_pgn::index::Query;
///
/// /// Knows only the start of the standard game.
/// struct Standard;
///
/// impl Explore for Standard {
///     fn answer(&self, query: &Query) -> Result<String, ParamError> {
///         match (&query.fen, query.play.is_empty()) {
///             (None, true) => Ok(r#"{"white":1,"draws":0,"black":0,"moves":[]}"#.to_owned()),
///             (Some(_), _) => Err(ParamError::new("fen", "only the standard start is known")),
///             (None, false) => Err(ParamError::new("play", "no move is known")),
///         }
///     }
/// }
///
/// let err = Standard.answer(&Query::at("8/8/8/8/8/8/8/8 w - - 0 1", &[])).unwrap_err();
/// assert_eq!(err.parameter, "fen");
/// ```
pub trait Explore: Send + Sync {
    /// The JSON body answering `query`, or what is wrong with its FEN or its moves.
    fn answer(&self, query: &Query) -> Result<String, ParamError>;
}
