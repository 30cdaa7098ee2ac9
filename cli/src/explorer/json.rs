//! An index's answer (`chess960_pgn::index::Answer`) as lichess's `/lichess` writes it, field
//! for field and in lichess's order: `white`, `draws`, `black`, `moves[]`, `recentGames[]`,
//! `topGames[]`, `opening`, then `history[]` when asked.

use chess960_pgn::index::{Answer, MonthGames};
use serde::Serialize;

use crate::tree::json::{Game, Games, Move};

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
}

/// `answer` as lichess's JSON; `names` are the index's files by their number (for the ids of
/// games not from lichess).
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
            .map(|mv| Move::new(mv, &games))
            .collect(),
        recent_games: list(&answer.recent_games),
        top_games: list(&answer.top_games),
        opening: None,
        history: answer
            .history
            .as_ref()
            .map(|months| months.iter().map(Month::from).collect()),
    };
    // A body of numbers and strings always serializes.
    serde_json::to_string(&body).unwrap_or_default()
}
