//! `explorer_page.rs`'s setting: the index (about 8 MiB of lichess-like games), the server
//! of it, and the script that plays the page in Chromium (`explorer_page.mjs`), with the
//! starts and the line it is given.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use crate::common::{chess960, text};
use crate::html::chromium;
use crate::index::serve;

/// The start 105 (QNRBBNKR) and a Double Fischer Random pair, White's 518 (RNBQKBNR) and
/// Black's 0 (BBQNNRKR), in Shredder-FEN: what Node asks /lichess, independently of the page;
/// and the starts 518 and 0, whose games the list of starts tells.
pub const FEN_105: &str = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
pub const FEN_DFRC: &str = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1";
pub const FEN_518: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
pub const FEN_0: &str = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";

/// A line from 105 for a link with moves alone: both castlings kingside, a capture.
pub const LINE: [&str; 7] = ["f1g3", "f8g6", "g1h1", "g8h8", "d2d4", "e7e5", "d4e5"];

/// Node.js, which drives Chromium.
pub fn node() -> PathBuf {
    let installed = ["/usr/bin/node", "/usr/local/bin/node"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.exists());
    crate::common::tool("node", installed, "apt-get install nodejs")
}

/// An index in `dir` of about 8 MiB of lichess-like games of six starts (105, 518 and 0 among
/// them) over January to March 2024, and 300 games of the Double Fischer Random pair.
pub fn build_index(dir: &Path) -> PathBuf {
    let index = dir.join("index");
    let _ = std::fs::remove_dir_all(&index);
    let mut files = Vec::new();
    for (i, month) in ["2024.01", "2024.02", "2024.03"].into_iter().enumerate() {
        let mut pgn = String::new();
        let mut chunk = 0;
        while pgn.len() < (8 << 20) / 3 {
            let first_id = (i * 1_000_000) + chunk * 200;
            // Odd seeds: the generator's seeds 2n and 2n + 1 are one seed.
            pgn.push_str(&crate::index::games(
                2 * (i * 1000 + chunk) as u64 + 1,
                200,
                month,
                first_id,
            ));
            chunk += 1;
        }
        let file = dir.join(format!("lichess-{month}.pgn"));
        std::fs::write(&file, pgn).unwrap();
        files.push(file);
    }
    let file = dir.join("dfrc.pgn");
    std::fs::write(
        &file,
        crate::index::games_of(&[FEN_DFRC], 3, 300, "2024.02", 9_000_000),
    )
    .unwrap();
    files.push(file);
    let mut args = vec!["index", "add", "--index", index.to_str().unwrap()];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = chess960(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    index
}

/// The page as `cli/tests/explorer_page.mjs` plays it against a server of `index` (the
/// games of `rules` replayed by its rules), and its screenshots: at 1280 px, at 390 px, and
/// at 390 px of a player's games; the server was stopped by the script (SIGTERM) and exited
/// 0.
pub fn played(index: &Path, dir: &Path, rules: &Value) -> (Value, [PathBuf; 3], String) {
    let (chromium, node) = (chromium(), node());
    let (mut server, address) = serve(index);
    let (png, phone) = (dir.join("explorer.png"), dir.join("explorer-phone.png"));
    let player = dir.join("explorer-phone-player.png");
    for shot in [&png, &phone, &player] {
        let _ = std::fs::remove_file(shot);
    }
    let profile = dir.join("chromium-profile");
    let _ = std::fs::remove_dir_all(&profile);
    let rules_file = dir.join("rules.json");
    std::fs::write(&rules_file, rules.to_string()).unwrap();
    let fens = json!({"105": FEN_105, "518": FEN_518, "0": FEN_0, "dfrc": FEN_DFRC, "line": LINE})
        .to_string();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/explorer_page.mjs");
    let run = Command::new(node)
        .arg(script)
        .args([
            chromium.as_os_str(),
            address.as_ref(),
            png.as_os_str(),
            profile.as_os_str(),
        ])
        .args([server.id().to_string(), fens])
        .args([
            rules_file.as_os_str(),
            phone.as_os_str(),
            player.as_os_str(),
        ])
        .output()
        .unwrap();
    if !run.status.success() {
        let _ = server.kill();
    }
    let status = server.wait().unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(status.code(), Some(0), "the server stopped by SIGTERM");
    (
        serde_json::from_slice(&run.stdout).unwrap(),
        [png, phone, player],
        address,
    )
}
