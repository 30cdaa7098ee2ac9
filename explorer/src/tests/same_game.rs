//! The same games, not lichess's, in another file: re-exported with CRLF line ends, blank
//! lines between games, another order, ISO 8859-1 instead of UTF-8, other tags and comments
//! around them, are counted once; a game that differs in one tag, its result or a move is
//! another game.

use crate::build::add::{AddOptions, add};
use crate::build::segment::Thresholds;
use crate::tests::drawn;
use chess960_pgn::Progress;

/// The test corpus's games as a club's: no lichess id, names that are not ASCII.
fn club_games() -> Vec<String> {
    drawn(31, 240)
        .into_iter()
        .map(|game| {
            let game = game.replace("[White \"w", "[White \"Müller ");
            match game.split_once("[Site \"") {
                Some((before, after)) => {
                    let (_, after) = after.split_once('"').unwrap();
                    format!("{before}[Site \"Bern CH\"{after}")
                }
                None => game,
            }
        })
        .collect()
}

#[test]
fn the_same_games_in_another_file_encoding_or_order_are_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let games = club_games();
    let original = dir.path().join("club.pgn");
    std::fs::write(&original, games.concat()).unwrap();
    let first = crate::tests::writer(&index)
        .add(std::slice::from_ref(&original), &Progress::default())
        .unwrap();
    assert!(first.counted > 150, "{first:?}");

    let crlf = games.concat().replace('\n', "\r\n").into_bytes();
    let blank_lines = games.join("\n\n").into_bytes();
    let reversed = games.iter().rev().cloned().collect::<String>().into_bytes();
    let latin1: Vec<u8> = games.concat().chars().map(|c| c as u8).collect();
    assert!(latin1.contains(&0xFC));
    let annotated = games
        .iter()
        .map(|game| {
            let game = game.replacen("[Result", "[Annotator \"club\"]\n[Result", 1);
            game.replacen("\n\n1. ", "\n\n{ from the club's database } 1. ", 1)
        })
        .collect::<String>()
        .into_bytes();
    let variants = [
        ("crlf", crlf),
        ("blank-lines", blank_lines),
        ("reversed", reversed),
        ("latin1", latin1),
        ("annotated", annotated),
    ];
    let allow = AddOptions::default().allow_empty(true);
    for (name, bytes) in variants {
        let path = dir.path().join(format!("{name}.pgn"));
        std::fs::write(&path, bytes).unwrap();
        let added = add(
            &index,
            &[path],
            &Progress::default(),
            allow,
            Thresholds::TESTS,
        )
        .unwrap();
        assert_eq!(
            (added.counted, added.already_indexed),
            (0, first.counted),
            "{name}"
        );
    }

    // Another name, another result, a tag more: another game, counted.
    let one = &games[games.iter().position(|g| g.contains("1-0\n")).unwrap()];
    let changed = [
        one.replace("[Black \"b", "[Black \"Smith "),
        one.replacen("[Result \"1-0\"]", "[Result \"0-1\"]", 1)
            .replace(" 1-0\n", " 0-1\n"),
        one.replace("[Event \"", "[Round \"2\"]\n[Event \""),
    ];
    for (n, game) in changed.iter().enumerate() {
        let path = dir.path().join(format!("changed-{n}.pgn"));
        std::fs::write(&path, game).unwrap();
        let added = add(
            &index,
            &[path],
            &Progress::default(),
            allow,
            Thresholds::TESTS,
        )
        .unwrap();
        assert_eq!((added.counted, added.already_indexed), (1, 0), "{game}");
    }
}
