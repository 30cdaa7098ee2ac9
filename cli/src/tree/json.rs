//! Nodes as JSON lines: one node in the shape of lichess's explorer API (`white`, `draws`,
//! `black`, `moves[]` with `uci`, `san`, `averageRating`, `white`, `draws`, `black`, and
//! `topGames[]`), and every node of a tree (`--nodes`), each with its start and FEN.

use std::io::{self, Write};

use chess960_pgn::tree::{Node, NodeGame, NodeMove};
use serde::Serialize;

use crate::json::write_line;

/// A move as lichess's explorer writes it (`averageRating` left out where no Elo is known).
#[derive(Serialize)]
struct Move<'a> {
    uci: &'a str,
    san: &'a str,
    #[serde(rename = "averageRating", skip_serializing_if = "Option::is_none")]
    average_rating: Option<u64>,
    white: u64,
    draws: u64,
    black: u64,
}

impl<'a> From<&'a NodeMove> for Move<'a> {
    fn from(mv: &'a NodeMove) -> Self {
        let c = &mv.counts;
        Move {
            uci: &mv.uci,
            san: &mv.san,
            average_rating: c.average_rating(),
            white: c.white,
            draws: c.draws,
            black: c.black,
        }
    }
}

/// A player's rating, as lichess nests it.
#[derive(Serialize)]
struct Player {
    rating: u32,
}

/// A top game: lichess's fields where we have them (`uci`, `winner`, `white.rating`,
/// `black.rating`), and where it is (`file`, `game`, `offset`) instead of lichess's `id`.
#[derive(Serialize)]
struct Game<'a> {
    uci: &'a str,
    file: usize,
    game: u64,
    offset: u64,
    winner: Option<&'static str>,
    white: Player,
    black: Player,
}

impl<'a> From<&'a NodeGame> for Game<'a> {
    fn from(game: &'a NodeGame) -> Self {
        Game {
            uci: &game.uci,
            file: game.file,
            game: game.number,
            offset: game.offset,
            winner: game.winner,
            white: Player {
                rating: game.elo[0],
            },
            black: Player {
                rating: game.elo[1],
            },
        }
    }
}

/// One node, as lichess's explorer answers it, with its start, the moves that reach it
/// (`play`, only for one node) and its FEN; its top games only for one node.
#[derive(Serialize)]
struct Line<'a> {
    white_sp: u16,
    black_sp: u16,
    fen: &'a str,
    white: u64,
    draws: u64,
    black: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<&'a [String]>,
    moves: Vec<Move<'a>>,
    #[serde(rename = "topGames", skip_serializing_if = "Option::is_none")]
    top_games: Option<Vec<Game<'a>>>,
}

impl<'a> Line<'a> {
    fn new(node: &'a Node) -> Self {
        Line {
            white_sp: node.start.white().id(),
            black_sp: node.start.black().id(),
            fen: &node.fen,
            white: node.white,
            draws: node.draws,
            black: node.black,
            play: None,
            moves: node.moves.iter().map(Move::from).collect(),
            top_games: None,
        }
    }
}

/// One node, reached by `play`, as lichess's explorer answers it, with its start, the moves
/// that reach it and its FEN.
pub fn write_explorer(out: &mut impl Write, node: &Node, play: &[String]) -> io::Result<()> {
    let line = Line {
        play: Some(play),
        top_games: Some(node.top_games.iter().map(Game::from).collect()),
        ..Line::new(node)
    };
    write_line(out, &line)
}

/// One node of a whole tree: its start, FEN, counts and moves.
pub fn write_node(out: &mut impl Write, node: &Node) -> io::Result<()> {
    write_line(out, &Line::new(node))
}
