//! What an explorer is asked ([`Query`]): a position (a FEN, then moves in UCI), the games
//! counted there (lichess's filters: speeds, rating groups, months) and how much of the answer
//! is wanted (moves, top and recent games, the history by month).

use chess960::UciMove;
use cozy_chess::Board;

use crate::error::QueryError;
use chess960_pgn::moves::Setup;

use crate::answer::fen_rules;
use chess960_pgn::tree::play_uci;
use chess960_pgn::{Month, RatingGroups, Speeds};

/// The most moves `play` may hold: lichess's explorer indexes 50 plies, so no longer line
/// can reach a node.
pub const MAX_PLAY: usize = 50;

/// The most top games `/lichess` lists, and its default: lichess's 4.
pub const MAX_TOP_GAMES: usize = 4;

/// The most top games `/masters` lists, and its default: lichess's 15.
pub const MAX_MASTERS_TOP_GAMES: usize = 15;

/// The most games an answer lists besides its top games, and the default of its recent
/// games: lichess's 8. The recent games fill what the top games found leave of these 8
/// (lichess's rule: 4 top games found leave 4 recent games, none found leave 8), whether or
/// not the top games are listed.
pub const MAX_RECENT_GAMES: usize = 8;

const _: () = assert!(MAX_MASTERS_TOP_GAMES >= MAX_TOP_GAMES);

/// One question to an explorer, as lichess's `/lichess` takes it.
///
/// ```
/// use chess960_explorer::Query;
///
/// let query = Query::at("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", &["e2e4"]);
/// assert_eq!((query.play.len(), query.top_games, query.recent_games), (1, 4, 8));
/// assert_eq!(query.play[0].to_string(), "e2e4");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Query {
    /// The position moves are played from (a FEN, castling in any of X-FEN, Shredder-FEN or
    /// KQkq); the standard start when `None`, as lichess's.
    pub fen: Option<String>,
    /// Moves in UCI from `fen`, castling as the king taking its rook (or, where it is not
    /// ambiguous, the king's two squares); at most [`MAX_PLAY`]. Read as UCI where the query
    /// is read (a query string's `play`); played, and so found legal or not, where it is
    /// answered.
    pub play: Vec<UciMove>,
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
    /// The most top games found, whatever `top_games` lists: the endpoint's
    /// ([`MAX_TOP_GAMES`], or [`MAX_MASTERS_TOP_GAMES`] for `/masters`). The recent games
    /// fill what those found leave of [`MAX_RECENT_GAMES`].
    pub max_top_games: usize,
    /// The latest games listed, at most.
    pub recent_games: usize,
    /// Whether the answer has the games of each month (lichess's `history`).
    pub history: bool,
}

impl Default for Query {
    /// The standard start, every game, `/lichess`'s defaults: 4 top games, and recent games
    /// up to 8 with them.
    fn default() -> Query {
        Query {
            fen: None,
            play: Vec::new(),
            speeds: None,
            ratings: None,
            since: None,
            until: None,
            moves: None,
            top_games: MAX_TOP_GAMES,
            max_top_games: MAX_TOP_GAMES,
            recent_games: MAX_RECENT_GAMES,
            history: false,
        }
    }
}

impl Query {
    /// The position `play` (moves in UCI) reaches from `fen`, every game counted, lichess's
    /// defaults. A move that is not UCI is kept as the null move, `0000`, which no position
    /// plays: the query is refused where it is answered, naming `play`.
    ///
    /// ```
    /// use chess960_explorer::Query;
    ///
    /// let query = Query::at("8/8/8/8/8/8/8/8 w - - 0 1", &["e2e4", "O-O"]);
    /// assert_eq!(query.play, ["e2e4".parse()?, chess960::UciMove::NULL]);
    /// # Ok::<(), chess960::board::ParseUciMoveError>(())
    /// ```
    pub fn at(fen: &str, play: &[&str]) -> Query {
        Query {
            fen: Some(fen.to_owned()),
            play: uci_moves(play),
            ..Query::default()
        }
    }

    /// The position it asks about: its FEN (the standard start without one), its moves
    /// played.
    pub(crate) fn board(&self) -> Result<Board, QueryError> {
        if self.play.len() > MAX_PLAY {
            return Err(QueryError::TooLong {
                moves: self.play.len(),
                limit: MAX_PLAY,
            });
        }
        let board = match &self.fen {
            Some(fen) => {
                let board = Setup::read(fen)
                    .map_err(|why| QueryError::Fen {
                        fen: fen.clone(),
                        why,
                    })?
                    .board;
                fen_rules::check(fen, &board).map_err(|why| QueryError::FenRule {
                    fen: fen.clone(),
                    why,
                })?;
                board
            }
            None => Board::default(),
        };
        play_uci(board, &self.play).map_err(QueryError::Play)
    }
}

/// `play` read as UCI, a move that is not kept as the null move (which no position plays).
pub(crate) fn uci_moves(play: &[impl AsRef<str>]) -> Vec<UciMove> {
    let read = |mv: &str| mv.parse().unwrap_or(UciMove::NULL);
    play.iter().map(|mv| read(mv.as_ref())).collect()
}
