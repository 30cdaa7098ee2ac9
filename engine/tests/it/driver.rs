//! The driver against a scripted engine (`fake-engine.sh`): a good run, and each way an
//! engine fails ending in its failure record while the other positions are evaluated.

use std::path::PathBuf;
use std::time::Duration;

use chess960::StartingPosition;
use chess960::book::BookEntry;
use chess960_engine::{
    Engine, Evaluation, Failure, FailureKind, Limit, RunError, RunOptions, Score, Settings,
    StartError, evaluate_all,
};

fn fake(env: &[(&str, &str)]) -> Settings {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake-engine.sh");
    let mut settings = Settings::new("/usr/bin/env", Limit::Nodes(1000));
    settings.args = env.iter().map(|(k, v)| format!("{k}={v}").into()).collect();
    settings.args.push(script.into());
    settings.timeouts.uciok = Duration::from_secs(2);
    settings.timeouts.readyok = Duration::from_secs(2);
    settings.timeouts.search = Duration::from_millis(500);
    settings.timeouts.grace = Duration::from_millis(500);
    settings
}

fn starts(ids: &[u16]) -> Vec<BookEntry> {
    ids.iter()
        .map(|&id| BookEntry::Chess960(StartingPosition::from_id(id).expect("an id")))
        .collect()
}

/// Every outcome of a run, in order.
fn run(
    settings: &Settings,
    jobs: usize,
    retries: u32,
    ids: &[u16],
) -> Vec<Result<Evaluation, Failure>> {
    let (outcomes, ended) = run_until(
        settings,
        RunOptions::default().jobs(jobs).retries(retries),
        ids,
    );
    ended.expect("the run");
    outcomes
}

type Outcomes = Vec<Result<Evaluation, Failure>>;

/// The outcomes a run handed over, and how it ended.
fn run_until(
    settings: &Settings,
    options: RunOptions,
    ids: &[u16],
) -> (Outcomes, Result<(), RunError<()>>) {
    let mut outcomes = Vec::new();
    let starts = starts(ids);
    let ended = evaluate_all(settings, options, None, &starts, |start, outcome| {
        assert_eq!(start, starts[outcomes.len()], "in input order");
        outcomes.push(outcome);
        Ok::<(), ()>(())
    });
    (outcomes, ended)
}

/// The failure of each position that failed, by id.
fn failures(ids: &[u16], outcomes: &[Result<Evaluation, Failure>]) -> Vec<(u16, FailureKind)> {
    ids.iter()
        .zip(outcomes)
        .filter_map(|(&id, outcome)| outcome.as_ref().err().map(|f| (id, f.kind)))
        .collect()
}

const IDS: [u16; 6] = [518, 105, 451, 0, 959, 700];

#[test]
fn a_good_engine_evaluates_every_start_in_input_order() {
    let outcomes = run(&fake(&[]), 3, 0, &IDS);
    for (id, outcome) in IDS.iter().zip(&outcomes) {
        let found = outcome.as_ref().expect("an evaluation");
        assert!(
            matches!(found.score, Score::Centipawns(-50..=50)),
            "{id}: {found:?}"
        );
        let wdl = found.wdl.expect("win/draw/loss");
        assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000);
        assert!((500..=900).contains(&wdl.draw), "{wdl}");
        assert_eq!(
            (found.depth, found.seldepth, found.nodes, found.time),
            (Some(7), Some(9), Some(1000), Some(10))
        );
        assert_eq!(found.best_move.from().rank(), chess960::Rank::Second);
    }
    // The same positions give the same answers, one engine or three.
    assert_eq!(run(&fake(&[]), 1, 0, &IDS), outcomes);
}

#[test]
fn without_wdl_the_records_have_none() {
    let outcomes = run(&fake(&[("FAKE_NO_WDL", "1")]), 1, 0, &[518]);
    assert_eq!(outcomes[0].as_ref().expect("an evaluation").wdl, None);
}

#[test]
fn each_failure_is_recorded_and_the_rest_evaluated() {
    let cases = [
        ("FAKE_CRASH_ON", FailureKind::Crash),
        ("FAKE_HANG_ON", FailureKind::Stall),
        ("FAKE_SLOW_ON", FailureKind::Timeout),
        ("FAKE_ILLEGAL_ON", FailureKind::Illegal),
        ("FAKE_GARBAGE_ON", FailureKind::Protocol),
    ];
    // Each case a run of its own, all at once: most of their time is waiting out timeouts.
    std::thread::scope(|scope| {
        for (variable, kind) in cases {
            scope.spawn(move || {
                let outcomes = run(&fake(&[(variable, "QNRBBNKR")]), 2, 1, &IDS);
                assert_eq!(failures(&IDS, &outcomes), [(105, kind)], "{variable}");
                let failure = outcomes[1].as_ref().expect_err("105 failed");
                assert!(
                    failure.detail.ends_with("(attempt 2 of 2)"),
                    "{variable}: {failure}"
                );
            });
        }
    });
}

#[test]
fn the_failures_say_what_happened() {
    let detail = |variable: &str| {
        let outcomes = run(&fake(&[(variable, "RNBQKBNR")]), 1, 0, &[518]);
        outcomes[0].as_ref().expect_err("a failure").to_string()
    };
    // The five runs at once (most of their time is waiting out timeouts).
    let variables = [
        "FAKE_CRASH_ON",
        "FAKE_HANG_ON",
        "FAKE_SLOW_ON",
        "FAKE_ILLEGAL_ON",
        "FAKE_GARBAGE_ON",
    ];
    let [crash, hang, slow, illegal, garbage] = std::thread::scope(|scope| {
        variables
            .map(|variable| scope.spawn(move || detail(variable)))
            .map(|run| run.join().unwrap())
    });
    assert_eq!(
        crash,
        "crash: its output ended: the engine exited (exit status: 4)"
    );
    assert_eq!(
        hang,
        "stall: the search at nodes=1000 ran past 1s and did not answer `stop`"
    );
    assert_eq!(
        slow,
        "timeout: the search at nodes=1000 ran past 1s; `stop` ended it"
    );
    assert!(illegal.starts_with("illegal: `bestmove "), "{illegal}");
    assert!(illegal.ends_with("` is not a legal first move from 518 RNBQKBNR"));
    assert_eq!(
        garbage,
        "protocol: `depth` must be followed by a number, not `x`"
    );
}

#[test]
fn a_crash_is_retried_on_a_fresh_engine() {
    // Each process dies on its second search: with a retry, every position is evaluated.
    let settings = fake(&[("FAKE_CRASH_AT", "2")]);
    assert!(run(&settings, 1, 1, &IDS).iter().all(Result::is_ok));
    // Without one, every second position fails.
    let outcomes = run(&settings, 1, 0, &IDS);
    assert_eq!(
        failures(&IDS, &outcomes),
        [
            (105, FailureKind::Crash),
            (0, FailureKind::Crash),
            (700, FailureKind::Crash)
        ]
    );
}

#[test]
fn engines_that_never_answer_uciok_stop_the_run_after_three_in_a_row() {
    let settings = fake(&[
        ("FAKE_NO_UCIOK", "1"),
        ("FAKE_STDERR", "cannot load nn-1c0000000000.nnue"),
    ]);
    let mut settings = settings;
    settings.timeouts.uciok = Duration::from_millis(200);
    let ids: Vec<u16> = (0..40).collect();
    let options = RunOptions::default().jobs(2).retries(1);
    let (outcomes, ended) = run_until(&settings, options, &ids);
    let Err(RunError::EngineFailsToStart(3, StartError::Failed(failure))) = ended else {
        panic!("{ended:?}");
    };
    assert_eq!(
        failure.to_string(),
        "stall: no `uciok` after `uci`; its stderr: \"cannot load nn-1c0000000000.nnue\""
    );
    // Three starts were tried (two positions at most), not 40 × 2; each handed over failed.
    assert!((1..=2).contains(&outcomes.len()), "{outcomes:?}");
    assert!(outcomes.iter().all(Result::is_err));
    // One good start in between resets the count: an engine that dies on every second
    // search never stops the run.
    let options = RunOptions::default()
        .jobs(1)
        .retries(0)
        .max_start_failures(1);
    let crashing = fake(&[("FAKE_CRASH_AT", "2")]);
    let (outcomes, ended) = run_until(&crashing, options, &IDS);
    assert!(ended.is_ok(), "{ended:?}");
    assert_eq!(outcomes.len(), IDS.len());
}

#[test]
fn a_crash_quotes_the_engines_last_lines_on_stderr() {
    let settings = fake(&[
        ("FAKE_CRASH_ON", "RNBQKBNR"),
        ("FAKE_STDERR", "EvalFile nn.bin: No such file"),
    ]);
    let outcomes = run(&settings, 1, 0, &[518]);
    assert_eq!(
        outcomes[0].as_ref().expect_err("a crash").to_string(),
        "crash: its output ended: the engine exited (exit status: 4); its stderr: \"EvalFile nn.bin: No such file\""
    );
}

#[test]
fn no_timeout_at_all_is_no_deadline_and_no_panic() {
    let mut settings = fake(&[]);
    let timeouts = &mut settings.timeouts;
    (timeouts.uciok, timeouts.readyok) = (Duration::MAX, Duration::MAX);
    (timeouts.search, timeouts.grace) = (Duration::MAX, Duration::MAX);
    assert!(run(&settings, 2, 0, &IDS).iter().all(Result::is_ok));
    // A time limit too far to count, on the search by time too.
    settings.limit = Limit::Movetime(u64::MAX);
    assert!(run(&settings, 1, 0, &[518]).iter().all(Result::is_ok));
}

#[test]
fn a_write_the_engine_never_reads_is_a_stall_not_a_hang() {
    // After `uciok` it reads nothing: a 100 kB option value fills the pipe and blocks.
    let huge = "x".repeat(100_000);
    let mut settings = fake(&[("FAKE_DEAF", "1")]).option("Hash", huge);
    settings.timeouts.readyok = Duration::from_millis(300);
    let err = Engine::start(&settings).expect_err("a stall");
    let StartError::Failed(failure) = err else {
        panic!("{err}");
    };
    assert_eq!(failure.kind, FailureKind::Stall);
    assert!(
        failure
            .detail
            .ends_with("took over 300ms: it reads no input"),
        "{failure}"
    );
}

#[test]
fn an_engine_without_uci_chess960_is_told_apart() {
    let engine = Engine::start(&fake(&[("FAKE_NO_CHESS960", "1")])).expect("an engine");
    assert!(!engine.offers_chess960());
    assert!(
        Engine::start(&fake(&[]))
            .expect("an engine")
            .offers_chess960()
    );
}

#[test]
fn a_slow_start_within_the_timeout_is_waited_for_and_one_past_it_stalls() {
    let outcomes = run(&fake(&[("FAKE_SLOW_START", "0.5")]), 1, 0, &[518]);
    assert!(outcomes[0].is_ok());
    let mut settings = fake(&[("FAKE_SLOW_START", "1")]);
    settings.timeouts.uciok = Duration::from_millis(300);
    let outcomes = run(&settings, 1, 0, &[518]);
    assert_eq!(
        outcomes[0].as_ref().expect_err("a stall").kind,
        FailureKind::Stall
    );
}

#[test]
fn start_refuses_options_the_engine_lacks_and_the_chess960_switch() {
    let err = Engine::start(&fake(&[]).option("Skill Level", "3")).expect_err("an error");
    assert!(matches!(err, StartError::UnknownOption { .. }));
    assert_eq!(
        err.to_string(),
        "Fake Engine 1.0 has no option `Skill Level` (its `uci` answer lists what it has)"
    );
    let err = Engine::start(&fake(&[]).option("uci_chess960", "false")).expect_err("an error");
    assert!(matches!(err, StartError::Reserved));
    let missing = Settings::new("/nonexistent/engine", Limit::Depth(1));
    assert!(matches!(Engine::start(&missing), Err(StartError::Spawn(_))));
    let engine = Engine::start(&fake(&[]).option("hash", "32")).expect("an engine");
    assert_eq!(engine.name(), "Fake Engine 1.0");
}
