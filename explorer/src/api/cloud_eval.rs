//! An index's evaluation (`chess960_explorer::CloudEval`) as lichess's `/api/cloud-eval`
//! writes it ([`CloudEvalAnswer`]): `fen`, `knodes`, `depth`, then `pvs[]`, each its `moves`
//! (space-separated UCI) and `cp` or `mate` (White's view).

use serde::Serialize;

use crate::api::eval::Score;
use crate::store::evals::CloudEval;

/// lichess's cloud evaluation of a position, as `/api/cloud-eval` answers it.
///
/// ```
/// use chess960_explorer::api::CloudEvalAnswer;
/// use chess960_explorer::{CloudEval, EvalSource, Pv, PvScore};
///
/// let source = EvalSource::new("Stockfish 17", "nodes=1000000", 1);
/// let pvs = vec![Pv::new(vec!["g2g3".into(), "g7g6".into()], PvScore::Cp(31)), Pv::new(vec!["b2b3".into()], PvScore::Mate(-4))];
/// let eval = CloudEval::new(22, 1000, pvs, source);
/// let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
/// let json = serde_json::to_string(&CloudEvalAnswer::new(fen, &eval, 5))?;
/// assert_eq!(json, r#"{"fen":"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1","knodes":1000,"depth":22,"pvs":[{"moves":"g2g3 g7g6","cp":31},{"moves":"b2b3","mate":-4}]}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Serialize, Debug)]
pub struct CloudEvalAnswer {
    fen: String,
    knodes: u64,
    depth: u32,
    pvs: Vec<Line>,
}

#[derive(Serialize, Debug)]
struct Line {
    moves: String,
    #[serde(flatten)]
    score: Score,
}

impl CloudEvalAnswer {
    /// `eval`'s first `lines` lines, for the position asked as `fen`.
    pub fn new(fen: &str, eval: &CloudEval, lines: usize) -> CloudEvalAnswer {
        let pvs = eval
            .pvs
            .iter()
            .take(lines)
            .map(|pv| Line {
                moves: pv.moves.join(" "),
                score: Score::of_pv(pv.score),
            })
            .collect();
        CloudEvalAnswer {
            fen: fen.to_owned(),
            knodes: eval.knodes,
            depth: eval.depth,
            pvs,
        }
    }
}

/// [`CloudEvalAnswer`] as JSON text, the server's body.
pub fn cloud_eval_json(fen: &str, eval: &CloudEval, lines: usize) -> String {
    // A body of numbers and strings always serializes.
    serde_json::to_string(&CloudEvalAnswer::new(fen, eval, lines)).unwrap_or_default()
}
