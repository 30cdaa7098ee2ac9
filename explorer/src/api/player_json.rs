//! A player's explorer as lichess's `/player` writes each line of its NDJSON ([`PlayerAnswer`]):
//! `white`, `draws`, `black`, `moves[]` (`uci`, `san`, `averageOpponentRating`,
//! `performance`, `white`, `draws`, `black`, `game`, `opening`), `recentGames[]`, `opening`,
//! `queuePosition` (0: every player of an index is ready at once).

use chess960_pgn::tree::NodeMove;
use cozy_chess::Color;
use serde::Serialize;

use crate::answer::Answer;
use crate::answer::player::performance;
use crate::api::lichess::{Game, Games};

/// A move of a player's explorer, as lichess writes it: its opponents' average Elo and the
/// player's performance where an opponent's Elo is known (else the fields are left out, as
/// lichess leaves them).
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
struct PlayerMove {
    uci: String,
    san: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    average_opponent_rating: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    performance: Option<i32>,
    white: u64,
    draws: u64,
    black: u64,
    game: Option<Game>,
    opening: Option<()>,
}

impl PlayerMove {
    fn new(mv: &NodeMove, color: Color, games: &Games) -> PlayerMove {
        let c = &mv.counts;
        PlayerMove {
            uci: mv.uci.to_string(),
            san: mv.san.to_string(),
            average_opponent_rating: c.average_rating(),
            performance: performance(c, color),
            white: c.white,
            draws: c.draws,
            black: c.black,
            game: mv.game.as_ref().map(|game| Game::new(game, games, false)),
            opening: None,
        }
    }
}

/// One line of `/player`'s answer, as lichess writes it.
///
/// ```
/// use chess960_explorer::Answer;
/// use chess960_explorer::api::{Games, PlayerAnswer};
///
/// let games = Games { files: &[], locations: false };
/// let row = PlayerAnswer::new(&Answer::default(), cozy_chess::Color::White, &games);
/// assert_eq!(serde_json::to_string(&row)?, r#"{"white":0,"draws":0,"black":0,"moves":[],"recentGames":[],"opening":null,"queuePosition":0}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PlayerAnswer {
    white: u64,
    draws: u64,
    black: u64,
    moves: Vec<PlayerMove>,
    recent_games: Vec<Game>,
    opening: Option<()>,
    queue_position: u64,
}

impl PlayerAnswer {
    /// The answer of [`crate::Index::player`] for the player of `color`, its games told with
    /// `games`.
    pub fn new(answer: &Answer, color: Color, games: &Games) -> PlayerAnswer {
        PlayerAnswer {
            white: answer.white,
            draws: answer.draws,
            black: answer.black,
            moves: (answer.moves.iter())
                .map(|mv| PlayerMove::new(mv, color, games))
                .collect(),
            recent_games: (answer.recent_games.iter())
                .map(|game| Game::new(game, games, true))
                .collect(),
            opening: None,
            queue_position: 0,
        }
    }
}
