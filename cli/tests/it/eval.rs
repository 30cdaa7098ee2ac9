//! `chess960 eval` against the scripted engine (`engine/tests/fake-engine.sh`): records in
//! every format that read back as POS, failures recorded while the rest is evaluated, and
//! `--out` files that come out the same in one go, in shards, and killed and resumed.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::common::fake_engine::{eval, fake_engine, scratch};
use super::common::{chess960, text};

const IDS: [&str; 6] = ["518", "105", "451", "0", "959", "700"];

#[test]
fn records_in_every_format_read_back_as_their_positions() {
    for format in ["text", "csv", "json"] {
        let mut args = vec!["--format", format, "--jobs", "3"];
        args.extend(IDS);
        args.push("105 451");
        let out = eval(&args, &[]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let ids = chess960(&["id"], &out.stdout);
        let expected = "518\n105\n451\n0\n959\n700\n105 451\n";
        assert_eq!(
            text(&ids.stdout),
            expected,
            "{format}: {}",
            text(&out.stdout)
        );
    }
}

/// `--threads N` is `--jobs N`, the word every command that works on several threads takes.
#[test]
fn threads_is_jobs() {
    let with = |word: &str| {
        let out = eval(&["--format", "csv", word, "2", "518", "105", "451"], &[]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout).to_owned()
    };
    assert_eq!(with("--threads"), with("--jobs"));
}

#[test]
fn positions_come_from_a_piped_stdin_or_are_all_960_with_all() {
    let draw = chess960(
        &[
            "draw",
            "--seed-text",
            "t",
            "--count",
            "5",
            "--exclude",
            "518",
        ],
        b"",
    );
    let engine = fake_engine();
    let out = chess960(
        &["eval", "--engine", &engine, "--format", "csv"],
        &draw.stdout,
    );
    assert!(out.status.success());
    let ids = chess960(&["id"], &out.stdout);
    assert_eq!(ids.stdout, chess960(&["id"], &draw.stdout).stdout);
    assert_eq!(text(&ids.stdout).lines().count(), 5);
    // Every start only when asked for.
    let out = eval(&["--all", "--format", "csv"], &[]);
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert_eq!(lines.len(), 961);
    assert!(lines[1].starts_with("0,BBQNNRKR,"));
    assert!(lines[960].starts_with("959,RKRNNQBB,"));
}

#[test]
fn nothing_to_evaluate_is_an_error_not_a_silent_success() {
    // stdin from /dev/null, as in a batch job whose input went missing; an empty pipe.
    let out = eval(&["--format", "csv"], &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).starts_with("error: nothing to evaluate: give POS, pipe positions in")
    );
    let engine = fake_engine();
    let out = chess960(&["eval", "--engine", &engine], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("stdin held no positions"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    // --all and POS do not go together.
    assert_eq!(eval(&["--all", "518"], &[]).status.code(), Some(2));
}

#[test]
fn a_failing_position_is_recorded_and_the_rest_evaluated() {
    // A hung engine is killed 0.3 + 0.3 s after `go` and 0.3 s after `stop`, on each try.
    let mut args = vec!["--format", "csv", "--retries", "1", "--timeout", "0.3"];
    args.extend(["--grace", "0.3"]);
    args.extend(IDS);
    for (variable, status) in [
        ("FAKE_CRASH_ON", "crash"),
        ("FAKE_HANG_ON", "stall"),
        ("FAKE_ILLEGAL_ON", "illegal"),
    ] {
        let started = Instant::now();
        let out = eval(&args, &[(variable, "BRNNKQRB")]);
        // The default grace of 5 s would take 20 s over the two tries.
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{variable}: --grace"
        );
        assert_eq!(out.status.code(), Some(1), "{variable}");
        let rows: Vec<Vec<&str>> = text(&out.stdout)
            .lines()
            .skip(1)
            .map(|l| l.split(',').collect())
            .collect();
        let statuses: Vec<&str> = rows.iter().map(|row| row[15]).collect();
        assert_eq!(
            statuses,
            ["ok", "ok", status, "ok", "ok", "ok"],
            "{variable}"
        );
        assert!(rows[2][16].ends_with("(attempt 2 of 2)"), "{}", rows[2][16]);
        // Each failure on stderr as it happens, then the summary.
        let stderr = text(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{stderr}");
        assert!(
            lines[0].starts_with(&format!("chess960 eval: 451 BRNNKQRB: {status}: ")),
            "{stderr}"
        );
        assert_eq!(
            lines[1],
            format!("chess960 eval: 5 evaluated, 1 failed (1 {status})")
        );
    }
}

#[test]
fn bad_options_are_refused_before_any_search() {
    let out = eval(&["518", "--option", "Contempt=24"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: --engine {}: Fake Engine 1.0 has no option `Contempt` (its `uci` answer lists what it has)\n",
            fake_engine()
        )
    );
    assert!(out.stdout.is_empty());
    let out = eval(&["518", "--option", "UCI_Chess960=false"], &[]);
    assert!(text(&out.stderr).ends_with("`UCI_Chess960` is always set: starts are Chess960\n"));
    let out = eval(&["518", "--out", "x.txt", "--format", "text"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let out = eval(&["518", "--nodes", "5", "--depth", "3"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let missing = chess960(&["eval", "518", "--engine", "/nonexistent/engine"], b"");
    assert_eq!(
        text(&missing.stderr),
        "error: --engine /nonexistent/engine: cannot run the engine: No such file or directory (os error 2)\n"
    );
}

/// The starts the runs to a file evaluate: 200 of them, out of order.
fn many() -> Vec<String> {
    (0..200).map(|i| (i * 7 % 960).to_string()).collect()
}

/// `eval` of `many()` with `args`.
fn eval_many(args: &[&str], env: &[(&str, &str)]) -> Output {
    let many = many();
    let mut all: Vec<&str> = args.to_vec();
    all.extend(many.iter().map(String::as_str));
    eval(&all, env)
}

/// The records of one run in one go: the reference.
fn one_go(name: &str, extension: &str) -> Vec<u8> {
    let path = scratch(&format!("{name}.{extension}"));
    let out = eval_many(&["--jobs", "2", "--out", path.to_str().unwrap()], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::read(&path).unwrap()
}

#[test]
fn shards_concatenate_into_the_whole_run() {
    for extension in ["jsonl", "csv"] {
        let whole = one_go("whole", extension);
        assert_eq!(
            text(&whole).lines().count(),
            if extension == "csv" { 201 } else { 200 }
        );
        let mut parts = Vec::new();
        for k in 0..3 {
            let path = scratch(&format!("part{k}.{extension}"));
            let shard = format!("{k}/3");
            let out = eval_many(&["--shard", &shard, "--out", path.to_str().unwrap()], &[]);
            assert!(out.status.success());
            parts.extend(std::fs::read(&path).unwrap());
        }
        if extension == "jsonl" {
            assert_eq!(parts, whole);
        } else {
            // CSV parts each have a header: the records are the same, read back.
            let header = text(&whole).lines().next().unwrap().to_owned();
            let rows = |bytes: &[u8]| -> Vec<String> {
                text(bytes)
                    .lines()
                    .filter(|l| *l != header)
                    .map(str::to_owned)
                    .collect()
            };
            assert_eq!(rows(&parts), rows(&whole));
        }
    }
}

#[test]
fn a_run_killed_at_any_moment_resumes_to_the_same_records() {
    let whole = one_go("reference", "jsonl");
    let path = scratch("killed.jsonl");
    let engine = fake_engine();
    let out_arg = path.to_str().unwrap().to_owned();
    // Killed twice, once a few records in and once further on; then run to the end.
    for lines in [5, 40] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
            .args([
                "eval", "--engine", &engine, "--jobs", "2", "--out", &out_arg,
            ])
            .args(many())
            .env("FAKE_SLEEP", "0.02")
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        while std::fs::read(&path).map_or(0, |b| text(&b).lines().count()) < lines {
            assert!(Instant::now() < deadline, "no records");
            std::thread::sleep(Duration::from_millis(5));
        }
        child.kill().unwrap();
        child.wait().unwrap();
    }
    // A line cut off halfway, as a power cut leaves it.
    let mut bytes = std::fs::read(&path).unwrap();
    let keep = bytes.len() - 30;
    bytes.truncate(keep);
    std::fs::write(&path, &bytes).unwrap();
    let out = eval_many(&["--jobs", "2", "--out", &out_arg], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("its last line was cut off"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&path).unwrap(), whole);
    // Once finished, another run evaluates nothing.
    let again = eval_many(&["--out", &out_arg], &[]);
    assert!(again.status.success());
    assert_eq!(
        text(&again.stderr),
        format!("chess960 eval: 0 evaluated, 0 failed; 200 already in {out_arg}\n")
    );
    assert_eq!(std::fs::read(&path).unwrap(), whole);
}

#[test]
fn a_file_of_another_run_is_refused() {
    let path = scratch("other.csv");
    let out_arg = path.to_str().unwrap();
    assert!(
        eval(&["518", "--nodes", "10", "--out", out_arg], &[])
            .status
            .success()
    );
    let before = std::fs::read(&path).unwrap();
    let out = eval(&["518", "--nodes", "20", "--out", out_arg], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {out_arg} holds records at nodes=10, and this run searches at nodes=20: give another --out\n"
        )
    );
    let out = eval(&["105 451", "--nodes", "10", "--out", out_arg], &[]);
    assert!(text(&out.stderr).contains(
        "holds records of Chess960 starts, and this run evaluates Double Fischer Random pairs"
    ));
    let out = eval(
        &["518", "--nodes", "10", "--format", "json", "--out", out_arg],
        &[],
    );
    assert!(text(&out.stderr).ends_with("holds CSV, and this run writes JSON Lines (--format)\n"));
}

#[test]
#[ignore = "needs Stockfish (/usr/games/stockfish): `cargo test -- --ignored`, as .ci/run does"]
fn stockfish_gives_the_same_records_in_one_go_in_shards_and_resumed() {
    let stockfish = "/usr/games/stockfish";
    assert!(
        Path::new(stockfish).exists(),
        "Stockfish is not installed; .ci/run installs it"
    );
    let ids: Vec<String> = (0..960).step_by(24).map(|id: u16| id.to_string()).collect();
    let run = |extra: &[&str], out: &Path| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_chess960"));
        command.args([
            "eval",
            "--engine",
            stockfish,
            "--nodes",
            "20000",
            "--out",
            out.to_str().unwrap(),
        ]);
        command
            .args(extra)
            .args(&ids)
            .stdin(Stdio::null())
            .stderr(Stdio::null());
        command
    };
    // The time of each search is the one field that may differ.
    let records = |bytes: &[u8]| -> Vec<String> {
        text(bytes)
            .lines()
            .map(|l| {
                let mut f: Vec<&str> = l.split(',').collect();
                f[10] = "";
                f.join(",")
            })
            .collect()
    };
    let whole = scratch("stockfish-whole.csv");
    assert!(run(&[], &whole).status().unwrap().success());
    let whole = records(&std::fs::read(&whole).unwrap());
    assert_eq!(whole.len(), 41);
    let mut parts = vec![whole[0].clone()];
    for k in 0..4 {
        let part = scratch(&format!("stockfish-part{k}.csv"));
        assert!(
            run(&["--shard", &format!("{k}/4")], &part)
                .status()
                .unwrap()
                .success()
        );
        parts.extend(records(&std::fs::read(&part).unwrap()).into_iter().skip(1));
    }
    assert_eq!(parts, whole);
    let resumed = scratch("stockfish-resumed.csv");
    let mut child = run(&["--jobs", "1"], &resumed).spawn().unwrap();
    while std::fs::read(&resumed).map_or(0, |b| text(&b).lines().count()) < 10 {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(run(&[], &resumed).status().unwrap().success());
    assert_eq!(records(&std::fs::read(&resumed).unwrap()), whole);
}
