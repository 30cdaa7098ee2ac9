//! Positions analysed with several lines (MultiPV) against the scripted engine
//! (`fake-engine.sh`), its answers read from the script itself: the lines in order, every move
//! legal (shakmaty says), the scores from White's view whoever is to move; an engine without
//! `MultiPV`; an illegal move in a line. Their records: `analysis_records.rs`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use chess960_engine::uci::{EngineLine, parse_line, pv};
use chess960_engine::{
    Analysis, Engine, FailureKind, Limit, Line, Position, RunOptions, Score, Settings, Wdl,
    analyse_all,
};
use shakmaty::fen::Fen as ShakmatyFen;
use shakmaty::uci::UciMove as ShakmatyUci;
use shakmaty::{CastlingMode, Chess, Position as _};

/// A start, White to move (its back rank: QNRBBNKR).
pub(crate) const START: &str = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -";
/// After 1. Ng3 from [`START`], Black to move (White's back rank: QNRBB1KR).
pub(crate) const BLACK: &str = "qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR b HChc -";
/// After 1. Ng3 Nc6 2. f4 f6 3. e3, Black to move: its f-pawn has gone, its c-pawn is blocked.
const MOVED: &str = "q1rbbnkr/ppppp1pp/2n2p2/8/5P2/4P1N1/PPPP2PP/QNRBB1KR b HChc -";

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake-engine.sh")
}

fn fake(env: &[(&str, &str)]) -> Settings {
    let mut settings = Settings::new("/usr/bin/env", Limit::Nodes(1000));
    settings.args = env.iter().map(|(k, v)| format!("{k}={v}").into()).collect();
    settings.args.push(script().into());
    settings.timeouts.uciok = Duration::from_secs(2);
    settings.timeouts.readyok = Duration::from_secs(2);
    settings.timeouts.search = Duration::from_millis(500);
    settings.timeouts.grace = Duration::from_millis(500);
    settings
}

pub(crate) fn position(fen: &str) -> Position {
    fen.parse().expect("a position")
}

/// One line as the script printed it: the side to move's score and win/draw/loss, the moves.
#[derive(Debug)]
struct Printed {
    score: Score,
    wdl: Option<Wdl>,
    moves: Vec<String>,
}

/// What the script prints for `lines` lines from `fen`, asked directly (not through the
/// driver) as the driver asks it: win/draw/loss shown, `go nodes 1000`.
fn printed(fen: &str, lines: u32, env: &[(&str, &str)]) -> Vec<Printed> {
    let mut child = Command::new("sh")
        .arg(script())
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the script starts");
    let commands = format!(
        "uci\nsetoption name UCI_ShowWDL value true\nsetoption name MultiPV value {lines}\n\
         position fen {fen} 0 1\n{}\nquit\n",
        Limit::Nodes(1000).go()
    );
    let mut stdin = child.stdin.take().expect("its stdin");
    stdin.write_all(commands.as_bytes()).expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("its output");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let mut found = Vec::new();
    for line in text.lines() {
        let Ok(EngineLine::Info(info)) = parse_line(line) else {
            continue;
        };
        let Some(score) = info.score else {
            continue;
        };
        assert_eq!(info.multipv, Some(found.len() as u32 + 1), "{text}");
        found.push(Printed {
            score,
            wdl: info.wdl,
            moves: pv(line).iter().map(ToString::to_string).collect(),
        });
    }
    found
}

/// Whether `moves` are legal one after another from `fen`, as shakmaty plays them.
fn legal(fen: &str, moves: &[String]) -> bool {
    let setup: ShakmatyFen = fen.parse().expect("a FEN");
    let mut board: Chess = setup
        .into_position(CastlingMode::Chess960)
        .expect("a legal position");
    for text in moves {
        let Ok(uci) = text.parse::<ShakmatyUci>() else {
            return false;
        };
        let Ok(mv) = uci.to_move(&board) else {
            return false;
        };
        board.play_unchecked(mv);
    }
    true
}

fn moves(line: &Line) -> Vec<String> {
    line.moves.iter().map(ToString::to_string).collect()
}

fn negated(score: Score) -> Score {
    match score {
        Score::Centipawns(cp) => Score::Centipawns(-cp),
        Score::Mate(n) => Score::Mate(-n),
    }
}

fn analysed(engine: &mut Engine, fen: &str, lines: u32) -> Analysis {
    engine
        .analyse(&position(fen), lines)
        .unwrap_or_else(|failure| panic!("{fen}: {failure}"))
}

#[test]
fn three_lines_from_a_start_come_in_order_in_white_s_view_every_move_legal() {
    let mut engine = Engine::start(&fake(&[])).expect("started");
    let analysis = analysed(&mut engine, START, 3);
    let expected = printed(START, 3, &[]);
    assert_eq!(expected.len(), 3, "{expected:?}");
    assert_eq!(analysis.lines.len(), 3, "{analysis:?}");
    for (line, printed) in analysis.lines.iter().zip(&expected) {
        assert_eq!(line.score, printed.score);
        assert_eq!(line.wdl, printed.wdl);
        assert_eq!(moves(line), printed.moves);
        assert!(legal(START, &moves(line)), "{line:?}");
        assert!(
            moves(line)[0].ends_with('3'),
            "a White pawn's step: {line:?}"
        );
    }
    // Best first: each line scores less than the one before; each begins with another move.
    let scores: Vec<i32> = analysis
        .lines
        .iter()
        .map(|line| line.score.centipawns().expect("centipawns"))
        .collect();
    assert!(scores.windows(2).all(|w| w[0] > w[1]), "{scores:?}");
    let mut firsts: Vec<String> = analysis.lines.iter().map(|l| moves(l)[0].clone()).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3);
    assert_eq!(
        (
            analysis.depth(),
            analysis.lines[0].seldepth,
            analysis.nodes,
            analysis.time
        ),
        (Some(7), Some(9), Some(1000), Some(10))
    );
    // MultiPV set again as the number of lines changes, on the same engine.
    assert_eq!(analysed(&mut engine, START, 1).lines.len(), 1);
    assert_eq!(analysed(&mut engine, START, 2).lines.len(), 2);
    assert_eq!(analysed(&mut engine, START, 3), analysis);
}

#[test]
fn with_black_to_move_the_scores_are_negated_and_win_and_loss_swapped() {
    for fen in [BLACK, MOVED] {
        let mut engine = Engine::start(&fake(&[])).expect("started");
        let analysis = analysed(&mut engine, fen, 3);
        let expected = printed(fen, 3, &[]);
        assert_eq!(analysis.lines.len(), 3, "{analysis:?}");
        for (line, printed) in analysis.lines.iter().zip(&expected) {
            assert_eq!(line.score, negated(printed.score), "{fen}");
            let wdl = printed.wdl.expect("the script's win/draw/loss");
            let swapped = Wdl {
                win: wdl.loss,
                draw: wdl.draw,
                loss: wdl.win,
            };
            assert_eq!(line.wdl, Some(swapped), "{fen}");
            assert_eq!(moves(line), printed.moves);
            assert!(legal(fen, &moves(line)), "{fen}: {line:?}");
            assert!(
                moves(line)[0].ends_with('6'),
                "a Black pawn's step: {line:?}"
            );
        }
        // The script's lines fall from the side to move's view: from White's, they rise.
        let wins: Vec<u32> = analysis
            .lines
            .iter()
            .map(|line| line.wdl.expect("wdl").win)
            .collect();
        assert!(wins.windows(2).all(|w| w[0] < w[1]), "{wins:?}");
        let scores: Vec<i32> = analysis
            .lines
            .iter()
            .map(|line| line.score.centipawns().expect("centipawns"))
            .collect();
        assert!(scores.windows(2).all(|w| w[0] < w[1]), "{scores:?}");
    }
    // Fewer lines than asked for where fewer pawns can step: not the f-pawn, nor the c-pawn.
    let analysis = analysed(&mut Engine::start(&fake(&[])).expect("started"), MOVED, 8);
    let mut firsts: Vec<String> = analysis.lines.iter().map(|l| moves(l)[0].clone()).collect();
    firsts.sort();
    assert_eq!(firsts, ["a7a6", "b7b6", "d7d6", "e7e6", "g7g6", "h7h6"]);
}

#[test]
fn many_positions_come_back_in_input_order_whoever_is_to_move() {
    let fens = [START, BLACK, MOVED, START, BLACK];
    let positions: Vec<Position> = fens.iter().map(|fen| position(fen)).collect();
    let options = RunOptions::default().jobs(3);
    let mut seen = Vec::new();
    analyse_all(
        &fake(&[]),
        options,
        None,
        &positions,
        2,
        |position, outcome| {
            seen.push((position.to_string(), outcome.expect("analysed")));
            Ok::<(), ()>(())
        },
    )
    .expect("the run");
    let names: Vec<&str> = seen.iter().map(|(fen, _)| fen.as_str()).collect();
    assert_eq!(names, fens);
    for (fen, analysis) in &seen {
        let expected = printed(fen, 2, &[]);
        let white = fen.contains(" w ");
        let scores: Vec<Score> = analysis.lines.iter().map(|line| line.score).collect();
        let printed: Vec<Score> = expected
            .iter()
            .map(|line| match white {
                true => line.score,
                false => negated(line.score),
            })
            .collect();
        assert_eq!(scores, printed, "{fen}");
    }
    assert_eq!(seen[0].1, seen[3].1);
    assert_eq!(seen[1].1, seen[4].1);
}

#[test]
fn an_engine_without_multipv_gives_one_line_and_refuses_two() {
    let settings = fake(&[("FAKE_NO_MULTIPV", "1")]);
    let mut engine = Engine::start(&settings).expect("started");
    let failure = engine
        .analyse(&position(START), 2)
        .expect_err("two lines refused");
    assert_eq!(failure.kind, FailureKind::Protocol);
    assert!(failure.detail.contains("MultiPV"), "{failure}");
    let mut engine = Engine::start(&settings).expect("started");
    let analysis = analysed(&mut engine, START, 1);
    assert_eq!(analysis.lines.len(), 1);
    assert_eq!(
        moves(&analysis.lines[0]),
        printed(START, 1, &[("FAKE_NO_MULTIPV", "1")])[0].moves
    );
    // Through a run, retried and then recorded as failed.
    let positions = [position(START)];
    let mut outcomes = Vec::new();
    analyse_all(
        &settings,
        RunOptions::default(),
        None,
        &positions,
        2,
        |_, outcome| {
            outcomes.push(outcome);
            Ok::<(), ()>(())
        },
    )
    .expect("the run");
    let failure = outcomes[0].as_ref().expect_err("a failure");
    assert_eq!(failure.kind, FailureKind::Protocol);
    assert!(failure.detail.ends_with("(attempt 2 of 2)"), "{failure}");
}

#[test]
fn an_illegal_move_in_a_line_or_as_bestmove_is_illegal_naming_it() {
    for (fen, rank, bad) in [(START, "QNRBBNKR", '5'), (BLACK, "QNRBBKR", '4')] {
        let env = [("FAKE_ILLEGAL_ON", rank)];
        let wrong = &printed(fen, 3, &env)[0].moves[0];
        assert!(wrong.ends_with(bad), "{wrong}");
        let mut engine = Engine::start(&fake(&env)).expect("started");
        let failure = engine.analyse(&position(fen), 3).expect_err("illegal");
        assert_eq!(failure.kind, FailureKind::Illegal, "{failure}");
        assert!(
            failure
                .detail
                .contains(&format!("line 1's move 1 ({wrong}) is not legal")),
            "{failure}"
        );
        // One line from an engine without MultiPV: the `bestmove` is the illegal move.
        let without = [("FAKE_ILLEGAL_ON", rank), ("FAKE_NO_MULTIPV", "1")];
        let mut engine = Engine::start(&fake(&without)).expect("started");
        let failure = engine.analyse(&position(fen), 1).expect_err("illegal");
        assert_eq!(failure.kind, FailureKind::Illegal, "{failure}");
        assert_eq!(
            failure.detail,
            format!("`bestmove {wrong}` is not legal from {fen}")
        );
    }
}
