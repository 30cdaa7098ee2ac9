//! Nodes as JSON lines: one node in the shape of lichess's explorer API (`white`, `draws`,
//! `black`, `moves[]` with `uci`, `san`, `averageRating`, `white`, `draws`, `black`, and
//! `topGames[]`), and every node of a tree (`--nodes`), each with its start and FEN.

use std::io::{self, Write};

use chess960_pgn::tree::{Node, NodeGame, NodeMove};
use serde_json::{Map, Value, json};

use crate::json::write_line;

/// A move as lichess's explorer writes it (`averageRating` left out where no Elo is known).
fn move_json(mv: &NodeMove) -> Value {
    let c = &mv.counts;
    let mut object = Map::new();
    object.insert("uci".into(), mv.uci.clone().into());
    object.insert("san".into(), mv.san.clone().into());
    if let Some(rating) = c.average_rating() {
        object.insert("averageRating".into(), rating.into());
    }
    object.insert("white".into(), c.white.into());
    object.insert("draws".into(), c.draws.into());
    object.insert("black".into(), c.black.into());
    Value::Object(object)
}

/// A top game: lichess's fields where we have them (`uci`, `winner`, `white.rating`,
/// `black.rating`), and where it is (`file`, `game`, `offset`) instead of lichess's `id`.
fn game_json(game: &NodeGame) -> Value {
    json!({
        "uci": game.uci,
        "file": game.file,
        "game": game.number,
        "offset": game.offset,
        "winner": game.winner,
        "white": {"rating": game.elo[0]},
        "black": {"rating": game.elo[1]},
    })
}

/// The start and the node's counts, the fields every line begins with.
fn head(node: &Node) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("white_sp".into(), node.start.white().id().into());
    object.insert("black_sp".into(), node.start.black().id().into());
    object.insert("fen".into(), node.fen.clone().into());
    object.insert("white".into(), node.white.into());
    object.insert("draws".into(), node.draws.into());
    object.insert("black".into(), node.black.into());
    object
}

/// One node, reached by `play`, as lichess's explorer answers it, with its start, the moves
/// that reach it and its FEN.
pub fn write_explorer(out: &mut impl Write, node: &Node, play: &[String]) -> io::Result<()> {
    let mut object = head(node);
    object.insert("play".into(), play.into());
    object.insert("moves".into(), node.moves.iter().map(move_json).collect());
    object.insert(
        "topGames".into(),
        node.top_games.iter().map(game_json).collect(),
    );
    write_line(out, &Value::Object(object))
}

/// One node of a whole tree: its start, FEN, counts and moves.
pub fn write_node(out: &mut impl Write, node: &Node) -> io::Result<()> {
    let mut object = head(node);
    object.insert("moves".into(), node.moves.iter().map(move_json).collect());
    write_line(out, &Value::Object(object))
}
