//! `chess960 eval` runs that can be trusted, against the scripted engine: a rerun of the same
//! `--out` tries every failure again (the latest record of a position wins, for every reader);
//! an engine that cannot start stops the run at once, saying why in its own words; nothing
//! to evaluate is an error; `--out` is checked before it changes; no timeout panics; a
//! killed `eval` leaves no engine behind.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::common::fake_engine::{eval, fake_engine, scratch};
use super::common::{chess960, text};

const IDS: [&str; 6] = ["518", "105", "451", "0", "959", "700"];

/// The status column of each record in a CSV eval file, as `id:status`.
fn statuses(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap();
    text(&bytes)
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            format!("{}:{}", fields[0], fields[15])
        })
        .collect()
}

#[test]
fn a_rerun_tries_every_failure_again_and_its_record_wins() {
    let path = scratch("crashed.csv");
    let out_arg = path.to_str().unwrap();
    let mut args = vec!["--out", out_arg, "--jobs", "2"];
    args.extend(IDS);
    // A node without the network file: the engine crashes on 451, saying why on stderr.
    let crashing = [
        ("FAKE_CRASH_ON", "BRNNKQRB"),
        ("FAKE_STDERR", "EvalFile nn.bin: not found"),
    ];
    let first = eval(&args, &crashing);
    assert_eq!(first.status.code(), Some(1));
    assert!(
        text(&first.stderr).contains("451 BRNNKQRB: crash: its output ended: the engine exited (exit status: 4); its stderr: \"EvalFile nn.bin: not found\""),
        "{}",
        text(&first.stderr)
    );
    assert_eq!(
        statuses(&path),
        ["518:ok", "105:ok", "451:crash", "0:ok", "959:ok", "700:ok"]
    );
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(
        record.contains("its stderr: \"\"EvalFile nn.bin: not found\"\" (attempt 2 of 2)\""),
        "{record}"
    );
    // The node is fixed: the rerun tries 451 again, appends its record, and succeeds.
    let again = eval(&args, &[]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(
        text(&again.stderr),
        format!(
            "chess960 eval: 1 evaluated, 0 failed; 5 already in {out_arg}; 1 failed there before and were tried again\n"
        )
    );
    assert_eq!(
        statuses(&path),
        [
            "518:ok",
            "105:ok",
            "451:crash",
            "0:ok",
            "959:ok",
            "700:ok",
            "451:ok"
        ]
    );
    // Done: a third run evaluates nothing.
    let third = eval(&args, &[]);
    assert!(third.status.success());
    assert_eq!(statuses(&path).len(), 7);
    // Every reader takes a position's latest record: a book of the good ones has all six, once.
    let book = chess960(&["book", "--evals", out_arg, "--cp", "-100..100"], b"");
    assert_eq!(
        text(&book.stdout).lines().count(),
        6,
        "{}",
        text(&book.stderr)
    );
}

#[test]
fn books_by_balance_take_each_positions_latest_record() {
    let path = scratch("history.csv");
    let header = "sp,rank,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error";
    let record = |id: &str, rank: &str, cp: i32| {
        format!("{id},{rank},{cp},,100,800,100,12,18,1000,2,e2e4,e2e4,SF,nodes=1000,ok,\n")
    };
    let file = format!(
        "{header}\n{}{}{}",
        record("518", "RNBQKBNR", 20),
        record("105", "QNRBBNKR", 30),
        record("518", "RNBQKBNR", 90)
    );
    std::fs::write(&path, file).unwrap();
    let book = chess960(
        &[
            "book",
            "--evals",
            path.to_str().unwrap(),
            "--cp",
            "0..50",
            "--format",
            "text",
        ],
        b"",
    );
    assert!(book.status.success(), "{}", text(&book.stderr));
    // 518's latest record is outside the window; its first is not what counts.
    assert_eq!(text(&book.stdout), "105 QNRBBNKR\n");
    let book = chess960(
        &[
            "book",
            "--evals",
            path.to_str().unwrap(),
            "--cp",
            "0..100",
            "--format",
            "text",
        ],
        b"",
    );
    assert_eq!(text(&book.stdout), "518 RNBQKBNR\n105 QNRBBNKR\n");
}

#[test]
fn an_engine_that_fails_its_handshake_stops_the_run_at_once() {
    let started = Instant::now();
    let broken = [
        ("FAKE_NO_UCIOK", "1"),
        ("FAKE_STDERR", "cannot open nn-1c0.nnue"),
    ];
    let out = eval(&["--all", "--uci-timeout", "0.3"], &broken);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: --engine {}: the engine failed to start: stall: no `uciok` after `uci`; its stderr: \"cannot open nn-1c0.nnue\"\n",
            fake_engine()
        )
    );
}

#[test]
fn engines_that_stop_starting_stop_the_run_and_a_good_engine_goes_on() {
    let path = scratch("stopped.jsonl");
    let once = scratch("once");
    let out_arg = path.to_str().unwrap();
    let mut args = vec!["--out", out_arg, "--jobs", "1", "--uci-timeout", "0.3"];
    args.extend(IDS);
    // The first engine starts and crashes on its first search; no other one starts.
    let env = [
        ("FAKE_ONCE", once.to_str().unwrap()),
        ("FAKE_CRASH_AT", "1"),
    ];
    let out = eval(&args, &env);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.ends_with("the engine failed to start 3 times in a row: the engine failed to start: stall: no `uciok` after `uci`; stopped with 4 positions not evaluated\n"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 2);
    // A good engine for the rerun: the failures are tried again and the rest evaluated.
    let out = eval(&args, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let ids = chess960(&["id"], &std::fs::read(&path).unwrap());
    assert_eq!(text(&ids.stdout), "518\n105\n518\n105\n451\n0\n959\n700\n");
}

#[test]
fn timeouts_too_long_to_count_are_no_deadline() {
    for timeout in ["1e19", "1e300", "inf"] {
        let out = eval(
            &["518", "--timeout", timeout, "--uci-timeout", timeout],
            &[],
        );
        assert!(out.status.success(), "{timeout}: {}", text(&out.stderr));
    }
    assert_eq!(eval(&["518", "--timeout", "0"], &[]).status.code(), Some(2));
    assert_eq!(
        eval(&["518", "--timeout", "NaN"], &[]).status.code(),
        Some(2)
    );
}

#[test]
fn another_tools_file_is_refused_as_it_was() {
    let path = scratch("theirs.csv");
    let out_arg = path.to_str().unwrap();
    // Another tool's CSV, its last row without a line ending.
    let theirs = b"name,score\nfoo,1\nbar,2";
    for contents in [&theirs[..], b"bar,2", b"{\"id\": 518, \"cp\": "] {
        std::fs::write(&path, contents).unwrap();
        let out = eval(&["518", "--out", out_arg], &[]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(
            std::fs::read(&path).unwrap(),
            contents,
            "{}",
            text(&out.stderr)
        );
    }
    // Ours, cut off in its header: taken, and made whole.
    std::fs::write(&path, b"sp,rank,c").unwrap();
    let out = eval(&["518", "--out", out_arg], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(statuses(&path), ["518:ok"]);
}

#[test]
fn an_engine_without_uci_chess960_is_warned_of() {
    let out = eval(&["518"], &[("FAKE_NO_CHESS960", "1")]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stderr),
        format!(
            "warning: --engine {}: Fake Engine 1.0 has no UCI_Chess960 option, so it may play standard chess's castling; its moves are checked as Chess960 moves\n",
            fake_engine()
        )
    );
}

/// Whether process `pid` is gone (or a zombie nobody has reaped yet).
#[cfg(target_os = "linux")]
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(") ")
            .next()
            .is_some_and(|rest| rest.starts_with('Z')),
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_killed_eval_leaves_no_engine_running() {
    let pids = scratch("pids");
    std::fs::create_dir_all(&pids).unwrap();
    // Engines that hang in their searches and never read again: only a kill ends them.
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args([
            "eval",
            "--engine",
            &fake_engine(),
            "--jobs",
            "2",
            "518",
            "RNBQKBNR",
        ])
        .env("FAKE_HANG_ON", "RNBQKBNR")
        .env("FAKE_PID_DIR", &pids)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let engines = || -> Vec<String> {
        std::fs::read_dir(&pids)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect()
    };
    let hanging = |pid: &String| {
        std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == "sleep")
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while !(engines().len() == 2 && engines().iter().all(hanging)) {
        assert!(
            Instant::now() < deadline,
            "the engines did not start: {:?}",
            engines()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while !engines().iter().all(|pid| gone(pid)) {
        assert!(
            Instant::now() < deadline,
            "engines left running: {:?}",
            engines()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}
