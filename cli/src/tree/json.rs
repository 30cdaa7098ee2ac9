//! Nodes as JSON lines in the shape of lichess's explorer API (`/lichess`), field for field:
//! `white`, `draws`, `black`, `moves[]` (`uci`, `san`, `averageRating`, `white`, `draws`,
//! `black`, `game`, `opening`), `recentGames[]`, `topGames[]`, `opening`; then our own
//! additions, camelCase: `fen`, `whiteSp`, `blackSp` (in --numbering), `play`, and `through`
//! (moves passed through, see `Node::through`); a game's `file`, `game`, `offset`; with
//! `--evals`, the position's `eval` and each move's (`evals.rs`).

use std::io::{self, Write};

use chess960::numbering::Numbering;
use chess960_explorer::api::{Eval, Game, Games, Move};
use chess960_pgn::tree::{Node, NodeGame};
use serde::Serialize;

use super::evals::Evals;
use crate::json::write_line;

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
