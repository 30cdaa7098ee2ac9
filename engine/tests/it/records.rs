//! Records written in CSV and JSON Lines and read back, every field, starts and pairs, good
//! and failed; concatenated CSV files; and the errors that name a broken line.

use chess960::book::BookEntry;
use chess960::{DoubleStartingPosition, StartingPosition};
use chess960_engine::{
    Evaluation, Failure, FailureKind, Limit, Positions, Record, RecordFormat, Records, Score, Wdl,
    write_csv_header,
};

fn sp(id: u16) -> StartingPosition {
    StartingPosition::from_id(id).unwrap()
}

fn records(dfrc: bool) -> Vec<Record> {
    let entry = |white: u16, black: u16| {
        if dfrc {
            BookEntry::Dfrc(DoubleStartingPosition::new(sp(white), sp(black)))
        } else {
            BookEntry::Chess960(sp(white))
        }
    };
    let found = |score, wdl, mv: &str| {
        Ok(Evaluation {
            score,
            wdl,
            depth: Some(20),
            seldepth: Some(31),
            nodes: Some(1_000_813),
            time: Some(1058),
            best_move: mv.parse().unwrap(),
        })
    };
    let engine = "Stockfish 15.1, \"quoted\"";
    let record = |white, black, outcome| {
        Record::new(
            entry(white, black),
            engine,
            Limit::Nodes(1_000_000),
            outcome,
        )
    };
    vec![
        record(
            518,
            518,
            found(
                Score::Centipawns(31),
                Some(Wdl {
                    win: 60,
                    draw: 920,
                    loss: 20,
                }),
                "e2e4",
            ),
        ),
        record(105, 451, found(Score::Mate(-3), None, "g1h1")),
        record(
            0,
            959,
            Err(Failure::new(
                FailureKind::Crash,
                "its output ended: the engine exited, (signal: 11)",
            )),
        ),
        record(
            959,
            0,
            found(
                Score::Centipawns(-7),
                Some(Wdl {
                    win: 1,
                    draw: 2,
                    loss: 997,
                }),
                "b1c3",
            ),
        ),
    ]
}

fn written(records: &[Record], format: RecordFormat, dfrc: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if format == RecordFormat::Csv {
        write_csv_header(&mut out, Positions::pairs_if(dfrc)).unwrap();
    }
    for record in records {
        record
            .write(&mut out, format, Positions::pairs_if(dfrc))
            .unwrap();
    }
    out
}

fn read(bytes: &[u8]) -> Vec<Record> {
    Records::new(bytes).collect::<Result<_, _>>().unwrap()
}

#[test]
fn every_record_reads_back_as_it_was_written() {
    for dfrc in [false, true] {
        let records = records(dfrc);
        for format in [RecordFormat::Csv, RecordFormat::Json] {
            assert_eq!(
                read(&written(&records, format, dfrc)),
                records,
                "{format:?} dfrc {dfrc}"
            );
        }
    }
}

#[test]
fn the_columns_are_as_documented() {
    let csv = String::from_utf8(written(&records(false)[..1], RecordFormat::Csv, false)).unwrap();
    assert_eq!(
        csv,
        "sp,rank,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error\n\
         518,RNBQKBNR,31,,60,920,20,20,31,1000813,1058,e2e4,e2e4,\"Stockfish 15.1, \"\"quoted\"\"\",nodes=1000000,ok,\n"
    );
    let json = String::from_utf8(written(&records(true)[2..3], RecordFormat::Json, true)).unwrap();
    assert_eq!(
        json,
        "{\"white_sp\":0,\"white_rank\":\"BBQNNRKR\",\"black_sp\":959,\"black_rank\":\"RKRNNQBB\",\"cp\":null,\"mate\":null,\
         \"win\":null,\"draw\":null,\"loss\":null,\"depth\":null,\"seldepth\":null,\"nodes\":null,\"time_ms\":null,\
         \"best_move\":null,\"best_move_kxr\":null,\"engine\":\"Stockfish 15.1, \\\"quoted\\\"\",\"limit\":\"nodes=1000000\",\
         \"status\":\"crash\",\"error\":\"its output ended: the engine exited, (signal: 11)\"}\n"
    );
    let text = String::from_utf8(written(&records(true), RecordFormat::Text, true)).unwrap();
    assert_eq!(
        text,
        "518 RNBQKBNR 518 RNBQKBNR: +0.31  wdl 60 920 20  depth 20/31  e2e4  nodes 1000813\n\
         105 QNRBBNKR 451 BRNNKQRB: #-3  depth 20/31  g1h1  nodes 1000813\n\
         0 BBQNNRKR 959 RKRNNQBB: failed, crash: its output ended: the engine exited, (signal: 11)\n\
         959 RKRNNQBB 0 BBQNNRKR: -0.07  wdl 1 2 997  depth 20/31  b1c3  nodes 1000813\n"
    );
}

#[test]
fn concatenated_csv_files_read_as_one() {
    let records = records(false);
    let mut both = written(&records[..2], RecordFormat::Csv, false);
    both.extend(written(&records[2..], RecordFormat::Csv, false));
    assert_eq!(read(&both), records);
}

#[test]
fn a_broken_line_is_named() {
    let error = |text: &str| {
        Records::new(text.as_bytes())
            .find_map(Result::err)
            .unwrap()
            .to_string()
    };
    let header = "sp,rank,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error\n";
    assert_eq!(
        error("518,RNBQKBNR,31,,,,,,,,,e2e4,e2e4,SF,nodes=1,ok,\n"),
        "line 1: a CSV row before any header (sp,rank,… or white_sp,…)"
    );
    assert_eq!(
        error(&format!(
            "{header}518,RNBQKBNR,31,,,,,,,,,e2e4,e2e4,SF,nodes=1,done,\n"
        )),
        "line 2: column `status`: `done` is not a failure: crash, stall, illegal, timeout or protocol, or ok"
    );
    assert_eq!(
        error(&format!(
            "{header}519,RNBQKBNR,31,,,,,,,,,e2e4,e2e4,SF,nodes=1,ok,\n"
        )),
        "line 2: column `sp`: 519 is not the id of RNBQKBNR (518)"
    );
    assert_eq!(
        error(&format!(
            "{header}518,RNBQKBNR,,,,,,,,,,e2e4,e2e4,SF,nodes=1,ok,\n"
        )),
        "line 2: column `cp`: a record gives cp or mate, one of them"
    );
    assert_eq!(
        error("{\"sp\":518,\"rank\":\"RNBQKBNR\",\"engine\":\"SF\",\"status\":\"ok\"}\n"),
        "line 1: column `limit`: missing"
    );
    assert!(error("{\"sp\":518,\n").starts_with("line 1: not a JSON object: "));
}

#[test]
fn best_move_kxr_is_king_takes_rook_whichever_way_the_engine_spelled_it() {
    // An engine without UCI_Chess960 castles as `e1g1`, one with it as `e1h1`: the column
    // says `e1h1` for both; `best_move` keeps the engine's own spelling.
    for (spelled, kxr, text) in [
        ("e1g1", "e1h1", "e1g1"),
        ("e1h1", "e1h1", "e1g1"),
        ("e1c1", "e1a1", "e1c1"),
        ("e2e4", "e2e4", "e2e4"),
    ] {
        let position = BookEntry::Chess960(StartingPosition::STANDARD);
        let record = Record::new(
            position,
            "E",
            Limit::Depth(1),
            Ok(Evaluation {
                score: Score::Centipawns(0),
                wdl: None,
                depth: None,
                seldepth: None,
                nodes: None,
                time: None,
                best_move: spelled.parse().unwrap(),
            }),
        );
        let values = record.values();
        assert_eq!((values[9].as_str(), values[10].as_str()), (spelled, kxr));
        let mut line = Vec::new();
        record
            .write(&mut line, RecordFormat::Text, Positions::Starts)
            .unwrap();
        let line = String::from_utf8(line).unwrap();
        assert!(line.ends_with(&format!("  {text}\n")), "{line}");
    }
}
