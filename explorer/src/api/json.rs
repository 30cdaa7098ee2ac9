//! An [`Answer`] as lichess's `/lichess` writes it ([`LichessAnswer`]), field for field and in
//! lichess's order: `white`, `draws`, `black`, `moves[]`, `recentGames[]`, `topGames[]`,
//! `opening`, then `history[]` when asked. The server writes it, then ours where the index
//! holds evaluations (`eval`, the position's best line; each move's `eval`); the CLI's tree
//! writes it, then its own fields.

use std::path::PathBuf;

use serde::Serialize;

use crate::answer::Answer;
use crate::answer::history::MonthGames;
use crate::api::eval::{Eval, Score};
use crate::api::lichess::{Game, Games, Move};

/// A month's games, as lichess's `history` lists them.
#[derive(Serialize, Debug)]
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

/// One answer, as lichess's explorer writes it: the body of `/lichess` and `/masters`.
///
/// ```
/// use chess960_explorer::Answer;
/// use chess960_explorer::api::{Games, LichessAnswer};
///
/// let answer = Answer::default();
/// let games = Games { files: &[], locations: false };
/// let json = serde_json::to_string(&LichessAnswer::new(&answer, &games, &[]))?;
/// assert_eq!(json, r#"{"white":0,"draws":0,"black":0,"moves":[],"recentGames":[],"topGames":[],"opening":null}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct LichessAnswer {
    white: u64,
    draws: u64,
    black: u64,
    moves: Vec<Move>,
    recent_games: Vec<Game>,
    top_games: Vec<Game>,
    opening: Option<()>,
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<Vec<Month>>,
}

impl LichessAnswer {
    /// `answer`, its games told with `games`, each move with the engine's score of the
    /// position it reaches from `scores` (in the order of its moves; none past its end).
    pub fn new(answer: &Answer, games: &Games, scores: &[Option<Score>]) -> LichessAnswer {
        let list = |of: &[chess960_pgn::tree::NodeGame]| -> Vec<Game> {
            of.iter().map(|game| Game::new(game, games, true)).collect()
        };
        LichessAnswer {
            white: answer.white,
            draws: answer.draws,
            black: answer.black,
            moves: answer
                .moves
                .iter()
                .enumerate()
                .map(|(at, mv)| Move::new(mv, games).with_eval(scores.get(at).copied().flatten()))
                .collect(),
            recent_games: list(&answer.recent_games),
            top_games: list(&answer.top_games),
            opening: None,
            history: answer
                .history
                .as_ref()
                .map(|months| months.iter().map(Month::from).collect()),
        }
    }

    /// The answer with its first `most` moves only (`--max-moves`).
    #[must_use]
    pub fn cut_moves(mut self, most: usize) -> LichessAnswer {
        self.moves.truncate(most);
        self
    }
}

/// An index's answer as the server's `/lichess` body: lichess's answer ([`LichessAnswer`],
/// each move with the engine's score of the position it reaches), then the position's
/// evaluation (`eval`, its best line) where the index holds one.
#[derive(Serialize, Debug)]
pub struct LichessBody {
    #[serde(flatten)]
    lichess: LichessAnswer,
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<Eval>,
}

impl LichessBody {
    /// `answer`'s body; `names` are the index's files by their number (for the ids of games
    /// not from lichess).
    pub fn new(answer: &Answer, names: &[PathBuf]) -> LichessBody {
        let games = Games {
            files: names,
            locations: false,
        };
        let scores: Vec<Option<Score>> = answer
            .move_evals
            .iter()
            .map(|eval| eval.as_ref().and_then(Score::of_cloud))
            .collect();
        LichessBody {
            lichess: LichessAnswer::new(answer, &games, &scores),
            eval: answer.eval.as_ref().and_then(Eval::of_cloud),
        }
    }
}

/// [`LichessBody`] as JSON text.
pub fn to_json(answer: &Answer, names: &[PathBuf]) -> String {
    // A body of numbers and strings always serializes.
    serde_json::to_string(&LichessBody::new(answer, names)).unwrap_or_default()
}
