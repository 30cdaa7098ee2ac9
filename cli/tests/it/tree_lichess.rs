//! `chess960 tree --format json` read by a real client of lichess's explorer: berserk's typed
//! model (`OpeningStatistic`, validated strictly with pydantic, `scripts/berserk-explorer.py`)
//! parses every response of a walk down three starts' trees (a pair among them) and every
//! line of `--nodes`, lichess's fields first and in lichess's order.

use std::process::Command;

use crate::common::{chess960, json_lines, text};
use crate::games_tools::{python, workdir};

fn script(name: &str) -> String {
    format!("{}/../scripts/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
#[ignore = "needs python-chess, berserk and pydantic (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn every_response_parses_with_berserks_model() {
    let python = python();
    let dir = workdir("tree-lichess");
    let out = Command::new(&python)
        .args([&script("python-chess-tree.py"), "write", "11", "2000"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pgn = dir.join("lichess-like.pgn");
    std::fs::write(&pgn, out.stdout).unwrap();
    let file = pgn.to_str().unwrap();
    // --min-elo 0: rated games only, so that every player has a rating, as on lichess.
    let tree = |args: &[&str]| {
        let base = ["tree", "--format", "json", "--min-elo", "0", file];
        let out = chess960(&[&base[..], args].concat(), b"");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        out.stdout
    };
    let mut responses = Vec::new();
    for sp in ["518", "105", "105 451"] {
        let mut lines: Vec<Vec<String>> = vec![Vec::new()];
        while let Some(play) = lines.pop() {
            let joined = play.join(",");
            let args: Vec<&str> = match play.is_empty() {
                true => vec!["--sp", sp],
                false => vec!["--sp", sp, "--play", &joined],
            };
            let out = tree(&args);
            let node = &json_lines(&out)[0];
            if play.len() < 3 {
                for mv in node["moves"].as_array().unwrap().iter().take(3) {
                    lines.push([&play[..], &[mv["uci"].as_str().unwrap().to_owned()]].concat());
                }
            }
            responses.extend(out);
        }
        responses.extend(tree(&["--sp", sp, "--nodes"]));
    }
    let lines = json_lines(&responses);
    let games = |key: &str| {
        lines
            .iter()
            .filter(|l| !l[key].as_array().unwrap().is_empty())
            .count()
    };
    let single = lines
        .iter()
        .flat_map(|l| l["moves"].as_array().unwrap())
        .filter(|m| !m["game"].is_null())
        .count();
    let counts = (lines.len(), games("topGames"), games("recentGames"), single);
    assert!(
        counts.0 > 100 && counts.1 > 30 && counts.2 > 30 && counts.3 > 10,
        "{counts:?}"
    );
    let mut validate = Command::new(&python)
        .arg(script("berserk-explorer.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    validate
        .stdin
        .take()
        .unwrap()
        .write_all(&responses)
        .unwrap();
    let out = validate.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).trim(),
        format!("{} responses valid", lines.len())
    );
}
