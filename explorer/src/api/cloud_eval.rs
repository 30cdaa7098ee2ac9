//! An index's evaluation (`chess960_explorer::CloudEval`) as lichess's `/api/cloud-eval`
//! writes it: `fen`, `knodes`, `depth`, then `pvs[]`, each its `moves` (space-separated UCI)
//! and `cp` or `mate` (White's view).

use crate::store::evals::CloudEval;
use serde::Serialize;

use crate::api::eval::Score;

#[derive(Serialize)]
struct Body<'a> {
    fen: &'a str,
    knodes: u64,
    depth: u32,
    pvs: Vec<Line>,
}

#[derive(Serialize)]
struct Line {
    moves: String,
    #[serde(flatten)]
    score: Score,
}

/// `eval`'s first `lines` lines as lichess's JSON, for the position asked as `fen`.
///
/// ```
/// use chess960_explorer::api::cloud_eval_json;
/// use chess960_explorer::{CloudEval, EvalSource, Pv, PvScore};
///
/// let source = EvalSource::new("Stockfish 17", "nodes=1000000", 1);
/// let pvs = vec![Pv::new(vec!["g2g3".into(), "g7g6".into()], PvScore::Cp(31)), Pv::new(vec!["b2b3".into()], PvScore::Mate(-4))];
/// let eval = CloudEval::new(22, 1000, pvs, source);
/// let json = cloud_eval_json("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1", &eval, 5);
/// assert_eq!(json, r#"{"fen":"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1","knodes":1000,"depth":22,"pvs":[{"moves":"g2g3 g7g6","cp":31},{"moves":"b2b3","mate":-4}]}"#);
/// ```
pub fn cloud_eval_json(fen: &str, eval: &CloudEval, lines: usize) -> String {
    let pvs = eval
        .pvs
        .iter()
        .take(lines)
        .filter_map(|pv| {
            Some(Line {
                moves: pv.moves.join(" "),
                score: Score::of_pv(pv.score)?,
            })
        })
        .collect();
    let body = Body {
        fen,
        knodes: eval.knodes,
        depth: eval.depth,
        pvs,
    };
    serde_json::to_string(&body).unwrap_or_default()
}
