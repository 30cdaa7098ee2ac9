//! An event draw loaded by a real match runner: xboard (Debian's `xboard`, with `polyglot` for
//! UCI engines and `xvfb-run` for its X display) plays a match from `draw --format epd`, one
//! game per drawn line in order (`-loadPositionFile`, `-loadPositionIndex -1`), single starts
//! and Double Fischer Random pairs, and the start FEN of every game it saves is our
//! Shredder-FEN of that draw.

use crate::common;

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{chess960, text};

fn draw(args: &[&str]) -> String {
    let out = chess960(
        &[&["draw", "--seed-text", "xboard"][..], args].concat(),
        b"",
    );
    assert_eq!((text(&out.stderr), out.status.code()), ("", Some(0)));
    text(&out.stdout).to_owned()
}

/// Plays one game per line of `book` (EPD) in xboard's match mode; the PGN it saved.
fn xboard_match(xboard: &Path, stockfish: &Path, dir: &Path, book: &str, games: usize) -> String {
    std::fs::write(dir.join("draw.epd"), book).unwrap();
    let log = std::fs::File::create(dir.join("xboard.log")).unwrap();
    let engine = stockfish.to_str().unwrap();
    let games = games.to_string();
    let mut child = Command::new("xvfb-run")
        .args([
            "-a",
            xboard.to_str().unwrap(),
            "-noGUI",
            "-variant",
            "fischerandom",
        ])
        .args(["-fcp", engine, "-fUCI", "-scp", engine, "-sUCI"])
        .args(["-mg", &games, "-lpf", "draw.epd", "-lpi", "-1"])
        .args([
            "-depth",
            "1",
            "-adjudicateDrawMoves",
            "4",
            "-sgf",
            "games.pgn",
        ])
        .current_dir(dir)
        // polyglot, which speaks UCI to Stockfish for xboard, is in /usr/games.
        .env(
            "PATH",
            format!("/usr/games:{}", std::env::var("PATH").unwrap_or_default()),
        )
        .stdin(Stdio::null())
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .process_group(0)
        .spawn()
        .expect("xvfb-run starts");
    // xboard says when the match is over, but stays up: stop it, its X server and engines.
    let started = Instant::now();
    let over = loop {
        let log = std::fs::read_to_string(dir.join("xboard.log")).unwrap_or_default();
        if log.contains("final score") || started.elapsed() > Duration::from_secs(300) {
            break log;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let _ = Command::new("kill")
        .args(["--", &format!("-{}", child.id())])
        .status();
    let _ = child.wait();
    assert!(
        over.contains("final score"),
        "xboard did not finish: {over}"
    );
    std::fs::read_to_string(dir.join("games.pgn")).unwrap()
}

#[test]
#[ignore = "needs xboard, polyglot, xvfb-run and Stockfish: `cargo test -- --ignored`, as .ci/run does"]
fn xboard_plays_a_match_from_the_drawn_epd() {
    let install = "apt-get install xboard polyglot xvfb stockfish";
    let xboard = common::tool("xboard", Some(PathBuf::from("/usr/games/xboard")), install);
    common::tool(
        "polyglot",
        Some(PathBuf::from("/usr/games/polyglot")),
        install,
    );
    common::tool(
        "xvfb-run",
        Some(PathBuf::from("/usr/bin/xvfb-run")),
        install,
    );
    let stockfish = common::tool(
        "Stockfish",
        Some(PathBuf::from("/usr/games/stockfish")),
        install,
    );

    let single = ["--count", "2", "--exclude-standard"];
    let dfrc = ["--count", "2", "--dfrc"];
    let book = draw(&[&single[..], &["--format", "epd"]].concat())
        + &draw(&[&dfrc[..], &["--format", "epd"]].concat());
    let expected: Vec<String> =
        (draw(&[&single[..], &["--format", "fen", "--castling", "shredder"]].concat())
            + &draw(&[&dfrc[..], &["--format", "fen", "--castling", "shredder"]].concat()))
            .lines()
            .map(|fen| format!("[FEN \"{fen}\"]"))
            .collect();
    assert_eq!(book.lines().count(), 4);

    let dir = std::env::temp_dir().join(format!("chess960-xboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = xboard_match(&xboard, &stockfish, &dir, &book, 4);
    let _ = std::fs::remove_dir_all(&dir);

    let fens: Vec<&str> = pgn.lines().filter(|l| l.starts_with("[FEN ")).collect();
    assert_eq!(fens, expected, "{pgn}");
    assert_eq!(
        pgn.matches("[Variant \"fischerandom\"]").count(),
        4,
        "{pgn}"
    );
}
