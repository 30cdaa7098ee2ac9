//! `chess960 draw`: the Python program of docs/event-draws.md draws the same, the draws are uniform, and
//! exclusions, the error for too many and unseeded draws behave as documented.

use crate::common;
use crate::uniform;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use common::{chess960, text};

/// `chess960 draw ARGS`, which must succeed: its stdout.
fn draw(args: &[&str]) -> String {
    let out = chess960(&[&["draw"], args].concat(), b"");
    assert_eq!(
        (text(&out.stderr), out.status.code()),
        ("", Some(0)),
        "draw {args:?}"
    );
    text(&out.stdout).to_owned()
}

/// The Scharnagl ids of text lines `NUMBER RANK`.
fn ids(lines: &str) -> Vec<u16> {
    lines
        .lines()
        .map(|line| line.split(' ').next().unwrap().parse().unwrap())
        .collect()
}

/// The Python program of docs/event-draws.md, as a file.
fn docs_python() -> PathBuf {
    let doc = include_str!("../../../docs/event-draws.md");
    let program = doc.split("```python\n").nth(1).unwrap();
    let program = &program[..program.find("```").unwrap()];
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("draw960.py");
    std::fs::write(&path, program).unwrap();
    path
}

#[test]
#[ignore = "needs python3: `cargo test -- --ignored`, as .ci/run does"]
fn the_docs_python_program_draws_what_the_tool_draws() {
    let python = common::tool(
        "python3",
        Some(PathBuf::from("/usr/bin/python3")),
        "apt-get install python3",
    );
    let program = docs_python();
    let seeds = ["Freestyle 2026 round 3", "", "ü ♔ 2026-11-23", "a:b:7", "0"];
    let options: [&[&str]; 9] = [
        &["--count", "12"],
        &["--count", "958", "--exclude-standard"],
        &[
            "--count",
            "40",
            "--exclude",
            "0",
            "--exclude",
            "959",
            "--exclude",
            "3",
        ],
        &["--count", "300", "--allow-repeats"],
        &[
            "--count",
            "25",
            "--allow-repeats",
            "--exclude-standard",
            "--exclude",
            "1",
        ],
        &["--count", "20", "--dfrc"],
        &[
            "--count",
            "20",
            "--dfrc",
            "--exclude-standard",
            "--exclude",
            "0",
        ],
        &[
            "--count",
            "20",
            "--dfrc",
            "--allow-repeats",
            "--exclude",
            "959",
        ],
        &["--count", "960"],
    ];
    let mut compared = 0;
    for seed in seeds {
        for option in options {
            let args = [&["--seed-text", seed], option].concat();
            let ours = draw(&args);
            let out = Command::new(&python)
                .arg(&program)
                .args(&args)
                .output()
                .unwrap();
            assert_eq!(text(&out.stderr), "", "python {args:?}");
            assert_eq!(text(&out.stdout), ours, "{args:?}");
            compared += ours.lines().count();
        }
    }
    assert_eq!(compared, 5 * (12 + 958 + 40 + 300 + 25 + 20 * 3 + 960));
}

/// 96,000 draws with repeats (fixed seed text) pass a chi-square test over the 960 ids.
#[test]
fn draws_with_repeats_pass_a_chi_square_test() {
    let drawn = ids(&draw(&[
        "--seed-text",
        "chi-square",
        "--count",
        "96000",
        "--allow-repeats",
    ]));
    assert_eq!(drawn.len(), 96_000);
    let mut counts = [0u32; 960];
    for id in drawn {
        counts[usize::from(id)] += 1;
    }
    uniform::assert_uniform(&counts);
}

#[test]
fn nine_hundred_sixty_distinct_draws_are_a_permutation() {
    let drawn = ids(&draw(&["--seed-text", "permutation", "--count", "960"]));
    let mut sorted = drawn.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..960).collect::<Vec<u16>>());
    assert_ne!(drawn, sorted);
}

#[test]
fn excluded_positions_are_never_drawn_whichever_way_they_are_named() {
    let args = [
        "--seed-text",
        "exclusions",
        "--exclude-standard",
        "--exclude",
        "RKRNNQBB",
        "--exclude",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    ];
    let drawn = ids(&draw(&[&args[..], &["--count", "956"]].concat()));
    let excluded = [0, 518, 534, 959];
    let expected: BTreeSet<u16> = (0..960).filter(|id| !excluded.contains(id)).collect();
    assert_eq!(drawn.iter().copied().collect::<BTreeSet<_>>(), expected);
    assert_eq!(drawn.len(), 956);

    // With repeats too, and in Double Fischer Random on both sides.
    let repeated = ids(&draw(
        &[&args[..], &["--count", "5000", "--allow-repeats"]].concat(),
    ));
    assert!(repeated.iter().all(|id| !excluded.contains(id)));
    let pairs = draw(&[&args[..], &["--count", "3000", "--dfrc", "--allow-repeats"]].concat());
    for line in pairs.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        for id in [fields[0], fields[2]] {
            assert!(!excluded.contains(&id.parse().unwrap()), "{line}");
        }
    }

    // --exclude reads per --numbering: Fritz 9's 359 is Scharnagl's 518.
    let fritz = draw(&[
        "--seed-text",
        "n",
        "--count",
        "959",
        "--numbering",
        "fritz",
        "--exclude",
        "359",
    ]);
    assert!(!fritz.lines().any(|line| line.ends_with(" RNBQKBNR")));
    assert_eq!(fritz.lines().count(), 959);
}

#[test]
fn too_many_distinct_draws_is_an_error_that_draws_nothing() {
    let cases: [(&[&str], &str); 2] = [
        (
            &["--count", "959", "--exclude-standard"],
            "959 distinct draws asked for, but there are only 958 candidates",
        ),
        (
            &["--count", "961"],
            "961 distinct draws asked for, but there are only 960 candidates",
        ),
    ];
    for (args, message) in cases {
        let out = chess960(&[&["draw", "--seed-text", "x"][..], args].concat(), b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(text(&out.stdout), "");
        assert!(
            text(&out.stderr).starts_with(&format!("error: {message} ")),
            "{}",
            text(&out.stderr)
        );
    }

    // Double Fischer Random counts pairs: 2 positions allowed make 4 pairs.
    let keep_two: Vec<String> = (2..960).map(|id| format!("--exclude={id}")).collect();
    let keep_two: Vec<&str> = keep_two.iter().map(String::as_str).collect();
    let out = chess960(
        &[
            &["draw", "--seed-text", "x", "--dfrc", "--count", "5"],
            &keep_two[..],
        ]
        .concat(),
        b"",
    );
    assert_eq!((text(&out.stdout), out.status.code()), ("", Some(1)));
    assert!(text(&out.stderr).contains("only 4 candidates"));
    let four = draw(
        &[
            &["--seed-text", "x", "--dfrc", "--count", "4"],
            &keep_two[..],
        ]
        .concat(),
    );
    let four: BTreeSet<&str> = four.lines().collect();
    let expected = BTreeSet::from([
        "0 BBQNNRKR 0 BBQNNRKR",
        "0 BBQNNRKR 1 BQNBNRKR",
        "1 BQNBNRKR 0 BBQNNRKR",
        "1 BQNBNRKR 1 BQNBNRKR",
    ]);
    assert_eq!(four, expected);

    // Nothing allowed: not even repeats can be drawn.
    let all: Vec<String> = (0..960).map(|id| format!("--exclude={id}")).collect();
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let out = chess960(
        &[&["draw", "--seed-text", "x", "--allow-repeats"], &all[..]].concat(),
        b"",
    );
    assert_eq!((text(&out.stdout), out.status.code()), ("", Some(1)));
    assert_eq!(
        text(&out.stderr),
        "error: no candidates: every position is excluded\n"
    );
}

#[test]
fn an_unseeded_draw_prints_its_seed_text_and_that_text_draws_it_again() {
    let first = chess960(&["draw", "--count", "8", "--dfrc"], b"");
    assert_eq!(first.status.code(), Some(0));
    let stderr = text(&first.stderr);
    let seed = stderr
        .strip_prefix("seed text: ")
        .unwrap()
        .strip_suffix('\n')
        .unwrap();
    assert_eq!(seed.len(), 32);
    assert!(
        seed.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    );
    let again = draw(&["--count", "8", "--dfrc", "--seed-text", seed]);
    assert_eq!(text(&first.stdout), again);

    let second = chess960(&["draw", "--count", "8", "--dfrc"], b"");
    assert_ne!(
        text(&second.stderr),
        stderr,
        "two unseeded draws had the same seed text"
    );
}

#[test]
fn csv_and_json_carry_the_ordinal_and_the_numbering() {
    let args = [
        "--seed-text",
        "formats",
        "--count",
        "3",
        "--numbering",
        "one-based",
    ];
    let lines = draw(&args);
    let csv = draw(&[&args[..], &["--format", "csv"]].concat());
    let mut rows = csv.lines();
    assert_eq!(rows.next(), Some("draw,one_based,rank"));
    for (ordinal, (row, line)) in rows.zip(lines.lines()).enumerate() {
        assert_eq!(row, format!("{},{}", ordinal + 1, line.replace(' ', ",")));
    }
    let json = common::json_lines(draw(&[&args[..], &["--format", "json"]].concat()).as_bytes());
    assert_eq!(json.len(), 3);
    for (ordinal, (object, line)) in json.iter().zip(lines.lines()).enumerate() {
        let (number, rank) = line.split_once(' ').unwrap();
        assert_eq!(object["draw"], ordinal + 1);
        assert_eq!(object["one_based"].to_string(), number);
        assert_eq!(object["rank"], rank);
    }

    let pairs = ["--seed-text", "formats", "--count", "2", "--dfrc"];
    let lines = draw(&pairs);
    let json = common::json_lines(draw(&[&pairs[..], &["--format", "json"]].concat()).as_bytes());
    assert_eq!(json.len(), 2);
    for (object, line) in json.iter().zip(lines.lines()) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(object["white_sp"].to_string(), fields[0]);
        assert_eq!(object["white_rank"], fields[1]);
        assert_eq!(object["black_sp"].to_string(), fields[2]);
        assert_eq!(object["black_rank"], fields[3]);
    }
    let csv = draw(&[&pairs[..], &["--format", "csv"]].concat());
    assert!(csv.starts_with("draw,white_sp,white_rank,black_sp,black_rank\n1,"));
}

#[test]
fn a_bad_exclude_is_named_and_nothing_is_drawn() {
    let out = chess960(
        &[
            "draw",
            "--seed-text",
            "x",
            "--exclude",
            "RNBQKBNN",
            "--exclude",
            "960",
        ],
        b"",
    );
    assert_eq!((text(&out.stdout), out.status.code()), ("", Some(1)));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error: --exclude RNBQKBNN: "), "{stderr}");
    assert!(
        stderr.contains("error: --exclude 960: id 960 is not in 0..=959"),
        "{stderr}"
    );
}

#[test]
fn random_points_to_draw_for_events() {
    let out = chess960(&["random", "--help"], b"");
    assert!(
        text(&out.stdout).contains("chess960 draw"),
        "{}",
        text(&out.stdout)
    );
}
