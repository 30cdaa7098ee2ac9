//! docs/glossary.md names every table's columns once: each CSV header the tool writes, and the
//! keys of its JSON Lines, are the glossary's, in order.

use std::collections::BTreeMap;

use crate::common::{chess960, json_lines, text};

/// The glossary's `columns` blocks: each table's name and header.
pub fn glossary() -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/glossary.md");
    let page = std::fs::read_to_string(path).unwrap();
    let mut tables = BTreeMap::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if let Some(name) = line.strip_prefix("```columns ") {
            let header = lines.next().unwrap().to_owned();
            assert_eq!(lines.next(), Some("```"), "{name}: one line of columns");
            tables.insert(name.to_owned(), header);
        }
    }
    tables
}

/// The first line the tool writes for `args`.
fn header(args: &[&str], stdin: &[u8]) -> String {
    let out = chess960(args, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout).lines().next().unwrap().to_owned()
}

/// The keys of the first JSON Lines record the tool writes for `args`, in order.
fn keys(args: &[&str], stdin: &[u8]) -> String {
    let out = chess960(args, stdin);
    let first = json_lines(&out.stdout).remove(0);
    let keys: Vec<String> = first.as_object().unwrap().keys().cloned().collect();
    keys.join(",")
}

/// A game of SP 105 with lichess's tags, both players' Elo among them, so that a tree lists
/// it among its top games with every field.
const RATED: &[u8] = b"[Event \"Rated Chess960 game\"]\n[Site \"https://lichess.org/abcd1234\"]\n[UTCDate \"2024.03.01\"]\n[White \"a\"]\n[Black \"b\"]\n[TimeControl \"180+2\"]\n[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n[WhiteElo \"2000\"]\n[BlackElo \"1900\"]\n\n1. g3 1-0\n";

const PGN: &[u8] = b"[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 1-0\n";

#[test]
fn every_csv_header_and_json_record_is_the_glossarys() {
    let tables = glossary();
    let table = |name: &str| {
        tables
            .get(name)
            .unwrap_or_else(|| panic!("no {name}"))
            .clone()
    };
    let starts = [
        &["list", "--format", "csv"][..],
        &["random", "--format", "csv"],
        &["book", "--format", "csv"],
    ];
    for args in starts {
        assert_eq!(header(args, b""), table("starts"), "{args:?}");
        let json = [&args[..args.len() - 1], &["json"]].concat();
        assert_eq!(keys(&json, b""), table("starts"), "{json:?}");
    }
    let pairs = ["random", "--dfrc", "--format", "csv"];
    assert_eq!(header(&pairs, b""), table("pairs"));
    let draws = ["draw", "--seed-text", "x", "--format", "csv"];
    assert_eq!(header(&draws, b""), table("draws"));
    let dfrc_draws = ["draw", "--seed-text", "x", "--dfrc", "--format", "csv"];
    let draw_of = |pairs: String| format!("draw,{pairs}");
    assert_eq!(header(&dfrc_draws, b""), draw_of(table("pairs")));
    assert_eq!(header(&["games", "--format", "csv"], PGN), table("games"));
    let tree = |args: &[&str]| {
        let out = chess960(
            &[&["tree", "--sp", "105", "--format", "json"], args].concat(),
            RATED,
        );
        json_lines(&out.stdout).remove(0)
    };
    let names = |value: &serde_json::Value| {
        value
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect::<Vec<_>>()
            .join(",")
    };
    let node = tree(&[]);
    assert_eq!(names(&node), table("tree"));
    assert_eq!(names(&node["moves"][0]), table("tree_move"));
    assert_eq!(names(&node["topGames"][0]), table("tree_game"));
    assert_eq!(names(&tree(&["--nodes"])), table("tree_nodes"));
    assert_eq!(keys(&["games", "--format", "json"], PGN), table("games"));
    let with_moves = format!("{},{}", table("games"), table("moves"));
    assert_eq!(
        header(&["games", "--moves", "--format", "csv"], PGN),
        with_moves
    );
    assert_eq!(
        keys(&["games", "--moves", "--format", "json"], PGN),
        with_moves
    );
    let stats = ["games", "--stats", "--format", "csv"];
    assert_eq!(header(&stats, PGN), table("stats"));
    assert_eq!(
        keys(&["games", "--stats", "--format", "json"], PGN),
        table("stats")
    );
    let with_engine = ["games", "--stats", "--evals", "--format", "csv"];
    let both = format!("{},{}", table("stats"), table("engine"));
    assert_eq!(header(&with_engine, PGN), both);
    let out = chess960(&["castling", "--format", "json", "518"], b"");
    let array: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<String> = array[0].as_object().unwrap().keys().cloned().collect();
    assert_eq!(names.join(","), table("castling"));
}

/// The eval records' columns, as the engine crate writes them and as the shipped table has
/// them.
#[test]
fn eval_records_columns_are_the_glossarys() {
    use chess960_engine::{COLUMNS, Positions};
    let tables = glossary();
    let columns = |positions: Positions| {
        let all: Vec<&str> = positions
            .columns()
            .iter()
            .chain(&COLUMNS)
            .copied()
            .collect();
        all.join(",")
    };
    assert_eq!(columns(Positions::Starts), tables["evals"]);
    let pairs = format!("{},{}", tables["pairs"], COLUMNS.join(","));
    assert_eq!(columns(Positions::Pairs), pairs);
    let shipped = chess960_engine::TABLE_960
        .lines()
        .find(|l| !l.starts_with('#'));
    assert_eq!(shipped, Some(tables["evals"].as_str()));
}
