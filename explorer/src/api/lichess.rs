//! lichess's explorer's shapes of a move and a game (`moves[]`, `topGames[]`, `recentGames[]`,
//! a move's `game`), field for field and in lichess's order, as serde types that the index's
//! answers and the tree's lines both write.

use std::path::PathBuf;

use chess960_pgn::tree::{NodeGame, NodeMove};
use serde::Serialize;

use crate::api::eval::Score;
use crate::store::id::stable_id;

/// What a node's games are told with: the inputs' names, for the ids of games that are not
/// lichess's (by a game's `file`), and whether each game says where it is (`file`, `game`,
/// `offset`: not in an index's answers, which are lichess's alone).
#[derive(Debug)]
pub struct Games<'a> {
    /// The inputs' names, by a game's `file`.
    pub files: &'a [PathBuf],
    /// Whether each game says where it is.
    pub locations: bool,
}

/// A move as lichess's explorer writes it.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Move {
    uci: String,
    san: String,
    /// The mover's Elo averaged over the games where it is known; 0 where none is (lichess
    /// always writes the field).
    average_rating: u64,
    white: u64,
    draws: u64,
    black: u64,
    game: Option<Game>,
    opening: Option<()>,
    /// Ours, after lichess's fields: the engine's score of the position the move reaches
    /// (an index's evaluations, `chess960 index evals`), where there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<Score>,
}

impl Move {
    /// The move with the engine's score of the position it reaches.
    pub fn with_eval(self, eval: Option<Score>) -> Move {
        Move { eval, ..self }
    }

    /// `mv` as lichess writes it, its one game told with `games`.
    pub fn new(mv: &NodeMove, games: &Games) -> Move {
        let c = &mv.counts;
        Move {
            uci: mv.uci.to_string(),
            san: mv.san.to_string(),
            average_rating: c.average_rating().unwrap_or(0),
            white: c.white,
            draws: c.draws,
            black: c.black,
            game: mv.game.as_ref().map(|game| Game::new(game, games, false)),
            opening: None,
            eval: None,
        }
    }
}

/// A player, as lichess nests it (`rating` 0 where the Elo tag gives none, as a move's
/// `averageRating`: lichess always writes a number).
#[derive(Serialize, Debug)]
struct Player {
    name: String,
    rating: u32,
}

/// The speed written for a game whose `TimeControl` says none: lichess's masters games,
/// over the board, are classical.
const UNKNOWN_SPEED: &str = "classical";

/// The mode written for a game whose `Event` says neither rated nor casual (rated is
/// lichess's word for its own rated games).
const UNKNOWN_MODE: &str = "casual";

/// The month written for a game whose date is not known (its `year` 0).
const UNKNOWN_MONTH: &str = "0000-00";

/// A game as lichess's explorer writes it (`uci` in the lists of games, not in a move's
/// `game`), then `"lichess": false` for a game not from lichess, then where it is: `file`,
/// `game`, `offset`. Every field lichess always writes is
/// always written, whatever the game's tags say: a speed not known is `classical`, a mode
/// `casual`, a date year 0 and month `0000-00`, a rating 0.
#[derive(Serialize, Debug)]
pub struct Game {
    #[serde(skip_serializing_if = "Option::is_none")]
    uci: Option<String>,
    id: String,
    winner: Option<&'static str>,
    speed: &'static str,
    mode: &'static str,
    white: Player,
    black: Player,
    year: u16,
    month: String,
    /// Ours, after lichess's fields: written only as `false`, for a game not from lichess
    /// (its `id` an index's, 11 letters and digits made from what identifies the game, by
    /// which `/masters/pgn/ID` gives it; a tree's, made from its file's name and number); a
    /// lichess game's `id` is its lichess id, `https://lichess.org/ID`, and its fields are
    /// lichess's alone.
    #[serde(skip_serializing_if = "is_true")]
    lichess: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
}

fn is_true(value: &bool) -> bool {
    *value
}

impl Game {
    /// `game` as lichess writes it, told with `games`; its move `with_uci` (in the lists of
    /// games, not in a move's `game`).
    pub fn new(game: &NodeGame, games: &Games, with_uci: bool) -> Game {
        let [white, black] = game.players.clone();
        let file = games.files.get(game.file);
        let id = match (&game.lichess_id, &game.id) {
            (Some(id), _) | (None, Some(id)) => id.clone(),
            (None, None) => stable_id(file.map_or("-".as_ref(), |f| f.as_os_str()), game.number),
        };
        Game {
            uci: with_uci.then(|| game.uci.to_string()),
            id,
            winner: game.outcome.winner(),
            speed: game.speed.map_or(UNKNOWN_SPEED, |s| s.as_str()),
            mode: game.mode.map_or(UNKNOWN_MODE, |m| m.as_str()),
            white: Player {
                name: white,
                rating: game.elo[0].unwrap_or(0),
            },
            black: Player {
                name: black,
                rating: game.elo[1].unwrap_or(0),
            },
            year: game.month.map_or(0, |m| m.year),
            month: game
                .month
                .map_or_else(|| UNKNOWN_MONTH.to_owned(), |m| m.to_string()),
            lichess: game.lichess_id.is_some(),
            file: games.locations.then_some(game.file),
            game: games.locations.then_some(game.number),
            offset: games.locations.then_some(game.offset),
        }
    }
}
