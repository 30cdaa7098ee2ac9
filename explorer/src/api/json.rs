//! An index's answer (`chess960_explorer::Answer`) as lichess's `/lichess` writes it, field
//! for field and in lichess's order: `white`, `draws`, `black`, `moves[]`, `recentGames[]`,
//! `topGames[]`, `opening`, then `history[]` when asked; then ours, where the index holds
//! evaluations (`chess960 index evals`): `eval`, the position's (its best line), and each
//! move's `eval`, the score of the position it reaches.

use crate::answer::Answer;
use crate::answer::history::MonthGames;
use crate::store::evals::CloudEval;
use serde::Serialize;

use crate::api::eval::{Eval, Score};
use crate::api::lichess::{Game, Games, Move};

/// A month's games, as lichess's `history` lists them.
#[derive(Serialize)]
struct Month {
    month: String,
    white: u64,
    draws: u64,
    black: u64,
}

impl From<&MonthGames> for Month {
    fn from(month: &MonthGames) -> Month {
        Month {
            month: month.month.to_string(),
            white: month.white,
            draws: month.draws,
            black: month.black,
        }
    }
}

/// One answer, as lichess's explorer writes it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    white: u64,
    draws: u64,
    black: u64,
    moves: Vec<Move>,
    recent_games: Vec<Game>,
    top_games: Vec<Game>,
    opening: Option<()>,
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<Vec<Month>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<Eval>,
}

/// The score of an evaluation's best line, from White's view.
fn best(eval: &CloudEval) -> Option<Score> {
    Score::of_pv(eval.pvs.first()?.score)
}

/// `answer` as lichess's JSON; `names` are the index's files by their number (for the ids of
/// games not from lichess). Its evaluations, where it has some, after lichess's fields.
pub fn to_json(answer: &Answer, names: &[std::path::PathBuf]) -> String {
    let games = Games {
        files: names,
        locations: false,
    };
    let list = |of: &[chess960_pgn::tree::NodeGame]| -> Vec<Game> {
        of.iter()
            .map(|game| Game::new(game, &games, true))
            .collect()
    };
    let body = Body {
        white: answer.white,
        draws: answer.draws,
        black: answer.black,
        moves: answer
            .moves
            .iter()
            .enumerate()
            .map(|(at, mv)| {
                let eval = answer.move_evals.get(at).and_then(Option::as_ref);
                let eval = eval.and_then(best);
                Move::new(mv, &games).with_eval(eval)
            })
            .collect(),
        recent_games: list(&answer.recent_games),
        top_games: list(&answer.top_games),
        opening: None,
        history: answer
            .history
            .as_ref()
            .map(|months| months.iter().map(Month::from).collect()),
        eval: answer.eval.as_ref().and_then(|eval| {
            Some(Eval {
                score: best(eval)?,
                depth: eval.depth,
                knodes: eval.knodes,
                pv: eval.pvs.first()?.moves.join(" "),
                engine: eval.source.engine.clone(),
                limit: eval.source.limit.clone(),
                threads: eval.source.threads,
                date: eval.date.clone(),
            })
        }),
    };
    // A body of numbers and strings always serializes.
    serde_json::to_string(&body).unwrap_or_default()
}
