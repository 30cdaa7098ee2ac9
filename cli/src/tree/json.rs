//! Nodes as JSON lines in the shape of lichess's explorer API (`/lichess`), field for field:
//! `white`, `draws`, `black`, `moves[]` (`uci`, `san`, `averageRating`, `white`, `draws`,
//! `black`, `game`, `opening`), `recentGames[]`, `topGames[]`, `opening`; then our own
//! additions, camelCase: `fen`, `whiteSp`, `blackSp` (in --numbering), `play`, and `through`
//! (moves passed through, see `Answer::through`); a game's `file`, `game`, `offset`; with
//! `--evals`, the position's `eval` and each move's (`evals.rs`).

use std::io::{self, Write};

use chess960::DoubleStartingPosition;
use chess960::numbering::Numbering;
use chess960_explorer::Answer;
use chess960_explorer::api::{Eval, Games, LichessAnswer, Move};
use serde::Serialize;

use super::evals::Evals;
use crate::json::write_line;

/// One node, as lichess's explorer answers it, then our additions.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Line<'a> {
    #[serde(flatten)]
    lichess: LichessAnswer,
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

/// Writes `node`, an answer of `start`'s tree (reached by `play`, when given), as one JSON
/// line, listing at most `max_moves` moves, with the evaluations of `evals` of it and of what
/// its moves reach.
pub fn write(
    out: &mut impl Write,
    (start, node): (DoubleStartingPosition, &Answer),
    play: Option<&[String]>,
    numbering: Numbering,
    games: &Games,
    (max_moves, evals): (Option<usize>, &Evals),
) -> io::Result<()> {
    let shown = max_moves.unwrap_or(usize::MAX);
    let scores: Vec<_> = (node.moves.iter().take(shown))
        .map(|mv| evals.score(&mv.fen_after))
        .collect();
    let line = Line {
        lichess: LichessAnswer::new(node, games, &scores).cut_moves(shown),
        fen: &node.fen,
        white_sp: u32::from(numbering.number(start.white())),
        black_sp: u32::from(numbering.number(start.black())),
        play,
        through: node.through.iter().map(|mv| Move::new(mv, games)).collect(),
        eval: evals.of(&node.fen).cloned(),
    };
    write_line(out, &line)
}
