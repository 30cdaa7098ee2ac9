//! What an explorer is asked ([`Query`]): a position (a FEN, then moves in UCI), the games
//! counted there (lichess's filters: speeds, rating groups, months) and how much of the answer
//! is wanted (moves, top and recent games, the history by month).

use cozy_chess::Board;

use crate::error::QueryError;
use chess960_pgn::moves::Setup;
use chess960_pgn::tree::play_from;
use chess960_pgn::{Month, RatingGroups, Speeds};

/// The most moves `play` may hold: lichess's explorer indexes 50 plies, so no longer line
/// can reach a node.
pub const MAX_PLAY: usize = 50;

/// The most top games, and the most recent games, an answer lists (lichess's `/lichess`
/// gives at most 4 of each); the index keeps what these need.
pub const MAX_GAMES: usize = 4;

/// One question to an explorer, as lichess's `/lichess` takes it.
///
/// ```
/// use chess960_explorer::Query;
///
/// let query = Query::at("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", &["e2e4"]);
/// assert_eq!((query.play.len(), query.top_games, query.history), (1, 4, false));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Query {
    /// The position moves are played from (a FEN, castling in any of X-FEN, Shredder-FEN or
    /// KQkq); the standard start when `None`, as lichess's.
    pub fen: Option<String>,
    /// Moves in UCI from `fen`, castling as the king taking its rook (or, where it is not
    /// ambiguous, the king's two squares); at most [`MAX_PLAY`].
    pub play: Vec<String>,
    /// Only the games of these speeds; every speed when `None`.
    pub speeds: Option<Speeds>,
    /// Only the games of these rating groups (the players' average); every game, rated or
    /// not, when `None`.
    pub ratings: Option<RatingGroups>,
    /// Only the games of this month or later.
    pub since: Option<Month>,
    /// Only the games of this month or earlier.
    pub until: Option<Month>,
    /// The most moves listed (most played first); all when `None`.
    pub moves: Option<usize>,
    /// The highest-rated games listed, at most.
    pub top_games: usize,
    /// The latest games listed, at most.
    pub recent_games: usize,
    /// Whether the answer has the games of each month (lichess's `history`).
    pub history: bool,
}

impl Default for Query {
    /// The standard start, every game, lichess's defaults: 4 top games, 4 recent games.
    fn default() -> Query {
        Query {
            fen: None,
            play: Vec::new(),
            speeds: None,
            ratings: None,
            since: None,
            until: None,
            moves: None,
            top_games: 4,
            recent_games: 4,
            history: false,
        }
    }
}

impl Query {
    /// The position `play` reaches from `fen`, every game counted, lichess's defaults.
    pub fn at(fen: &str, play: &[&str]) -> Query {
        Query {
            fen: Some(fen.to_owned()),
            play: play.iter().map(|&mv| mv.to_owned()).collect(),
            ..Query::default()
        }
    }

    /// The position it asks about: its FEN (the standard start without one), its moves
    /// played.
    pub(crate) fn board(&self) -> Result<Board, QueryError> {
        if self.play.len() > MAX_PLAY {
            return Err(QueryError::TooLong {
                moves: self.play.len(),
            });
        }
        let board = match &self.fen {
            Some(fen) => {
                Setup::read(fen)
                    .map_err(|why| QueryError::Fen {
                        fen: fen.clone(),
                        why,
                    })?
                    .board
            }
            None => Board::default(),
        };
        play_from(board, &self.play).map_err(QueryError::Play)
    }
}
