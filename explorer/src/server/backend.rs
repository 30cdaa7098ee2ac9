//! What answers each endpoint: a [`Backend`] (an index's, a test's, a proxy's), and the
//! [`Endpoints`] a server is given.

use std::fmt;
use std::sync::Arc;

use super::error::BackendError;
use super::starts;
use crate::answer::player::PlayerQuery;
use crate::answer::query::Query;
use crate::api::CloudEvalQuery;

/// What answers one endpoint (`/lichess`, `/masters`): the JSON body of a query's answer.
/// [`IndexBackend`](super::IndexBackend) is an index's: its typed answer ([`Explorer`](crate::Explorer)) written
/// as [`LichessBody`](crate::api::LichessBody); a test, a proxy or a cache may give bodies of
/// its own, which is why the server asks for the body and not for an answer to write.
///
/// It is called on a blocking thread, several at once, so it may read a disk. A FEN or a move
/// that cannot be played is a [`ParamError`](crate::api::ParamError) naming `fen` or `play` (a 400); an index that
/// cannot be read is [`BackendError::Unavailable`] (a 503), one damaged
/// [`BackendError::Damaged`] (a 500); a panic is a 500, and the server
/// goes on.
///
/// ```
/// use chess960_explorer::api::ParamError;
/// use chess960_explorer::server::{Backend, BackendError};
/// use chess960_explorer::Query;
///
/// /// Knows only the start of the standard game.
/// struct Standard;
///
/// impl Backend for Standard {
///     fn answer(&self, query: &Query) -> Result<String, BackendError> {
///         match (&query.fen, query.play.is_empty()) {
///             (None, true) => Ok(r#"{"white":1,"draws":0,"black":0,"moves":[]}"#.to_owned()),
///             (Some(_), _) => Err(ParamError::new("fen", "only the standard start is known"))?,
///             (None, false) => Err(ParamError::new("play", "no move is known"))?,
///         }
///     }
/// }
///
/// let err = Standard.answer(&Query::at("8/8/8/8/8/8/8/8 w - - 0 1", &[])).unwrap_err();
/// assert!(matches!(err, BackendError::Param(err) if err.parameter == "fen"));
/// ```
pub trait Backend: Send + Sync {
    /// The JSON body answering `query`, or what is wrong with its FEN or its moves, or with
    /// the index.
    fn answer(&self, query: &Query) -> Result<String, BackendError>;

    /// The JSON body of lichess's cloud evaluation of the position `query` asks for, in
    /// lichess's shape (`fen`, `knodes`, `depth`, `pvs[]` with `moves` and `cp` or `mate`),
    /// or `None` when there is none (a 404). None by default.
    fn cloud_eval(&self, query: &CloudEvalQuery) -> Result<Option<String>, BackendError> {
        let _ = query;
        Ok(None)
    }

    /// A line of `/player`'s NDJSON body: lichess's player explorer row
    /// ([`PlayerAnswer`](crate::api::PlayerAnswer), `queuePosition` 0: ready at once), or
    /// `None` when this backend has no players (a 404). None by default.
    fn player(&self, asked: &PlayerQuery) -> Result<Option<String>, BackendError> {
        let _ = asked;
        Ok(None)
    }

    /// The PGN of the game its answers show by `id` (`/masters/pgn/{id}`,
    /// `/lichess/pgn/{id}`), as lichess's explorer writes a game ([`crate::api::pgn`]), or
    /// `None` when there is no such game (a 404). None by default.
    fn pgn(&self, id: &str) -> Result<Option<String>, BackendError> {
        let _ = id;
        Ok(None)
    }

    /// The JSON body of `/summary`, what the index holds and how fresh it is:
    /// `{"games": N, "newestMonth": "2024-03", "files": F, "lastAdded": SECONDS,
    /// "generation": G}` (`newestMonth` and `lastAdded` `null` when not known), or `None`
    /// when this backend cannot say (a 404). None by default.
    fn summary(&self) -> Result<Option<String>, BackendError> {
        Ok(None)
    }

    /// The JSON body of `/starts`: the 960 starts in Scharnagl's order, each
    /// `{"id": 518, "rank": "RNBQKBNR", "games": N}`, N the games at its position (both
    /// sides from it, no move played). By default from [`Backend::answer`]'s totals (its
    /// `white`, `draws` and `black`) at each start, 960 answers a call; [`IndexBackend`](super::IndexBackend)
    /// keeps its list until its index changes.
    fn starts(&self) -> Result<String, BackendError> {
        starts::starts_json(|query| starts::games_of_body(&self.answer(query)?))
    }
}

/// What answers each endpoint: `/lichess` always, `/masters` when there is a masters index
/// (a 404 when `None`).
#[derive(Clone)]
pub struct Endpoints {
    /// Answers `/lichess`.
    pub lichess: Arc<dyn Backend>,
    /// Answers `/masters`, if anything does.
    pub masters: Option<Arc<dyn Backend>>,
}

impl fmt::Debug for Endpoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endpoints")
            .field("lichess", &"dyn Backend")
            .field("masters", &self.masters.as_ref().map(|_| "dyn Backend"))
            .finish()
    }
}
