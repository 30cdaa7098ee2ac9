//! An engine's score and evaluation as our JSON adds them after lichess's fields (`eval` of a
//! position and of each move), for an index's evaluations and an eval file's alike.

use serde::Serialize;

use crate::store::evals::PvScore;

/// An engine's score from White's view: centipawns, or moves to mate.
#[derive(Serialize, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Score {
    /// Centipawns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Moves to mate (negative: Black mates).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
}

impl Score {
    /// A line's score in an index ([`PvScore`]), as the JSON writes it.
    pub fn of_pv(score: PvScore) -> Option<Score> {
        match score {
            PvScore::Cp(cp) => Some(Score {
                cp: Some(cp),
                mate: None,
            }),
            PvScore::Mate(moves) => Some(Score {
                cp: None,
                mate: Some(moves),
            }),
        }
    }
}

/// A position's evaluation, its best line, after lichess's fields: what an evaluation bar
/// shows and what made it.
#[derive(Serialize, Clone, PartialEq, Eq, Debug)]
pub struct Eval {
    /// The best line's score.
    #[serde(flatten)]
    pub score: Score,
    /// The search's depth.
    pub depth: u32,
    /// Thousands of nodes searched.
    pub knodes: u64,
    /// The best line, UCI moves separated by spaces.
    pub pv: String,
    /// The engine's name.
    pub engine: String,
    /// Its limit (`nodes=1000000`).
    pub limit: String,
    /// Its threads.
    pub threads: u32,
    /// When it was evaluated, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}
