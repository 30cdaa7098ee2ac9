//! lichess's shape on a club's own games: `chess960 serve` on an index of games each missing
//! one of the tags lichess's games always have (and one missing them all) answers /lichess
//! and /masters as berserk's model, in pydantic's strict mode, reads them
//! (`scripts/berserk-any-games.py`).

use std::process::Command;

use crate::common::text;
use crate::games_tools::{python, workdir};

#[test]
#[ignore = "needs berserk and pydantic (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn every_answer_on_games_missing_tags_parses_with_berserks_strict_model() {
    let python = python();
    let dir = workdir("serve-any-games");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/berserk-any-games.py"
    );
    let out = Command::new(&python)
        .args([
            script,
            env!("CARGO_BIN_EXE_chess960"),
            dir.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Three positions asked at each endpoint; every game shown in one answer or more.
    assert_eq!(said["answers"], 6, "{said}");
    assert_eq!(said["shown"], said["games"], "{said}");
}
