//! Nodes as JSON lines in the shape of lichess's explorer API (`/lichess`), field for field:
//! `white`, `draws`, `black`, `moves[]` (`uci`, `san`, `averageRating`, `white`, `draws`,
//! `black`, `game`, `opening`), `recentGames[]`, `topGames[]`, `opening`; then our own
//! additions, camelCase: `fen`, `whiteSp`, `blackSp` (in --numbering), `play`, and `through`
//! (moves passed through, see `Node::through`); a game's `file`, `game`, `offset`; with
//! `--evals`, the position's `eval` and each move's (`evals.rs`).

use std::io::{self, Write};
use std::path::PathBuf;

use chess960::numbering::Numbering;
use chess960_pgn::index::stable_id;
use chess960_pgn::tree::{Node, NodeGame, NodeMove};
use serde::Serialize;

use super::evals::{Eval, Evals, Score};
use crate::json::write_line;

/// What a node's games are told with: the inputs' names, for the ids of games that are not
/// lichess's (by a game's `file`), and whether each game says where it is (`file`, `game`,
/// `offset`: not in an index's answers, which are lichess's alone).
pub struct Games<'a> {
    pub files: &'a [PathBuf],
    pub locations: bool,
}

/// A move as lichess's explorer writes it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Move {
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
    pub(crate) fn with_eval(self, eval: Option<Score>) -> Move {
        Move { eval, ..self }
    }

    pub(crate) fn new(mv: &NodeMove, games: &Games) -> Move {
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
#[derive(Serialize)]
struct Player {
    name: String,
    rating: Option<u32>,
}

/// A game as lichess's explorer writes it (`uci` in the lists of games, not in a move's
/// `game`), then where it is: `file`, `game`, `offset`. `speed` and `mode` are left out
/// where the tags do not say (as lichess's masters games), `year` and `month` where the date
/// is not known.
#[derive(Serialize)]
pub(crate) struct Game {
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
    pub(crate) fn new(game: &NodeGame, games: &Games, with_uci: bool) -> Game {
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

/// One node, as lichess's explorer answers it, then our additions.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Line<'a> {
    white: u64,
    draws: u64,
    black: u64,
    moves: Vec<Move>,
    recent_games: Vec<Game>,
    top_games: Vec<Game>,
    opening: Option<()>,
    fen: &'a str,
    white_sp: u32,
    black_sp: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    through: Vec<Move>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<Eval>,
}

/// Writes `node` (reached by `play`, when given) as one JSON line, listing at most
/// `max_moves` moves, with the evaluations of `evals` of it and of what its moves reach.
pub fn write(
    out: &mut impl Write,
    node: &Node,
    play: Option<&[String]>,
    numbering: Numbering,
    games: &Games,
    (max_moves, evals): (Option<usize>, &Evals),
) -> io::Result<()> {
    let list = |games_of: &[NodeGame]| -> Vec<Game> {
        games_of
            .iter()
            .map(|game| Game::new(game, games, true))
            .collect()
    };
    let shown = max_moves.unwrap_or(usize::MAX);
    let line = Line {
        white: node.white,
        draws: node.draws,
        black: node.black,
        moves: node
            .moves
            .iter()
            .take(shown)
            .map(|mv| Move::new(mv, games).with_eval(evals.score(&mv.fen_after)))
            .collect(),
        recent_games: list(&node.recent_games),
        top_games: list(&node.top_games),
        opening: None,
        fen: &node.fen,
        white_sp: u32::from(numbering.number(node.start.white())),
        black_sp: u32::from(numbering.number(node.start.black())),
        play,
        through: node.through.iter().map(|mv| Move::new(mv, games)).collect(),
        eval: evals.of(&node.fen).cloned(),
    };
    write_line(out, &line)
}
