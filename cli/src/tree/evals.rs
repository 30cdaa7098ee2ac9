//! `tree --evals FILE`: an eval file of positions (`chess960 eval --from-index --out`), each
//! position's latest good analysis, looked up by position to show beside the games.

use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use chess960_engine::{AnalysisRecord, AnalysisRecords, Position, Score as EngineScore, latest};

use chess960_explorer::api::{Eval, Score};

/// The evaluations of an eval file by position (its EPD); none without `--evals`.
#[derive(Default)]
pub struct Evals(HashMap<String, Eval>);

impl Evals {
    /// Each position's latest good analysis in the file at `path`; an error says what is
    /// wrong with it.
    pub fn read(path: &Path) -> Result<Evals, String> {
        let shown = path.display();
        let file = File::open(path).map_err(|err| format!("--evals {shown}: {err}"))?;
        let records = AnalysisRecords::new(BufReader::new(file))
            .map(|record| record.map_err(|err| format!("--evals {shown}: {err}")));
        let kept = latest(records, Ok)?;
        Ok(Evals(
            kept.into_iter()
                .filter_map(|(position, record)| Some((position.to_string(), eval(&record)?)))
                .collect(),
        ))
    }

    /// Whether there is none (no `--evals`, or a file of failures only).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The evaluation of the position of `fen`, if the file has one.
    pub fn of(&self, fen: &str) -> Option<&Eval> {
        if self.0.is_empty() {
            return None;
        }
        let position: Position = fen.parse().ok()?;
        self.0.get(&position.to_string())
    }

    /// The best line's score of the position of `fen`, if the file has one.
    pub fn score(&self, fen: &str) -> Option<Score> {
        self.of(fen).map(|eval| eval.score)
    }
}

/// A good record's best line; `None` for a failure.
fn eval(record: &AnalysisRecord) -> Option<Eval> {
    let analysis = record.outcome.as_ref().ok()?;
    let best = analysis.lines.first()?;
    let score = match best.score {
        EngineScore::Centipawns(cp) => Score {
            cp: Some(cp),
            mate: None,
        },
        EngineScore::Mate(moves) => Score {
            cp: None,
            mate: Some(moves),
        },
    };
    let moves: Vec<String> = best.moves.iter().map(ToString::to_string).collect();
    Some(Eval {
        score,
        depth: analysis.depth().unwrap_or(0),
        knodes: analysis.nodes.unwrap_or(0) / 1000,
        pv: moves.join(" "),
        engine: record.engine.clone(),
        limit: record.limit.to_string(),
        threads: record.threads,
        date: record.date.clone(),
    })
}
