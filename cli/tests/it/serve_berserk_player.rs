//! `chess960 serve` asked by berserk 0.14, unchanged, for the rest of lichess's explorer API
//! (`scripts/berserk-player.py`): a player's explorer (`get_player_games` waiting and not,
//! `stream_player_games`, `modes`), a game's PGN (`get_otb_master_game`, `/masters/pgn/{id}`,
//! `/lichess/pgn/{id}`), berserk's default variant and lichess's analysis board's
//! `source=analysis`. The script checks each answer against python-chess's reading of the
//! same PGN files and exits 1 at the first difference; here its lines are counted, so that a
//! script that checked nothing fails too.

use std::process::Command;

use serde_json::Value;

use crate::common::{json_lines, text};
use crate::games_tools::{python, workdir};

#[test]
#[ignore = "needs python-chess, berserk and pydantic (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn berserk_asks_players_pgns_and_variants_and_python_chess_agrees() {
    let python = python();
    let dir = workdir("serve-berserk-player");
    let out = Command::new(&python)
        .args([
            concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/berserk-player.py"),
            env!("CARGO_BIN_EXE_chess960"),
            dir.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = json_lines(&out.stdout);
    let kind = |k: &'static str| lines.iter().filter(move |l| l["kind"] == k);
    let done = kind("done").next().expect("the script's last line");
    for what in ["player", "pgn", "variant"] {
        assert_eq!(done[what], kind(what).count(), "{what}");
    }

    // Enough of each kind of answer to mean something.
    let players: Vec<&Value> = kind("player").collect();
    let count = |f: &dyn Fn(&Value) -> bool| players.iter().filter(|p| f(p)).count();
    let counts = [
        ("player answers", players.len()),
        ("with games", count(&|p| p["games"].as_u64().unwrap() > 0)),
        ("of one game", count(&|p| p["games"] == 1)),
        ("8 recent games", count(&|p| p["recentGames"] == 8)),
        ("black", count(&|p| p["color"] == "black")),
        (
            "asked in capitals",
            count(&|p| p["player"].as_str().unwrap().starts_with("PLAYER")),
        ),
        ("modes", count(&|p| p["filters"].get("modes").is_some())),
        ("speeds", count(&|p| p["filters"].get("speeds").is_some())),
        ("months", count(&|p| p["filters"].get("since").is_some())),
        (
            "a few plies deep",
            count(&|p| p["play"].as_array().unwrap().len() >= 3),
        ),
        (
            "master PGNs",
            kind("pgn").filter(|p| p["path"] == "master").count(),
        ),
        (
            "lichess PGNs",
            kind("pgn").filter(|p| p["path"] == "lichess").count(),
        ),
        ("variants", kind("variant").count()),
    ];
    for (what, n) in counts {
        assert!(n >= 10, "{what}: {n}: {counts:?}");
    }
    eprintln!("berserk against the server, python-chess agreeing: {counts:?}");
}
