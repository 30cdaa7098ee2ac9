//! The table of the 960 that the tool ships (`engine/data/evals-960.csv`): whole, in id order,
//! every search at the limits its header names, every best move a legal first move; `show`
//! prints each start's line of it and `games --stats --evals` its columns. Stockfish itself
//! remakes a slice of it (`stockfish_remakes_the_table`, ignored unless asked for).

use std::path::{Path, PathBuf};
use std::process::Command;

use chess960::StartingPosition;
use chess960_engine::{Limit, Records, is_legal_first_move};

use super::common::{chess960, text};

fn table_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/data/evals-960.csv")
}

fn table() -> Vec<chess960_engine::Record> {
    let bytes = std::fs::read(table_path()).unwrap();
    Records::new(&bytes[..]).map(Result::unwrap).collect()
}

#[test]
fn the_table_has_every_start_once_at_its_headers_limits() {
    let bytes = std::fs::read(table_path()).unwrap();
    let header: Vec<&str> = text(&bytes)
        .lines()
        .take_while(|l| l.starts_with('#'))
        .collect();
    assert!(
        header[0].starts_with("# The 960 Chess960 starts evaluated by Stockfish "),
        "{}",
        header[0]
    );
    assert!(header.iter().any(|l| l.contains("3000000 nodes a search")));
    assert!(header.iter().any(|l| l.starts_with(
        "# Made by: chess960 eval --all --engine /usr/games/stockfish --option Hash=16 --nodes 3000000"
    )));
    let records = table();
    assert_eq!(records.len(), 960);
    for (record, sp) in records.iter().zip(StartingPosition::all()) {
        assert_eq!(record.position.pair().white(), sp);
        assert_eq!(record.limit, Limit::Nodes(3_000_000));
        assert!(record.engine.starts_with("Stockfish "));
        let found = record.outcome.as_ref().unwrap();
        assert!(is_legal_first_move(sp, found.best_move), "{sp}");
        let wdl = found.wdl.unwrap();
        assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000);
        assert!(found.nodes.unwrap() >= 3_000_000);
    }
}

#[test]
fn show_prints_the_tables_line() {
    let records = table();
    for id in [0u16, 105, 451, 518, 959] {
        let out = chess960(&["show", &id.to_string()], b"");
        let last = text(&out.stdout).lines().last().unwrap().to_owned();
        let found = records[usize::from(id)].outcome.as_ref().unwrap();
        let cp = found.score.centipawns().unwrap();
        let lower = records
            .iter()
            .filter(|r| r.outcome.as_ref().unwrap().score.centipawns().unwrap() < cp)
            .count();
        let wdl = found.wdl.unwrap();
        let expected = format!(
            "{} at nodes=3000000: {}, wdl {} {} {}, best {}; {lower} of the 960 starts score lower for White",
            records[0].engine, found.score, wdl.win, wdl.draw, wdl.loss, found.best_move
        );
        assert_eq!(last, expected);
    }
    // A pair is not in the table: no line.
    let out = chess960(&["show", "105 451"], b"");
    assert_eq!(
        text(&out.stdout).lines().last(),
        Some("   a  b  c  d  e  f  g  h")
    );
}

#[test]
fn games_stats_gets_the_tables_columns() {
    let pgn = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\
               [Result \"1-0\"]\n\n1. e4 1-0\n\n";
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("table-games.pgn");
    std::fs::write(&path, pgn).unwrap();
    let file = path.to_str().unwrap();
    let out = chess960(
        &["games", "--stats", "--evals", "--format", "csv", file],
        b"",
    );
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert!(lines[0].ends_with(
        ",elo_high,engine_cp,engine_mate,engine_win,engine_draw,engine_loss,engine_best_move"
    ));
    let found = table()[0].outcome.clone().unwrap();
    let wdl = found.wdl.unwrap();
    let tail = format!(
        ",{},,{},{},{},{}",
        found.score.centipawns().unwrap(),
        wdl.win,
        wdl.draw,
        wdl.loss,
        found.best_move
    );
    assert!(lines[1].starts_with("0,0,BBQNNRKR,BBQNNRKR,1,1,0,0,0,"));
    assert!(lines[1].ends_with(&tail), "{}", lines[1]);
    let html = chess960(
        &["games", "--stats", "--evals", "--format", "html", file],
        b"",
    );
    assert_eq!(html.status.code(), Some(2));
}

#[test]
#[ignore = "needs Stockfish (/usr/games/stockfish): `cargo test -- --ignored`, as .ci/run does"]
fn stockfish_remakes_the_table() {
    let stockfish = Path::new("/usr/games/stockfish");
    assert!(
        stockfish.exists(),
        "Stockfish is not installed; .ci/run installs it"
    );
    // Every 96th start (ten, 3 million nodes each: 21 s here), at the table's limits: the same
    // records but for the time.
    let ids: Vec<String> = (0..960).step_by(96).map(|id: u16| id.to_string()).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args([
            "eval",
            "--engine",
            "/usr/games/stockfish",
            "--option",
            "Hash=16",
            "--nodes",
            "3000000",
            "--format",
            "csv",
        ])
        .args(&ids)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let without_time = |record: &chess960_engine::Record| {
        let mut record = record.clone();
        if let Ok(found) = &mut record.outcome {
            found.time = None;
        }
        record
    };
    let remade: Vec<_> = Records::new(&out.stdout[..])
        .map(|r| without_time(&r.unwrap()))
        .collect();
    let table = table();
    let shipped: Vec<_> = (0..960)
        .step_by(96)
        .map(|id| without_time(&table[id]))
        .collect();
    assert_eq!(remade, shipped);
}

#[test]
#[ignore = "needs Stockfish (/usr/games/stockfish): `cargo test -- --ignored`, as .ci/run does"]
fn engine_balance_examples_print_what_the_doc_shows() {
    assert!(
        Path::new("/usr/games/stockfish").exists(),
        "Stockfish is not installed; .ci/run installs it"
    );
    let doc = include_str!("../../../docs/engine-balance.md");
    assert!(super::readme::run_console_examples(doc, "engine-balance-examples") >= 9);
}

/// docs/engine-balance.md's table of columns names exactly the columns `eval` writes: the
/// position's (a start's and a pair's) and the record's.
#[test]
fn the_engine_balance_doc_names_the_columns_eval_writes() {
    let doc = include_str!("../../../docs/engine-balance.md");
    let table = doc.split("| column | meaning |\n").nth(1).unwrap();
    let mut named = Vec::new();
    for row in table.lines().skip(1).take_while(|l| l.starts_with('|')) {
        let cell = row.split('|').nth(1).unwrap();
        named.extend(cell.split('`').skip(1).step_by(2).map(str::to_owned));
    }
    let positions = [
        chess960_engine::Positions::Starts,
        chess960_engine::Positions::Pairs,
    ];
    let mut written: Vec<String> = positions
        .iter()
        .flat_map(|p| p.columns())
        .chain(chess960_engine::COLUMNS.iter())
        .map(|c| (*c).to_owned())
        .collect();
    named.sort();
    written.sort();
    assert_eq!(named, written);
}
