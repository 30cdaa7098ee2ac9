//! Analyses' records written a line a row in CSV and JSON Lines and read back as they were
//! (several lines, a failure, Black to move, a mate without a move, a castling, a date, one
//! position twice in a row), or as the error that names the broken column.

use chess960_engine::{
    Analysis, AnalysisRecord, AnalysisRecords, Failure, FailureKind, Limit, Line, ReadRecordError,
    RecordFormat, Score, Wdl,
};

use super::analyse::{BLACK, START, position};

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
        // Each line at its own depth, as the engine last reported it.
        let depth = 14 - u32::from(pv.len() % 2 == 1);
        Line::new(score, wdl, moves).at_depth(Some(depth), Some(20))
    };
    let analysis = |lines: Vec<Line>| {
        let mut analysis = Analysis::new(lines);
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
        // This line ended a ply shallower than the others: its own depth.
        rows[7].contains(",1,12,,,,,13,20,20013,31,g1h1 f8g6,"),
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
