//! `chess960 tree --html`'s page in headless Chromium, played by `cli/tests/tree_page.mjs`
//! over the DevTools protocol: coordinates, a click, the keys, a reload of the fragment, the
//! flip, a pruned move, the top games, the board's colours, a phone's width (screenshots are
//! printed); and the page of a 5 MB input under 5 MB.

use std::path::PathBuf;
use std::process::Command;

use crate::common::{chess960, text};
use crate::games_tools::{python, workdir};
use crate::html::{chromium, tempdir};
use crate::tree_tools::meeting;

fn node() -> PathBuf {
    let installed = ["/usr/bin/node", "/usr/local/bin/node"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.exists());
    crate::common::tool("node", installed, "apt-get install nodejs")
}

/// The page of `args` in headless Chromium, as `cli/tests/tree_page.mjs` plays it: what it
/// saw at each step, and its screenshots on a desk and on a phone (the paths are printed).
fn played_in_chromium(args: &[&str], dir: &str) -> (serde_json::Value, [PathBuf; 2]) {
    let chromium = chromium();
    let node = node();
    let out = chess960(args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(!page.contains("http"), "the page loads nothing");
    let dir = tempdir(dir);
    let html = dir.join("tree.html");
    std::fs::write(&html, page).unwrap();
    let png = dir.join("tree.png");
    let phone = dir.join("tree-phone.png");
    for shot in [&png, &phone] {
        let _ = std::fs::remove_file(shot);
    }
    let profile = dir.join("chromium-profile");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tree_page.mjs");
    let run = Command::new(node)
        .arg(script)
        .args([&chromium, &html, &png, &profile, &phone])
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    eprintln!(
        "screenshots: {} (1280 px), {} (390 px)",
        png.display(),
        phone.display()
    );
    (serde_json::from_slice(&run.stdout).unwrap(), [png, phone])
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON), node and Chromium: `cargo test -- --ignored`, as .ci/run does"]
fn the_page_plays_moves_and_takes_them_back_in_chromium() {
    let python = python();
    let dir = workdir("tree-page");
    let pgn = meeting(&python, &dir);
    let pgn = pgn.to_str().unwrap();
    let args = [
        "tree", "--sp", "105,518", "--format", "html", "--plies", "12", pgn,
    ];
    let (seen, [png, phone]) = played_in_chromium(&args, "tree-page");
    let (root, clicked, two) = (&seen["root"], &seen["clicked"], &seen["two"]);
    let [first, second] = [&seen["played"][0], &seen["played"][1]].map(|m| m.as_str().unwrap());
    // The board, its coordinates and whose move.
    assert_eq!(
        (root["squares"].as_u64(), root["pieces"].as_u64()),
        (Some(64), Some(32))
    );
    assert_eq!(
        (&root["files"], &root["ranks"]),
        (&"abcdefgh".into(), &"87654321".into())
    );
    assert_eq!(
        (&root["a1"], &root["hash"], &root["last"]),
        (&"left-bottom".into(), &"#105".into(), &"".into())
    );
    assert_eq!(root["turn"], "White to move");
    // a1 dark (#b58863), h1 light (#f0d9b5).
    assert_eq!(
        root["colours"],
        serde_json::json!(["rgb(181, 136, 99)", "rgb(240, 217, 181)"])
    );
    assert!(
        root["total"].as_str().unwrap().contains('%'),
        "{}",
        root["total"]
    );
    // A click plays the move: the board, the fragment, the highlight, whose move.
    assert_ne!(clicked["board"], root["board"]);
    assert_eq!(clicked["hash"], format!("#105/{first}"));
    let squares = |uci: &str| {
        let mut two = [&uci[..2], &uci[2..4]];
        two.sort();
        two.join(",")
    };
    assert_eq!(clicked["last"], squares(first));
    assert_eq!(clicked["turn"], "Black to move");
    assert_eq!(two["hash"], format!("#105/{first},{second}"));
    // The keys: back, forward, the start, the end of the line.
    for (key, want) in [
        ("left", clicked),
        ("right", two),
        ("home", root),
        ("end", two),
    ] {
        for field in ["hash", "board", "last", "moves", "turn"] {
            assert_eq!(seen[key][field], want[field], "{key}: {field}");
        }
    }
    // A reload of the address opens the position; the flip puts a1 at the top right.
    for field in ["hash", "board", "last", "moves", "line", "games"] {
        assert_eq!(seen["reloaded"][field], two[field], "reloaded: {field}");
    }
    let flipped = &seen["flipped"];
    assert_eq!(
        (&flipped["a1"], &flipped["files"], &flipped["ranks"]),
        (&"right-top".into(), &"hgfedcba".into(), &"12345678".into())
    );
    // The top games: names, ratings, result, month.
    let games = root["games"].as_array().unwrap();
    assert_eq!(games.len(), 4, "{games:?}");
    let game: Vec<&str> = games[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(
        game[0].starts_with("player") && game[1].parse::<u32>().is_ok(),
        "{game:?}"
    );
    assert!(
        ["1-0", "1/2-1/2", "0-1"].contains(&game[4]) && game[5].starts_with("2024-"),
        "{game:?}"
    );
    // A move whose position the page does not keep: "fewer than 2 games", never "0 games".
    let pruned = &seen["pruned"];
    assert!(
        pruned["note"]
            .as_str()
            .unwrap()
            .starts_with("Fewer than 2 games reached this position"),
        "{pruned}"
    );
    assert!(!pruned["text"].as_str().unwrap().contains(" 0 games"));
    assert!(
        seen["beforePruned"]["text"]
            .as_str()
            .unwrap()
            .contains("(fewer than 2 games on)")
    );
    assert_eq!(
        seen["requests"],
        serde_json::json!([]),
        "the page loads nothing"
    );
    // On a phone: the same position, nothing wider than the screen, the board in it, the
    // phone's narrower bar.
    let on_phone = &seen["phone"];
    let at = |field: &str| on_phone[field].as_f64().unwrap();
    assert_eq!(on_phone["hash"], two["hash"]);
    assert_eq!(at("innerWidth"), 390.0, "{on_phone}");
    assert!(
        at("scrollWidth") <= 390.0,
        "wider than the screen: {on_phone}"
    );
    assert!(
        at("boardLeft") >= 0.0 && at("boardRight") <= 390.0,
        "{on_phone}"
    );
    assert!(at("bar") < 100.0, "the bar of a desk: {on_phone}");
    for shot in [&png, &phone] {
        let bytes = std::fs::read(shot).unwrap();
        assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000);
    }
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn the_page_of_a_large_input_stays_under_5_mb() {
    let python = python();
    let dir = workdir("tree-page-size");
    let out = Command::new(&python)
        .args([crate::games_tools::script(), "write", "5", "4", "0"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Four copies: every position of the random games is reached by 4 games or more.
    let pgn = dir.join("large.pgn");
    std::fs::write(&pgn, out.stdout.repeat(4)).unwrap();
    assert!(std::fs::metadata(&pgn).unwrap().len() > 4_500_000);
    let page = |more: &[&str]| {
        let args = [
            &["tree", "--all", "--format", "html"],
            more,
            &[pgn.to_str().unwrap()],
        ]
        .concat();
        let out = chess960(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout).to_owned()
    };
    let small = page(&[]);
    assert!(small.len() < 5_000_000, "{} bytes", small.len());
    assert!(small.contains("\"cut\":true") && small.contains("\"minGames\":2"));
    let whole = page(&["--min-games", "2"]);
    assert!(
        whole.len() > 5_000_000,
        "{} bytes: the limit is not tried",
        whole.len()
    );
    assert!(!whole.contains("\"cut\":true"));
}
