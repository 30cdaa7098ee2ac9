//! `chess960 eval --from-index` against the scripted engine (`engine/tests/fake-engine.sh`):
//! the positions of an index of a few hundred games, most played first, a row a line; an
//! `--out` file a rerun leaves as it is, and refuses when its limit is not the run's; nothing
//! to evaluate; shards that make the whole run; its file added to a copy of the index
//! (`index evals`) and served as lichess's cloud evaluation (`serve`, `/api/cloud-eval`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chess960_engine::{ANALYSIS_COLUMNS, AnalysisRecords, Position};
use chess960_pgn::index::Index;

use super::common::chess960;
use super::common::fake_engine::{eval, scratch};
use super::common::text;
use super::index::{Served, games};

/// The games a position needs.
const MIN_GAMES: &str = "8";

/// The index every test reads (made once), and its positions at most 2 plies from a start
/// with [`MIN_GAMES`] games or more, as the library lists them: EPD and games.
fn index() -> &'static (PathBuf, Vec<(String, u64)>) {
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
fn from_index(args: &[&str]) -> std::process::Output {
    at_nodes("1000", args)
}

/// [`from_index`] at `nodes` nodes a search.
fn at_nodes(nodes: &str, args: &[&str]) -> std::process::Output {
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
fn column(name: &str) -> usize {
    ANALYSIS_COLUMNS.iter().position(|&c| c == name).unwrap()
}

/// A CSV's rows after its header, checked to be the analyses' header.
fn rows(csv: &[u8]) -> Vec<String> {
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

/// A position's evaluation as an eval file's rows give it: depth, nodes, and each line's
/// moves, centipawns and mate, in order.
#[derive(Debug)]
struct Rows {
    depth: u64,
    nodes: u64,
    lines: Vec<(String, Option<i64>, Option<i64>)>,
}

/// The positions of an eval file (CSV), each with its rows, read by the columns' names.
fn by_position(csv: &[u8]) -> BTreeMap<String, Rows> {
    let number = |field: &str| (!field.is_empty()).then(|| field.parse::<i64>().unwrap());
    let mut positions: BTreeMap<String, Rows> = BTreeMap::new();
    for row in rows(csv) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.len(), ANALYSIS_COLUMNS.len(), "{row}");
        let field = |name: &str| fields[column(name)];
        assert_eq!(field("status"), "ok", "{row}");
        let rows = positions.entry(field("fen").to_owned()).or_insert(Rows {
            depth: field("depth").parse().unwrap(),
            nodes: field("nodes").parse().unwrap(),
            lines: Vec::new(),
        });
        let multipv = (rows.lines.len() + 1).to_string();
        assert_eq!(field("multipv"), multipv, "{row}");
        let line = (
            field("pv").to_owned(),
            number(field("cp")),
            number(field("mate")),
        );
        rows.lines.push(line);
    }
    positions
}

/// `/api/cloud-eval?fen=FEN&ARGS`, the FEN's spaces percent-encoded.
fn cloud_eval(served: &Served, fen: &str, args: &str) -> (u16, String) {
    served.get(&format!(
        "/api/cloud-eval?fen={}{args}",
        fen.replace(' ', "%20")
    ))
}

/// The cloud evaluation of `fen` with `multi_pv` lines: as `rows` says, its FEN as asked.
fn check_answer(served: &Served, fen: &str, multi_pv: usize, rows: &Rows) {
    let args = format!("&multiPv={multi_pv}&variant=chess960");
    let (status, body) = cloud_eval(served, fen, &args);
    assert_eq!(status, 200, "{fen}: {body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["fen"], fen, "{body}");
    assert_eq!(json["knodes"], rows.nodes / 1000, "{body}");
    assert_eq!(json["depth"], rows.depth, "{body}");
    let pvs = json["pvs"].as_array().unwrap();
    let wanted = &rows.lines[..multi_pv.min(rows.lines.len())];
    assert_eq!(pvs.len(), wanted.len(), "{body}");
    for (pv, (moves, cp, mate)) in pvs.iter().zip(wanted) {
        assert_eq!(pv["moves"], moves.as_str(), "{body}");
        assert_eq!(pv["cp"].as_i64(), *cp, "{body}");
        assert_eq!(pv["mate"].as_i64(), *mate, "{body}");
        assert_eq!(pv.as_object().unwrap().len(), 2, "{body}");
    }
}

/// `chess960 index evals --index DIR FILES ARGS`.
fn add_evals(dir: &Path, files: &[&Path], args: &[&str]) -> std::process::Output {
    let mut all = vec!["index", "evals", "--index", dir.to_str().unwrap()];
    all.extend(files.iter().map(|f| f.to_str().unwrap()));
    all.extend(args);
    chess960(&all, b"")
}

#[test]
fn evaluations_added_to_the_index_are_served_as_lichess_cloud_evaluation() {
    let (shared, expected) = index();
    // A copy of the index, to add to (the other tests read the shared one).
    let dir = scratch("cloud-eval-index");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(shared.join("index.redb"), dir.join("index.redb")).unwrap();
    let file = scratch("cloud-eval-1000.csv");
    let out = from_index(&["--out", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let evals = by_position(&std::fs::read(&file).unwrap());
    assert_eq!(evals.len(), expected.len());
    assert!(
        evals.values().all(|rows| rows.lines.len() == 2),
        "{evals:?}"
    );
    let out = add_evals(&dir, &[&file], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!("chess960: {} evaluations added\n", expected.len())
    );
    let served = Served::start(&dir);
    for (fen, rows) in &evals {
        check_answer(&served, fen, 2, rows);
        check_answer(&served, fen, 1, rows);
        // More lines than there are: those there are.
        check_answer(&served, fen, 5, rows);
    }
    // A start asked by its X-FEN, with clocks, no variant: found, its FEN as asked.
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -";
    let rows = &evals[standard];
    let xfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    check_answer(&served, xfen, 2, rows);
    let (status, body) = cloud_eval(&served, xfen, "");
    assert_eq!(status, 200, "{body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["pvs"].as_array().unwrap().len(), 1, "{body}");
    // A position not evaluated: lichess's 404.
    let (status, body) = cloud_eval(&served, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "");
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        body,
        r#"{"error":"No cloud evaluation available for that position"}"#
    );
    // A malformed query: a 400 naming the parameter.
    let fen = standard.replace(' ', "%20");
    for (query, parameter) in [
        ("multiPv=2&variant=chess960".to_owned(), "fen"),
        ("fen=&multiPv=2".to_owned(), "fen"),
        ("fen=not%20a%20fen".to_owned(), "fen"),
        (
            "fen=4k3/4R3/8/8/8/8/8/4K3%20w%20-%20-%200%201".to_owned(),
            "fen",
        ),
        (format!("fen={fen}&fen={fen}"), "fen"),
        (format!("fen={fen}&multiPv=0"), "multiPv"),
        (format!("fen={fen}&multiPv=two"), "multiPv"),
        (format!("fen={fen}&multiPv=-1"), "multiPv"),
        (format!("fen={fen}&variant=standard"), "variant"),
    ] {
        let (status, body) = served.get(&format!("/api/cloud-eval?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        let json: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["parameter"], parameter, "{query}: {body}");
        let error = json["error"].as_str().unwrap();
        assert!(
            error.starts_with(&format!("{parameter}: ")),
            "{query}: {body}"
        );
    }
    // Evaluations at another limit: refused, nothing added; mixed, each position's latest.
    let other = scratch("cloud-eval-500.csv");
    let out = at_nodes("500", &["--out", other.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let at_500 = by_position(&std::fs::read(&other).unwrap());
    assert_eq!(
        at_500.keys().collect::<Vec<_>>(),
        evals.keys().collect::<Vec<_>>()
    );
    assert!(
        at_500
            .iter()
            .any(|(fen, rows)| rows.lines != evals[fen].lines),
        "the scripted engine answers the same at another limit: nothing is checked"
    );
    let refused = add_evals(&dir, &[&other], &[]);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stderr));
    let said = text(&refused.stderr);
    assert!(
        said.starts_with("chess960: the evaluation of `")
            && at_500.keys().any(|fen| said.contains(&format!("`{fen}`")))
            && said.contains("Fake Engine 1.0")
            && said.contains("nodes=500")
            && said.contains("nodes=1000"),
        "{said}"
    );
    for (fen, rows) in &evals {
        check_answer(&served, fen, 2, rows);
    }
    let mixed = add_evals(&dir, &[&other], &["--mix"]);
    assert!(mixed.status.success(), "{}", text(&mixed.stderr));
    assert_eq!(
        text(&mixed.stderr),
        format!("chess960: {} evaluations added\n", expected.len())
    );
    for (fen, rows) in &at_500 {
        check_answer(&served, fen, 2, rows);
    }
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
