//! `chess960 serve` asked by lichess's own Python client, berserk 0.14, unchanged
//! (`scripts/berserk-serve.py`: a lichess-like corpus of three starts and two Double Fischer
//! Random pairs over three months, `index add`, `serve` on a free port, and berserk's
//! `opening_explorer.get_lichess_games` walking each start's tree, and lines only one game
//! played, under speeds, rating groups, months and history, with and without a token, every
//! answer validated with berserk's own model): each answer's numbers equal `chess960 tree
//! --format json`'s on the same file, start, moves and filters (the totals, each move's UCI,
//! SAN, results, average rating and game, the top and recent games; a history's months each
//! tree's of that month), and a bad parameter raises berserk's `ResponseError`, 400.

use std::collections::HashMap;
use std::process::Command;
use std::sync::Mutex;
use std::time::Instant;

use serde_json::{Value, json};

use crate::common::{chess960, json_lines, text};
use crate::games_tools::{python, workdir};

fn script(name: &str) -> String {
    format!("{}/../scripts/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `chess960 tree --format json` on `file` for a start, moves and filters: its one line (the
/// empty node when no game is counted, and tree then exits 1).
fn tree(file: &str, args: &[String]) -> Value {
    let mut all = vec!["tree", "--format", "json", file];
    all.extend(args.iter().map(String::as_str));
    let out = chess960(&all, b"");
    let none = text(&out.stderr).ends_with("no game counted\n");
    assert_eq!(
        out.status.code(),
        Some(if none { 1 } else { 0 }),
        "{args:?}: {}",
        text(&out.stderr)
    );
    json_lines(&out.stdout).remove(0)
}

/// tree's arguments for an answer's start, moves and `get_lichess_games` keyword arguments;
/// `month` narrows it to one month (for a month of a history).
fn tree_args(answer: &Value, month: Option<&str>) -> Vec<String> {
    let mut args = vec!["--sp".to_owned(), answer["sp"].as_str().unwrap().to_owned()];
    let list = |value: &Value| {
        value
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect::<Vec<_>>()
            .join(",")
    };
    if !answer["play"].as_array().unwrap().is_empty() {
        args.extend(["--play".to_owned(), list(&answer["play"])]);
    }
    let filters = answer["filters"].as_object().unwrap();
    let moves = filters.get("moves").map_or("12".into(), Value::to_string); // the server's 12
    args.extend(["--max-moves".to_owned(), moves]);
    for (key, value) in filters {
        let flag = match key.as_str() {
            "speeds" => "--speed",
            "ratings" => "--ratings",
            "since" | "until" if month.is_some() => continue,
            "since" => "--since",
            "until" => "--until",
            "moves" => continue,
            "top_games" => "--top-games",
            "recent_games" => "--recent-games",
            "history" => continue,
            other => panic!("a filter tree is not told: {other}"),
        };
        let value = match value {
            Value::Array(_) => list(value),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        args.extend([flag.to_owned(), value]);
    }
    if let Some(month) = month {
        args.extend(["--since", month, "--until", month].map(str::to_owned));
    }
    args
}

/// For an answer asked with topGames=0 and recentGames=0, tree's arguments without them:
/// lichess gives a move of one game its game whatever the top and recent games asked
/// (lila-openingexplorer's `LichessEntry::prepare`: `latest_game.filter(|_|
/// stats.is_single())`), and so does the server; `chess960 tree --top-games 0 --recent-games
/// 0` keeps no game at all, a move's neither. Such a move's game is compared with tree's
/// without the two flags (the same node, its games kept).
fn with_games(answer: &Value) -> Option<Vec<String>> {
    let filters = &answer["filters"];
    (filters["top_games"] == 0 && filters["recent_games"] == 0).then(|| {
        let mut asked = answer.clone();
        let filters = asked["filters"].as_object_mut().unwrap();
        filters.remove("top_games");
        filters.remove("recent_games");
        tree_args(&asked, None)
    })
}

/// The numbers of an answer the two must agree on: lichess's fields, without tree's own
/// (`fen`, `whiteSp`, a game's `file`, `game`, `offset`, ...).
fn numbers(node: &Value) -> Value {
    const GAME: [&str; 9] = [
        "uci", "id", "winner", "speed", "mode", "white", "black", "year", "month",
    ];
    let game = |game: &Value| -> Value {
        if game.is_null() {
            return Value::Null;
        }
        GAME.iter()
            .filter(|key| game.get(**key).is_some())
            .map(|key| ((*key).to_owned(), game[*key].clone()))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    let games =
        |key: &str| -> Vec<Value> { node[key].as_array().unwrap().iter().map(game).collect() };
    let moves: Vec<Value> = node["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            json!({
                "uci": m["uci"], "san": m["san"], "white": m["white"], "draws": m["draws"],
                "black": m["black"], "averageRating": m["averageRating"], "game": game(&m["game"]),
            })
        })
        .collect();
    json!({
        "white": node["white"], "draws": node["draws"], "black": node["black"],
        "moves": moves, "topGames": games("topGames"), "recentGames": games("recentGames"),
    })
}

/// The first difference between two JSON values, by path.
fn difference(path: &str, ours: &Value, tree: &Value) -> Option<String> {
    match (ours, tree) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                let inner = difference(&format!("{path}.{key}"), value, &b[key]);
                if inner.is_some() {
                    return inner;
                }
            }
            None
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                let inner = difference(&format!("{path}[{i}]"), x, y);
                if inner.is_some() {
                    return inner;
                }
            }
            (a.len() != b.len()).then(|| format!("{path}: {} items, tree {}", a.len(), b.len()))
        }
        _ => (ours != tree).then(|| format!("{path}: {ours}, tree {tree}")),
    }
}

#[test]
#[ignore = "needs python-chess, berserk and pydantic (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn berserk_asks_the_server_and_gets_trees_numbers() {
    let python = python();
    let dir = workdir("serve-berserk");
    let began = Instant::now();
    let out = Command::new(&python)
        .args([
            &script("berserk-serve.py"),
            env!("CARGO_BIN_EXE_chess960"),
            dir.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let asked = began.elapsed();
    let lines = json_lines(&out.stdout);
    let kind = |k: &'static str| lines.iter().filter(move |l| l["kind"] == k);
    let answers: Vec<&Value> = kind("answer").collect();
    let done = kind("done").next().expect("the script's last line");
    assert_eq!(done["answers"], answers.len(), "{}", text(&out.stderr));

    // Enough of each thing compared to mean something.
    let count = |f: &dyn Fn(&Value) -> bool| answers.iter().filter(|a| f(a)).count();
    let with = |key: &'static str| move |a: &Value| a["filters"].get(key).is_some();
    let counts = [
        ("answers", answers.len()),
        ("by FEN", count(&|a| a["by"] == "fen")),
        ("pairs", count(&|a| a["sp"].as_str().unwrap().contains(' '))),
        ("speeds", count(&with("speeds"))),
        ("ratings", count(&with("ratings"))),
        (
            "since or until",
            count(&|a| with("since")(a) || with("until")(a)),
        ),
        ("history", count(&with("history"))),
        (
            "a position of one game",
            count(&|a| {
                let r = &a["response"];
                r["white"].as_u64().unwrap()
                    + r["draws"].as_u64().unwrap()
                    + r["black"].as_u64().unwrap()
                    == 1
            }),
        ),
        (
            "top games",
            count(&|a| !a["response"]["topGames"].as_array().unwrap().is_empty()),
        ),
        (
            "a move's game",
            count(&|a| {
                a["response"]["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|m| !m["game"].is_null())
            }),
        ),
    ];
    for (what, n) in counts {
        assert!(n >= 20, "{what}: {n} answers: {counts:?}");
    }

    // Each answer against tree's, and each month of a history against tree's of that month;
    // tree runs on every processor, each distinct run once.
    let file = dir.join("lichess-like.pgn");
    let file = file.to_str().unwrap();
    let mut runs: Vec<Vec<String>> = Vec::new();
    for answer in &answers {
        runs.push(tree_args(answer, None));
        runs.extend(with_games(answer));
        for month in answer["response"]["history"]
            .as_array()
            .into_iter()
            .flatten()
        {
            runs.push(tree_args(answer, month["month"].as_str()));
        }
    }
    runs.sort();
    runs.dedup();
    let compared_runs = runs.len();
    let trees = Mutex::new(HashMap::new());
    let todo = Mutex::new(runs);
    let tree_began = Instant::now();
    std::thread::scope(|scope| {
        let threads = std::thread::available_parallelism().map_or(4, |n| n.get());
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let Some(args) = todo.lock().unwrap().pop() else {
                        break;
                    };
                    let node = tree(file, &args);
                    trees.lock().unwrap().insert(args, node);
                }
            });
        }
    });
    let trees = trees.into_inner().unwrap();
    let mut differences = Vec::new();
    let mut months = 0;
    let mut no_games_dropped = 0;
    let mut fen_alone = 0;
    for answer in &answers {
        let response = &answer["response"];
        let args = tree_args(answer, None);
        let node = &trees[&args];
        let mut expected = numbers(node);
        if let Some(with_games) = with_games(answer) {
            let games = numbers(&trees[&with_games]);
            for (mv, kept) in expected["moves"]
                .as_array_mut()
                .unwrap()
                .iter_mut()
                .zip(games["moves"].as_array().unwrap())
            {
                assert_eq!(mv["uci"], kept["uci"], "{with_games:?}");
                if mv["game"] != kept["game"] {
                    mv["game"] = kept["game"].clone();
                    no_games_dropped += 1;
                }
            }
        }
        if let Some(diff) = difference("", &numbers(response), &expected) {
            let games = |node: &Value| {
                ["white", "draws", "black"]
                    .map(|k| node[k].as_u64().unwrap())
                    .iter()
                    .sum::<u64>()
            };
            if answer["by"] == "fen" && games(node) == 1 && games(response) == 0 {
                fen_alone += 1;
            }
            differences.push(format!(
                "{}\n  chess960 tree --format json {} {file}\n  {diff}\n  server: {}\n  tree:   {}",
                answer["url"],
                args.join(" "),
                numbers(response),
                numbers(node),
            ));
        }
        let Some(history) = response["history"].as_array() else {
            continue;
        };
        let mut sums = [0, 0, 0];
        for month in history {
            let name = month["month"].as_str().unwrap();
            let args = tree_args(answer, Some(name));
            let node = &trees[&args];
            for (i, key) in ["white", "draws", "black"].into_iter().enumerate() {
                sums[i] += month[key].as_u64().unwrap();
                if month[key] != node[key] {
                    differences.push(format!(
                        "{} history {name}\n  chess960 tree --format json {} {file}\n  server: {month}\n  tree:   {} {} {}",
                        answer["url"],
                        args.join(" "),
                        node["white"],
                        node["draws"],
                        node["black"],
                    ));
                    break;
                }
            }
            months += 1;
        }
        let totals = ["white", "draws", "black"].map(|k| response[k].as_u64().unwrap());
        if sums != totals {
            differences.push(format!(
                "{}: its history's months add up to {sums:?}, its totals are {totals:?}",
                answer["url"]
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} answers differ from tree's ({fen_alone} of them a position only one game \
         reached, asked by its FEN alone, to which the server answers no game):\n{}",
        differences.len(),
        answers.len(),
        differences.join("\n")
    );

    // Bad parameters: berserk's ResponseError, 400, lichess's body naming the parameter.
    let errors: Vec<&Value> = kind("error").collect();
    assert_eq!(errors.len(), 6, "{}", text(&out.stdout));
    for error in &errors {
        assert_eq!(error["status"], 400, "{error}");
        assert_eq!(error["body"]["parameter"], error["param"], "{error}");
        let message = error["message"].as_str().unwrap();
        let param = error["param"].as_str().unwrap();
        assert!(
            message.starts_with("HTTP 400: Bad Request: ") && message.contains(param),
            "{error}"
        );
    }
    let speeds = errors.iter().find(|e| e["param"] == "speeds").unwrap();
    assert!(
        speeds["url"].as_str().unwrap().ends_with("speeds=warp"),
        "{speeds}"
    );

    // berserk's history=True goes out as `history=True` (requests writes a bool with str()):
    // read as true, never refused.
    assert_eq!(
        kind("refused").count(),
        0,
        "{:?}",
        kind("refused").collect::<Vec<_>>()
    );
    assert!(
        kind("answer").any(|a| a["url"].as_str().unwrap().ends_with("&history=True")),
        "no history=True asked"
    );
    if no_games_dropped > 0 {
        eprintln!(
            "note: {no_games_dropped} moves of one game whose game the server gives with \
             topGames=0&recentGames=0, as lichess does, and tree --top-games 0 --recent-games 0 \
             leaves null (compared with tree's without the two flags)"
        );
    }
    eprintln!(
        "{} answers of berserk ({} by FEN, {} of a DFRC pair, {} of a position of one game, {} \
         with history: {months} months) equal {compared_runs} runs of chess960 tree; {} bad \
         parameters refused; script {:.1} s (asking {} s), tree {:.1} s",
        answers.len(),
        counts[1].1,
        counts[2].1,
        counts[7].1,
        counts[6].1,
        errors.len(),
        asked.as_secs_f64(),
        done["seconds"],
        tree_began.elapsed().as_secs_f64(),
    );
}
