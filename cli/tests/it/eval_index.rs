//! `chess960 eval --from-index` against the scripted engine (`engine/tests/fake-engine.sh`):
//! the positions of an index of a few hundred games, most played first, a row a line; an
//! `--out` file a rerun leaves as it is, and refuses when its limit is not the run's; nothing
//! to evaluate; shards that make the whole run; a run killed and resumed. Its file added to an
//! index and served: `cloud_eval.rs`.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chess960_engine::{ANALYSIS_COLUMNS, AnalysisRecords, Position};
use chess960_explorer::Index;

use super::common::chess960;
use super::common::fake_engine::{eval, scratch};
use super::common::text;
use super::index::games;

/// The games a position needs.
const MIN_GAMES: &str = "8";

/// The index every test reads (made once), and its positions at most 2 plies from a start
/// with [`MIN_GAMES`] games or more, as the library lists them: EPD and games.
pub(crate) fn index() -> &'static (PathBuf, Vec<(String, u64)>) {
    static INDEX: OnceLock<(PathBuf, Vec<(String, u64)>)> = OnceLock::new();
    INDEX.get_or_init(|| {
        let dir = scratch("from-index");
        let pgn = scratch("from-index.pgn");
        std::fs::write(&pgn, games(960, 300, "2024.05", 1)).unwrap();
        let args = [
            "index",
            "add",
            "--index",
            dir.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ];
        let out = chess960(&args, b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let index = Index::open(&dir).unwrap();
        let min_games = MIN_GAMES.parse().unwrap();
        let positions = index.positions(min_games, 2).unwrap();
        let positions = positions.into_iter().map(|p| (p.fen, p.games)).collect();
        (dir, positions)
    })
}

/// `chess960 eval --from-index INDEX --min-games 8 --plies 2 --multipv 2 --nodes 1000 ARGS`.
pub(crate) fn from_index(args: &[&str]) -> std::process::Output {
    at_nodes("1000", args)
}

/// [`from_index`] at `nodes` nodes a search.
pub(crate) fn at_nodes(nodes: &str, args: &[&str]) -> std::process::Output {
    let (dir, _) = index();
    let mut all = vec![
        "--from-index",
        dir.to_str().unwrap(),
        "--min-games",
        MIN_GAMES,
        "--plies",
        "2",
        "--multipv",
        "2",
        "--nodes",
        nodes,
        "--jobs",
        "2",
    ];
    all.extend(args);
    eval(&all, &[])
}

/// The place of the column `name` in an analysis's row.
pub(crate) fn column(name: &str) -> usize {
    ANALYSIS_COLUMNS.iter().position(|&c| c == name).unwrap()
}

/// A CSV's rows after its header, checked to be the analyses' header.
pub(crate) fn rows(csv: &[u8]) -> Vec<String> {
    let mut lines = text(csv).lines();
    assert_eq!(lines.next(), Some(ANALYSIS_COLUMNS.join(",").as_str()));
    lines.map(str::to_owned).collect()
}

#[test]
fn two_lines_of_each_position_with_enough_games_most_played_first() {
    let (_, expected) = index();
    assert!(expected.len() >= 8, "{expected:?}");
    // Starts, positions after Black's first move and after White's (two plies).
    let start = |fen: &str| fen.contains("/pppppppp/8/8/8/8/PPPPPPPP/");
    assert!(expected.iter().any(|(fen, _)| fen.contains(" b ")));
    assert!(
        expected
            .iter()
            .any(|(fen, _)| fen.contains(" w ") && !start(fen))
    );
    let games: Vec<u64> = expected.iter().map(|(_, games)| *games).collect();
    assert!(games.windows(2).all(|w| w[0] >= w[1]), "{games:?}");
    assert!(games.iter().all(|&n| n >= 8), "{games:?}");
    let out = from_index(&["--format", "csv"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = rows(&out.stdout);
    assert_eq!(rows.len(), 2 * expected.len(), "{}", text(&out.stdout));
    // A pair of rows a position, in the library's order: lines 1 and 2.
    for (pair, (fen, _)) in rows.chunks(2).zip(expected) {
        for (row, multipv) in pair.iter().zip(["1", "2"]) {
            let fields: Vec<&str> = row.split(',').collect();
            assert_eq!(fields.len(), ANALYSIS_COLUMNS.len(), "{row}");
            assert_eq!((fields[0], fields[1]), (fen.as_str(), multipv), "{row}");
            let field = |name: &str| fields[column(name)];
            let source = ["limit", "threads", "status", "error"].map(field);
            assert_eq!(source, ["nodes=1000", "1", "ok", ""], "{row}");
            // The day of the search: YYYY-MM-DD.
            let date = field("date").as_bytes();
            assert!(
                date.len() == 10
                    && date.iter().enumerate().all(|(n, &b)| match n {
                        4 | 7 => b == b'-',
                        _ => b.is_ascii_digit(),
                    }),
                "{row}"
            );
            fields[0].parse::<Position>().unwrap();
        }
    }
    // The most played is a start (no move played yet).
    let first: Position = expected[0].0.parse().unwrap();
    assert!(first.white_to_move());
    assert!(start(&expected[0].0), "{}", expected[0].0);
    // Every row reads back (each move legal where it is played): a record a position.
    let records: Vec<_> = AnalysisRecords::new(out.stdout.as_slice())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(records.len(), expected.len());
    for (record, (fen, _)) in records.iter().zip(expected) {
        assert_eq!(&record.position.to_string(), fen);
        let analysis = record.outcome.as_ref().unwrap();
        assert_eq!(analysis.lines.len(), 2, "{fen}");
        // The side to move's pawns step: rank 2 to 3 for White, 7 to 6 for Black.
        let to = if record.position.white_to_move() {
            '3'
        } else {
            '6'
        };
        for line in &analysis.lines {
            assert!(line.moves[0].to_string().ends_with(to), "{fen}: {line:?}");
        }
    }
}

#[test]
fn a_rerun_of_the_same_out_appends_nothing_and_another_limit_is_refused() {
    let (_, expected) = index();
    let path = scratch("from-index.csv");
    let out_arg = path.to_str().unwrap();
    let first = from_index(&["--out", out_arg]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(first.stdout.is_empty());
    let written = std::fs::read(&path).unwrap();
    assert_eq!(rows(&written).len(), 2 * expected.len());
    // The same run again: every position is done.
    let again = from_index(&["--out", out_arg]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(std::fs::read(&path).unwrap(), written);
    assert_eq!(
        text(&again.stderr),
        format!(
            "chess960 eval: 0 evaluated, 0 failed; {} already in {out_arg}\n",
            expected.len()
        )
    );
    // Another limit: refused before anything is written.
    let other = at_nodes("500", &["--out", out_arg]);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    assert_eq!(
        text(&other.stderr),
        format!(
            "error: {out_arg} holds records at nodes=1000, and this run searches at nodes=500: \
             give another --out\n"
        )
    );
    assert_eq!(std::fs::read(&path).unwrap(), written);
}

#[test]
fn too_many_games_asked_for_is_nothing_to_evaluate() {
    let (dir, _) = index();
    let dir = dir.to_str().unwrap();
    let args = [
        "--from-index",
        dir,
        "--min-games",
        "100000",
        "--format",
        "csv",
    ];
    let out = eval(&args, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).starts_with("error: nothing to evaluate: no position of "),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn shards_concatenated_are_the_whole_run() {
    let whole = from_index(&["--format", "csv"]);
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let mut shards = Vec::new();
    for shard in ["0/2", "1/2"] {
        let out = from_index(&["--format", "csv", "--shard", shard]);
        assert!(out.status.success(), "{shard}: {}", text(&out.stderr));
        let rows = rows(&out.stdout);
        assert!(!rows.is_empty(), "{shard}");
        shards.extend(rows);
    }
    assert_eq!(shards, rows(&whole.stdout));
}

/// `eval --from-index ... --out FILE` killed with SIGKILL twice, a few records in and further
/// on, its last line then cut as a power cut leaves it: the rerun goes on, and the file ends
/// as one run's, record for record but the day; a run of the text format says the same lines.
#[test]
fn a_run_killed_at_any_moment_resumes_to_one_run_s_records() {
    let whole = scratch("from-index-whole.jsonl");
    let _ = std::fs::remove_file(&whole);
    let out = from_index(&["--out", whole.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = scratch("from-index-killed.jsonl");
    let _ = std::fs::remove_file(&path);
    let (dir, positions) = index();
    for lines in [3, 20] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_chess960"))
            .args([
                "eval",
                "--from-index",
                dir.to_str().unwrap(),
                "--min-games",
                MIN_GAMES,
            ])
            .args([
                "--plies",
                "2",
                "--multipv",
                "2",
                "--nodes",
                "1000",
                "--jobs",
                "2",
            ])
            .args(["--engine", &super::common::fake_engine::fake_engine()])
            .args(["--out", path.to_str().unwrap()])
            .env("FAKE_SLEEP", "0.02")
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while std::fs::read(&path).map_or(0, |b| text(&b).lines().count()) < lines {
            assert!(std::time::Instant::now() < deadline, "no records");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() - 25);
    std::fs::write(&path, &bytes).unwrap();
    let out = from_index(&["--out", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("its last line was cut off"),
        "{}",
        text(&out.stderr)
    );
    let records = |path: &Path| -> Vec<_> {
        let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
        let mut records: Vec<_> = AnalysisRecords::new(file).map(Result::unwrap).collect();
        for record in &mut records {
            record.date = None;
            if let Ok(analysis) = &mut record.outcome {
                analysis.time = None;
            }
        }
        records
    };
    // Input order but for the records written before each kill, which come first.
    let sorted = |mut records: Vec<chess960_engine::AnalysisRecord>| {
        records.sort_by_key(|record| record.position.to_string());
        records
    };
    // Each position's latest record (the one a cut shortened is followed by its rerun's).
    let latest = |records: Vec<chess960_engine::AnalysisRecord>| -> Vec<_> {
        let kept = chess960_engine::latest(records.into_iter().map(Ok::<_, ()>), Ok).unwrap();
        kept.into_iter().map(|(_, record)| record).collect()
    };
    let (resumed, one) = (latest(records(&path)), records(&whole));
    assert_eq!(resumed.len(), positions.len());
    assert_eq!(sorted(resumed), sorted(one.clone()));
    // The text format: a line per line of each analysis, its score and moves.
    let shown = from_index(&["--format", "text"]);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    let shown = text(&shown.stdout);
    assert_eq!(shown.lines().count(), 2 * positions.len(), "{shown}");
    for (record, line) in one
        .iter()
        .flat_map(|r| std::iter::repeat_n(r, 2))
        .zip(shown.lines())
    {
        assert!(line.starts_with(&record.position.to_string()), "{line}");
        let analysis = record.outcome.as_ref().unwrap();
        let moves: Vec<String> = analysis.lines[0]
            .moves
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(line.contains("1. ") || line.contains("2. "), "{line}");
        assert!(
            !line.contains("Fake Engine"),
            "{line}: the engine's name is no move"
        );
        if line.contains("  1. ") {
            assert!(line.contains(&moves.join(" ")), "{line}");
        }
    }
}

/// What a user gets wrong is said: the index's options without an index, an eval file of
/// starts where one of positions is read (CSV and JSON Lines), `tree --evals` on the page.
#[test]
fn mixed_up_options_and_files_are_named() {
    let out = eval(&["--multipv", "3", "518"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("give --from-index DIR"),
        "{}",
        text(&out.stderr)
    );
    let (dir, _) = index();
    for (name, kind) in [
        (
            "starts.csv",
            "`sp,…` is the header of an eval file of starts",
        ),
        ("starts.jsonl", "a record of starts"),
    ] {
        let path = scratch(name);
        let _ = std::fs::remove_file(&path);
        let out = eval(&["518", "--out", path.to_str().unwrap()], &[]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let args = [
            "index",
            "evals",
            "--index",
            dir.to_str().unwrap(),
            path.to_str().unwrap(),
        ];
        let out = chess960(&args, b"");
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains(kind), "{}", text(&out.stderr));
        let args = [
            "tree",
            "--sp",
            "518",
            "--evals",
            path.to_str().unwrap(),
            "-",
        ];
        let out = chess960(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains(kind), "{}", text(&out.stderr));
    }
    let out = chess960(
        &[
            "tree", "--sp", "518", "--evals", "x.csv", "--format", "html", "-",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the page (--format html) shows no evaluations"));
}
