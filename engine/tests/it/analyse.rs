//! Positions analysed with several lines (MultiPV) against the scripted engine
//! (`fake-engine.sh`), its answers read from the script itself: the lines in order, every move
//! legal (shakmaty says), the scores from White's view whoever is to move; an engine without
//! `MultiPV`; an illegal move in a line; and analyses' records written a line a row in CSV and
//! JSON Lines and read back as they were, or as the error that names the broken column.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use chess960_engine::uci::{EngineLine, parse_line, pv};
use chess960_engine::{
    Analysis, AnalysisRecord, AnalysisRecords, Engine, Failure, FailureKind, Limit, Line, Position,
    ReadRecordError, RecordFormat, RunOptions, Score, Settings, Wdl, analyse_all,
};
use shakmaty::fen::Fen as ShakmatyFen;
use shakmaty::uci::UciMove as ShakmatyUci;
use shakmaty::{CastlingMode, Chess, Position as _};

/// A start, White to move (its back rank: QNRBBNKR).
const START: &str = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -";
/// After 1. Ng3 from [`START`], Black to move (White's back rank: QNRBB1KR).
const BLACK: &str = "qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR b HChc -";
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

fn position(fen: &str) -> Position {
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
            analysis.depth,
            analysis.seldepth,
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

/// Records of every kind: several lines with win/draw/loss, a failure, Black to move, a mate
/// with no move, and one position twice in a row.
fn records() -> Vec<AnalysisRecord> {
    let engine = "Fake Engine 1.0, \"quoted\"";
    let limit = Limit::Nodes(20_000);
    let line = |score, wdl: Option<(u32, u32, u32)>, pv: &str| {
        let wdl = wdl.map(|(win, draw, loss)| Wdl { win, draw, loss });
        let moves = pv
            .split_whitespace()
            .map(|mv| mv.parse().expect("a move"))
            .collect();
        Line::new(score, wdl, moves)
    };
    let analysis = |lines: Vec<Line>| {
        let mut analysis = Analysis::new(lines);
        analysis.depth = Some(14);
        analysis.seldepth = Some(20);
        analysis.nodes = Some(20_013);
        analysis.time = Some(31);
        Ok(analysis)
    };
    let record = |fen: &str, threads, outcome| {
        AnalysisRecord::new(position(fen), engine, limit, threads, outcome)
    };
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w HAha -";
    // The king on g1 and its rook on h1: castling written as the king taking the rook.
    let castles = "qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR w HChc -";
    vec![
        record(
            START,
            1,
            analysis(vec![
                line(Score::Centipawns(31), Some((60, 920, 20)), "g2g3 g7g6 b1c3"),
                line(Score::Centipawns(20), Some((50, 920, 30)), "b1c3"),
                line(Score::Centipawns(-4), Some((40, 900, 60)), "h2h4 h7h5"),
            ]),
        ),
        record(
            BLACK,
            4,
            Err(Failure::new(
                FailureKind::Timeout,
                "the search ran past 1s, \"stop\" ended it (attempt 2 of 2)",
            )),
        ),
        record(
            BLACK,
            4,
            analysis(vec![line(Score::Mate(-3), None, "f8g6 g1h1")]),
        )
        .dated("2026-11-26"),
        record(mated, 1, analysis(vec![line(Score::Mate(0), None, "")])),
        record(
            castles,
            1,
            analysis(vec![
                line(Score::Centipawns(12), None, "g1h1 f8g6"),
                line(Score::Centipawns(8), None, "e2e4"),
            ]),
        ),
        record(
            castles,
            1,
            analysis(vec![
                line(Score::Centipawns(15), None, "e2e4"),
                line(Score::Centipawns(9), None, "g1h1"),
            ]),
        ),
    ]
}

fn written(records: &[AnalysisRecord], format: RecordFormat) -> Vec<u8> {
    let mut out = Vec::new();
    if format == RecordFormat::Csv {
        AnalysisRecord::write_csv_header(&mut out).expect("written");
    }
    for record in records {
        record.write(&mut out, format).expect("written");
    }
    out
}

fn read(bytes: &[u8]) -> Result<Vec<AnalysisRecord>, ReadRecordError> {
    AnalysisRecords::new(bytes).collect()
}

#[test]
fn records_read_back_as_they_were_written_in_csv_and_json_lines() {
    let records = records();
    for format in [RecordFormat::Csv, RecordFormat::Json] {
        let bytes = written(&records, format);
        let text = String::from_utf8(bytes.clone()).expect("UTF-8");
        // A row a line, a failure's one: 3 + 1 + 1 + 1 + 2 + 2.
        let header = usize::from(format == RecordFormat::Csv);
        assert_eq!(text.lines().count(), header + 10, "{format:?}: {text}");
        let mut reader = AnalysisRecords::new(bytes.as_slice());
        let back: Vec<AnalysisRecord> = reader
            .by_ref()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|err| panic!("{format:?}: {err}\n{text}"));
        assert_eq!(back, records, "{format:?}: {text}");
        assert_eq!(reader.format(), Some(format));
    }
    // The rows as documented: the castling's pv as the king taking its rook, a mate's pv empty.
    let csv = String::from_utf8(written(&records, RecordFormat::Csv)).expect("UTF-8");
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "fen,multipv,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,pv,engine,limit,threads,date,status,error"
    );
    assert_eq!(
        rows[1],
        format!(
            "{START},1,31,,60,920,20,14,20,20013,31,g2g3 g7g6 b1c3,\"Fake Engine 1.0, \"\"quoted\"\"\",nodes=20000,1,,ok,"
        )
    );
    assert!(
        rows[4].starts_with(&format!("{BLACK},,,,,,,,,,,,")),
        "{}",
        rows[4]
    );
    assert!(
        rows[4].contains(",nodes=20000,4,,timeout,\"the search ran past 1s, "),
        "{}",
        rows[4]
    );
    assert!(rows[6].contains(",,0,,,,14,20,20013,31,,"), "{}", rows[6]);
    assert!(
        rows[7].contains(",1,12,,,,,14,20,20013,31,g1h1 f8g6,"),
        "{}",
        rows[7]
    );
}

#[test]
fn a_line_1_after_a_record_begins_the_next_record_of_the_same_position() {
    let records = records();
    let again = &records[4..];
    assert_eq!(again[0].position, again[1].position);
    for format in [RecordFormat::Csv, RecordFormat::Json] {
        let back = read(&written(again, format)).expect("read back");
        assert_eq!(back.len(), 2, "{format:?}");
        assert_eq!(back, again, "{format:?}");
        // And a failure between two analyses of one position: three records.
        let three = [records[2].clone(), records[1].clone(), records[2].clone()];
        let back = read(&written(&three, format)).expect("read back");
        assert_eq!(back, three, "{format:?}");
    }
}

/// The column and line an error names.
fn bad_field(result: Result<Vec<AnalysisRecord>, ReadRecordError>) -> (String, u64, String) {
    match result {
        Err(ReadRecordError::BadField { line, column, why }) => (column, line, why),
        other => panic!("not a bad field: {other:?}"),
    }
}

#[test]
fn an_illegal_move_or_a_record_without_line_1_names_the_column() {
    let header = "fen,multipv,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,pv,engine,limit,threads,status,error\n";
    let row = |multipv: &str, pv: &str| {
        format!("{START},{multipv},31,,,,,14,20,1000,3,{pv},Fake Engine 1.0,nodes=1000,1,ok,\n")
    };
    // The pv's second move is not legal where it is played (a White pawn's, Black to move).
    let file = format!("{header}{}{}", row("1", "g2g3"), row("2", "b2b3 e2e4"));
    let (column, line, why) = bad_field(read(file.as_bytes()));
    assert_eq!((column.as_str(), line), ("pv", 3), "{why}");
    assert!(why.contains("move 2 (e2e4) is not legal"), "{why}");
    // A move no position allows.
    let file = format!("{header}{}", row("1", "g2g5"));
    assert_eq!(bad_field(read(file.as_bytes())).0, "pv");
    // A record whose first row is line 2.
    let file = format!("{header}{}", row("2", "g2g3"));
    let (column, line, why) = bad_field(read(file.as_bytes()));
    assert_eq!((column.as_str(), line), ("multipv", 2), "{why}");
    assert!(why.contains("line 2 of"), "{why}");
    // A line skipped: line 3 after line 1 begins a record, without its line 1.
    let file = format!("{header}{}{}", row("1", "g2g3"), row("3", "b2b3"));
    let mut reader = AnalysisRecords::new(file.as_bytes());
    assert!(reader.next().expect("a record").is_ok());
    let (column, line, _) = bad_field(reader.next().expect("an error").map(|r| vec![r]));
    assert_eq!((column.as_str(), line), ("multipv", 3));
    // The same in JSON Lines.
    let mut json = Vec::new();
    records()[2]
        .write(&mut json, RecordFormat::Json)
        .expect("written");
    let json = String::from_utf8(json).expect("UTF-8");
    assert!(json.contains("\"multipv\":1,"), "{json}");
    let json = json.replace("\"multipv\":1,", "\"multipv\":2,");
    let (column, line, _) = bad_field(read(json.as_bytes()));
    assert_eq!((column.as_str(), line), ("multipv", 1));
}
