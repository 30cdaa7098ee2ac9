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

/// A player, as lichess nests it (`rating` null where the Elo tag gives none).
#[derive(Serialize, Debug)]
struct Player {
    name: String,
    rating: Option<u32>,
}

/// A game as lichess's explorer writes it (`uci` in the lists of games, not in a move's
/// `game`), then where it is: `file`, `game`, `offset`. `speed` and `mode` are left out
/// where the tags do not say (as lichess's masters games), `year` and `month` where the date
/// is not known.
#[derive(Serialize, Debug)]
pub struct Game {
    #[serde(skip_serializing_if = "Option::is_none")]
    uci: Option<String>,
    id: String,
    winner: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    speed: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mode: Option<&'static str>,
    white: Player,
    black: Player,
    #[serde(skip_serializing_if = "Option::is_none")]
    year: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    month: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
}

impl Game {
    /// `game` as lichess writes it, told with `games`; its move `with_uci` (in the lists of
    /// games, not in a move's `game`).
    pub fn new(game: &NodeGame, games: &Games, with_uci: bool) -> Game {
        let [white, black] = game.players.clone();
        let file = games.files.get(game.file);
        let id = match &game.lichess_id {
            Some(id) => id.clone(),
            None => stable_id(file.map_or("-".as_ref(), |f| f.as_os_str()), game.number),
        };
        Game {
            uci: with_uci.then(|| game.uci.to_string()),
            id,
            winner: game.outcome.winner(),
            speed: game.speed.map(|s| s.as_str()),
            mode: game.mode.map(|m| m.as_str()),
            white: Player {
                name: white,
                rating: game.elo[0],
            },
            black: Player {
                name: black,
                rating: game.elo[1],
            },
            year: game.month.map(|m| m.year),
            month: game.month.map(|m| m.to_string()),
            file: games.locations.then_some(game.file),
            game: games.locations.then_some(game.number),
            offset: games.locations.then_some(game.offset),
        }
    }
}
