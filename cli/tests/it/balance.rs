//! Books and draws by balance (`--evals FILE` with `--draw-rate` and `--cp`): exactly the
//! positions of the eval file inside the windows, in the file's order, in every format; and
//! a draw from a whole eval file of the 960 is the same draw as from the book.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use super::common::{chess960, text};

/// An eval file of all 960 by the scripted engine, and one of 300 pairs, made once.
fn eval_files() -> &'static (PathBuf, PathBuf) {
    static FILES: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fake-engine.sh");
        let starts = dir.join("balance-starts.csv");
        let pairs = dir.join("balance-pairs.jsonl");
        let _ = std::fs::remove_file(&starts);
        let _ = std::fs::remove_file(&pairs);
        let pair_args: Vec<String> = (0..300).map(|i| format!("{} {}", i * 3, 959 - i)).collect();
        for (path, extra) in [(&starts, vec!["--all".to_owned()]), (&pairs, pair_args)] {
            let status = Command::new(env!("CARGO_BIN_EXE_chess960"))
                .args([
                    "eval",
                    "--engine",
                    engine.to_str().unwrap(),
                    "--out",
                    path.to_str().unwrap(),
                ])
                .args(extra)
                .stdin(std::process::Stdio::null())
                .status()
                .unwrap();
            assert!(status.success());
        }
        (starts, pairs)
    })
}

/// Each record's position (as `chess960 id` prints it), draw rate and cp, read here from the
/// CSV columns by name.
fn rows(path: &Path) -> Vec<(String, f64, i64)> {
    let bytes = std::fs::read(path).unwrap();
    let mut lines = text(&bytes).lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|c| *c == name).unwrap();
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let number = |name: &str| f[at(name)].parse::<f64>().unwrap();
            let rate = number("draw") / (number("win") + number("draw") + number("loss"));
            (f[at("sp")].to_owned(), rate, f[at("cp")].parse().unwrap())
        })
        .collect()
}

#[test]
fn a_book_by_balance_holds_exactly_the_positions_in_the_windows() {
    let (starts, _) = eval_files();
    let file = starts.to_str().unwrap();
    let windows = [
        ("0.6..0.7", "-20..20"),
        ("..0.55", "0.."),
        ("0.8..", "..-45"),
    ];
    for (draw_rate, cp) in windows {
        let rate: chess960_engine::Window = draw_rate.parse().unwrap();
        let score: chess960_engine::Window = cp.parse().unwrap();
        let expected: String = rows(starts)
            .into_iter()
            .filter(|(_, r, c)| rate.contains(*r) && score.contains(*c as f64))
            .map(|(id, _, _)| id + "\n")
            .collect();
        assert!(
            !expected.is_empty() && expected.lines().count() < 960,
            "{draw_rate} {cp}"
        );
        for format in ["text", "csv", "json", "fen", "epd", "pgn"] {
            let args = [
                "book",
                "--evals",
                file,
                "--draw-rate",
                draw_rate,
                "--cp",
                cp,
                "--format",
                format,
            ];
            let book = chess960(&args, b"");
            assert!(book.status.success(), "{}", text(&book.stderr));
            assert_eq!(
                text(&chess960(&["id"], &book.stdout).stdout),
                expected,
                "{draw_rate} {cp} {format}"
            );
        }
    }
}

#[test]
fn a_book_of_pairs_keeps_the_files_order_and_exclusions_apply() {
    let (_, pairs) = eval_files();
    let file = pairs.to_str().unwrap();
    let book = chess960(&["book", "--evals", file, "--format", "text"], b"");
    let lines: Vec<&str> = text(&book.stdout).lines().collect();
    assert_eq!(lines.len(), 300);
    assert_eq!(lines[1], "3 BQNNRKRB 958 RKRNNBBQ");
    let excluded = chess960(
        &[
            "book",
            "--evals",
            file,
            "--exclude",
            "3,958",
            "--format",
            "text",
        ],
        b"",
    );
    let kept: Vec<&str> = text(&excluded.stdout).lines().collect();
    assert_eq!(kept.len(), 299);
    // Exclusions from stdin are read once and apply as well.
    let piped = chess960(
        &[
            "book",
            "--evals",
            file,
            "--exclude",
            "-",
            "--format",
            "text",
        ],
        b"3\n",
    );
    assert_eq!(piped.stdout, excluded.stdout);
    assert!(kept.iter().all(|l| *l != "3 BQNNRKRB 958 RKRNNBBQ"));
}

#[test]
fn a_draw_from_every_start_is_the_books_draw() {
    let (starts, _) = eval_files();
    let file = starts.to_str().unwrap();
    for extra in [
        &[][..],
        &["--allow-repeats"],
        &["--exclude", "518", "--exclude-standard"],
    ] {
        let mut plain = vec!["draw", "--seed-text", "club night 7", "--count", "12"];
        plain.extend(extra);
        let mut windowed = plain.clone();
        windowed.extend(["--evals", file]);
        let (a, b) = (chess960(&plain, b""), chess960(&windowed, b""));
        assert!(b.status.success(), "{}", text(&b.stderr));
        assert_eq!(text(&b.stdout), text(&a.stdout), "{extra:?}");
    }
    // Inside a window, every draw is in the window's book.
    let args = [
        "--evals",
        file,
        "--draw-rate",
        "0.6..0.7",
        "--format",
        "text",
    ];
    let book = chess960(&[&["book"][..], &args].concat(), b"");
    let draw = chess960(
        &[&["draw", "--seed-text", "x", "--count", "20"][..], &args].concat(),
        b"",
    );
    let drawn: Vec<&str> = text(&draw.stdout).lines().collect();
    assert_eq!(drawn.len(), 20);
    assert!(
        drawn
            .iter()
            .all(|d| text(&book.stdout).lines().any(|b| b == *d))
    );
}

#[test]
fn windows_that_cannot_be_met_are_errors() {
    let (starts, _) = eval_files();
    let file = starts.to_str().unwrap();
    let none = chess960(
        &[
            "draw",
            "--evals",
            file,
            "--cp",
            "1000..",
            "--seed-text",
            "x",
        ],
        b"",
    );
    assert_eq!(
        text(&none.stderr),
        "error: no candidates: no position of --evals is inside the windows\n"
    );
    let usage = chess960(&["book", "--draw-rate", "0.4..0.6"], b"");
    assert_eq!(usage.status.code(), Some(2));
    let reversed = chess960(&["book", "--evals", file, "--cp", "30..-30"], b"");
    assert!(text(&reversed.stderr).contains("`30..-30`: a window is LOW..HIGH with LOW <= HIGH"));
}
