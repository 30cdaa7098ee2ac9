//! The engine's evaluations on the explorer's page (`explorer_page.rs`): the scripted
//! engine's, added to the page's index, and what the page must show of them at each step.

use std::path::Path;

use serde_json::Value;

use crate::common::fake_engine::fake_engine;
use crate::common::{chess960, text};

/// The scripted engine's evaluations of the positions of `index` at most 4 plies from a start
/// that 15 games or more reached (under 500, in about a second), added to it: `eval
/// --from-index` then `index evals`. The screenshot's position, 3 plies deep, is among them,
/// and so are most of its moves'.
pub fn evaluate(index: &Path, dir: &Path) {
    let evals = dir.join("evals.csv");
    let _ = std::fs::remove_file(&evals);
    let (index, evals) = (index.to_str().unwrap(), evals.to_str().unwrap());
    let engine = fake_engine();
    let args = [
        "eval",
        "--from-index",
        index,
        "--min-games",
        "15",
        "--plies",
        "4",
        "--multipv",
        "1",
        "--nodes",
        "1000",
        "--engine",
        &engine,
        "--out",
        evals,
    ];
    let out = chess960(&args, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "eval --from-index: {}",
        text(&out.stderr)
    );
    let out = chess960(&["index", "evals", "--index", index, evals], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "index evals: {}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains(" evaluations added"),
        "index evals: {}",
        text(&out.stderr)
    );
}

/// The engine's evaluations at `name` as /lichess's `eval` fields say: the bar shown exactly
/// when the position has one, its title naming the engine and the limit, its white part over
/// half when White is ahead; the score under the board and each move's Engine cell the side to
/// move's (worked out by the script from /lichess's, "" for a move without one). How many
/// moves have a score, and how many not.
pub fn assert_evals(seen: &Value, name: &str) -> (usize, usize) {
    let (page, api) = (&seen["steps"][name]["page"], &seen["steps"][name]["api"]);
    let (eval, to_move) = (&api["eval"], api["toMove"].as_str().unwrap());
    let bar = &page["evalbar"];
    assert_eq!(
        bar["shown"],
        !eval.is_null(),
        "{name}: the evaluation bar is shown exactly when /lichess's answer has an eval ({eval})"
    );
    if eval.is_null() {
        assert_eq!(page["evalscore"], "", "{name}: a score without an eval");
    } else {
        let title = bar["title"].as_str().unwrap();
        for field in ["engine", "limit", "pv"] {
            let want = eval[field].as_str().unwrap();
            assert!(
                title.contains(want),
                "{name}: the bar's title {title:?} names the {field} {want:?}"
            );
        }
        let score = api["score"].as_str().unwrap();
        assert_eq!(
            page["evalscore"],
            format!("Engine: {score} (the side to move's)"),
            "{name}: the position's score from {to_move}'s side, /lichess's eval {eval}"
        );
        let white = bar["white"].as_f64().unwrap();
        let ahead = match (eval["cp"].as_i64(), eval["mate"].as_i64()) {
            (Some(cp), _) => cp.signum(),
            (_, Some(mate)) => mate.signum(),
            _ => panic!("{name}: an eval without cp or mate: {eval}"),
        };
        let side = if white > 50.01 {
            1
        } else if white < 49.99 {
            -1
        } else {
            0
        };
        assert_eq!(
            side, ahead,
            "{name}: the bar's White part ({white:.1}%) for /lichess's eval {eval}"
        );
    }
    let (rows, moves) = (
        page["moves"].as_array().unwrap(),
        api["moves"].as_array().unwrap(),
    );
    let evals = api["evals"].as_array().unwrap();
    assert_eq!(rows.len(), moves.len(), "{name}: the moves");
    assert_eq!(evals.len(), moves.len(), "{name}: /lichess's moves' evals");
    let mut scored = 0;
    for ((row, mv), eval) in rows.iter().zip(moves).zip(evals) {
        let san = &mv["san"];
        let want = mv["engine"].as_str().unwrap();
        assert_eq!(
            want.is_empty(),
            eval.is_null(),
            "{name}: {san}: the script's score {want:?} of /lichess's eval {eval}"
        );
        assert_eq!(
            row["engine"], want,
            "{name}: {san}'s Engine cell, from {to_move}'s side, /lichess's eval {eval}"
        );
        scored += usize::from(!want.is_empty());
    }
    (scored, rows.len() - scored)
}

/// No evaluation shown at `name` (an answer refused or none): no bar, no score.
pub fn assert_no_eval(seen: &Value, name: &str) {
    let page = page(seen, name);
    assert_eq!(
        page["evalbar"]["shown"], false,
        "{name}: the evaluation bar"
    );
    assert_eq!(page["evalscore"], "", "{name}: the position's score");
}

pub fn page<'a>(seen: &'a Value, name: &str) -> &'a Value {
    &seen["steps"][name]["page"]
}
