//! `chess960 serve`'s cloud evaluation asked by lichess's own Python client, berserk 0.14,
//! unchanged (`scripts/berserk-cloud-eval.py`).

use std::process::Command;

use serde_json::Value;

use crate::common::{chess960, text};
use crate::games_tools::{python, workdir};

fn script(name: &str) -> String {
    format!("{}/../scripts/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// berserk's `analysis.get_cloud_evaluation` against `chess960 serve`, unchanged
/// (`scripts/berserk-cloud-eval.py`): the positions of a lichess-like index a few plies deep,
/// analysed by Stockfish with three lines (`eval --from-index`), added to the index (`index
/// evals`), each asked for one line and for three: every answer passes berserk's model and
/// holds what the eval file's records hold; a position without one is lichess's 404.
#[test]
#[ignore = "needs Stockfish, berserk and pydantic (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn berserk_reads_the_cloud_evaluations_the_records_hold() {
    let stockfish = crate::common::tool(
        "stockfish",
        Some("/usr/games/stockfish".into()),
        "apt-get install stockfish",
    );
    let python = python();
    let dir = workdir("berserk-cloud-eval");
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, crate::index::games(52, 400, "2024-05", 0)).unwrap();
    let index = dir.join("index");
    let (index_s, pgn_s) = (index.to_str().unwrap(), pgn.to_str().unwrap());
    let added = chess960(&["index", "add", "--index", index_s, pgn_s], b"");
    assert!(added.status.success(), "{}", text(&added.stderr));
    let evals = dir.join("evals.csv");
    let evals_s = evals.to_str().unwrap();
    let engine = stockfish.to_str().unwrap();
    let args = [
        "eval",
        "--from-index",
        index_s,
        "--min-games",
        "20",
        "--plies",
        "2",
        "--multipv",
        "3",
        "--nodes",
        "5000",
        "--engine",
        engine,
        "--out",
        evals_s,
    ];
    let evaluated = chess960(&args, b"");
    assert!(evaluated.status.success(), "{}", text(&evaluated.stderr));
    let attached = chess960(&["index", "evals", "--index", index_s, evals_s], b"");
    assert!(attached.status.success(), "{}", text(&attached.stderr));
    let out = Command::new(&python)
        .args([
            &script("berserk-cloud-eval.py"),
            env!("CARGO_BIN_EXE_chess960"),
            index_s,
            evals_s,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    let positions = said["positions"].as_u64().unwrap();
    assert!(positions >= 10, "{said}");
    assert_eq!(said["lines"].as_u64().unwrap(), positions * 4, "{said}");
    assert_eq!(said["not_found"], 404);
    assert!(text(&attached.stderr).contains(&format!("{positions} evaluations added")));
}
