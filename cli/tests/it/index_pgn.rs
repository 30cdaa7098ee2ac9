//! `chess960 index pgn`: the games of the ids given, or of standard input's lines, whole, as
//! PGN; an id of no game named on stderr, the others written, exit 1.

use crate::common::{chess960, text};
use crate::index::{add, dir, games};

#[test]
fn index_pgn_writes_each_game_of_the_ids_given_or_read() {
    let dir = dir("pgn");
    let pgn = dir.join("games.pgn");
    let games = games(5, 8, "2024.01", 0);
    std::fs::write(&pgn, &games).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&pgn]).status.code(), Some(0));
    let ids: Vec<&str> = games
        .lines()
        .filter_map(|line| line.strip_prefix("[Site \"https://lichess.org/"))
        .map(|rest| rest.trim_end_matches("\"]"))
        .collect();
    assert_eq!(ids.len(), 8);
    let index_arg = index.to_str().unwrap();
    let out = chess960(&["index", "pgn", "--index", index_arg, ids[0], ids[1]], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = text(&out.stdout);
    let sites: Vec<&str> = written
        .lines()
        .filter(|l| l.starts_with("[Site "))
        .collect();
    assert_eq!(
        sites,
        [
            format!("[Site \"https://lichess.org/{}\"]", ids[0]),
            format!("[Site \"https://lichess.org/{}\"]", ids[1])
        ]
    );
    assert_eq!(written.matches("[Variant \"Chess960\"]").count(), 2);
    // From standard input, one a line; an id of no game named, the others written.
    let stdin = format!("{}\nZz9Zz9Zz\n\n{}\n", ids[2], ids[3]);
    let out = chess960(&["index", "pgn", "--index", index_arg], stdin.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout).matches("[Event ").count(), 2);
    let said = text(&out.stderr);
    assert!(
        said.starts_with("chess960: index pgn: no game of id \"Zz9Zz9Zz\""),
        "{said}"
    );
}
