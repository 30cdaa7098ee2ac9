//! `chess960 index player`: a player's explorer from an index, as text and as lichess's
//! `/player` line, counted by hand on four games: the name matched whatever its case, each
//! colour, modes, speeds and months, names from standard input, and a name of no game named on
//! stderr with exit 1.

use serde_json::json;

use crate::common::{chess960, json_lines, text};
use crate::index::{add, dir};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";

fn game(
    id: &str,
    (white, black): (&str, &str),
    (event, control): (&str, &str),
    date: &str,
    elos: (u32, u32),
    moves: &str,
    result: &str,
) -> String {
    format!(
        "[Event \"{event}\"]\n[Site \"https://lichess.org/{id}\"]\n[Date \"{date}\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[UTCDate \"{date}\"]\n\
         [WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n[TimeControl \"{control}\"]\n[Variant \"Chess960\"]\n\
         [SetUp \"1\"]\n[FEN \"{START}\"]\n\n{moves} {result}\n\n",
        elos.0, elos.1
    )
}

#[test]
fn index_player_counts_a_players_games_by_colour_and_filter() {
    let dir = dir("player");
    let pgn = dir.join("games.pgn");
    let games = [
        game(
            "aaaaaaa1",
            ("Alice", "Bob"),
            ("Rated Blitz game", "300+0"),
            "2024.01.05",
            (1500, 1700),
            "1. e4 e5 2. Nf3",
            "1-0",
        ),
        game(
            "aaaaaaa2",
            ("alice", "Carol"),
            ("Casual Bullet game", "60+0"),
            "2024.02.05",
            (1500, 1800),
            "1. e4 c5",
            "1/2-1/2",
        ),
        game(
            "aaaaaaa3",
            ("ALICE", "Dan"),
            ("Rated Blitz game", "300+0"),
            "2024.03.05",
            (1500, 1600),
            "1. d4 d5",
            "0-1",
        ),
        game(
            "aaaaaaa4",
            ("Bob", "Alice"),
            ("Rated Rapid game", "600+0"),
            "2024.03.06",
            (1700, 1500),
            "1. e4 e5",
            "1-0",
        ),
    ]
    .concat();
    std::fs::write(&pgn, games).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&pgn]).status.code(), Some(0));
    let index = index.to_str().unwrap();
    let ask = |args: &[&str], stdin: &[u8]| {
        let mut all = vec!["index", "player", "--index", index];
        all.extend(args);
        chess960(&all, stdin)
    };

    // As White from 518: e4 twice (a win and a draw against 1700 and 1800: 75%, +193), d4
    // once (a loss against 1600: -800); the latest game first.
    let out = ask(
        &[
            "--color", "white", "--sp", "518", "--format", "json", "aLiCe",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let row = &json_lines(&out.stdout)[0];
    assert_eq!(
        (&row["white"], &row["draws"], &row["black"]),
        (&json!(1), &json!(1), &json!(1))
    );
    let moves: Vec<_> = row["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["san"].clone(),
                m["averageOpponentRating"].clone(),
                m["performance"].clone(),
                m["white"].clone(),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [
            (json!("e4"), json!(1750), json!(1943), json!(1)),
            (json!("d4"), json!(1600), json!(800), json!(0))
        ]
    );
    let recent: Vec<_> = row["recentGames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].clone())
        .collect();
    assert_eq!(
        recent,
        [json!("aaaaaaa3"), json!("aaaaaaa2"), json!("aaaaaaa1")]
    );
    assert_eq!(row["queuePosition"], 0);
    assert!(row.get("topGames").is_none(), "{row}");

    // The same as a table.
    let out = ask(&["--color", "white", "alice"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.starts_with("alice as White, rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -\n3 games: 1 won, 1 drawn, 1 lost\n"), "{table}");
    assert!(
        table.contains("\ne4           2    75%     1      1     0       1750         1943\n"),
        "{table}"
    );
    assert!(
        table.contains("  aaaaaaa3  2024-03  blitz  ALICE (1500) - Dan (1600)  0-1  d2d4\n"),
        "{table}"
    );

    // Filters: casual games only; blitz in February or later; Black.
    let totals = |out: &std::process::Output| {
        let row = &json_lines(&out.stdout)[0];
        [&row["white"], &row["draws"], &row["black"]].map(|n| n.as_u64().unwrap())
    };
    let json = ["--format", "json"];
    let out = ask(
        &[
            &json[..],
            &["--color", "white", "--mode", "casual", "Alice"],
        ]
        .concat(),
        b"",
    );
    assert_eq!(totals(&out), [0, 1, 0]);
    let out = ask(
        &[
            &json[..],
            &[
                "--color", "white", "--speed", "blitz", "--since", "2024-02", "Alice",
            ],
        ]
        .concat(),
        b"",
    );
    assert_eq!(totals(&out), [0, 0, 1]);
    let out = ask(
        &[&json[..], &["--color", "black", "--play", "e2e4", "Alice"]].concat(),
        b"",
    );
    assert_eq!(totals(&out), [1, 0, 0]);
    assert_eq!(json_lines(&out.stdout)[0]["moves"][0]["uci"], "e7e5");

    // Names from standard input, one a line; a name of no game said, the others answered.
    let out = ask(
        &[&json[..], &["--color", "white"]].concat(),
        b"Alice\nnobody\n\nBOB\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 3);
    assert_eq!(
        [
            rows[0]["white"].as_u64(),
            rows[1]["white"].as_u64(),
            rows[2]["white"].as_u64()
        ],
        [Some(1), Some(0), Some(1)]
    );
    let said = text(&out.stderr);
    assert!(
        said.starts_with("chess960: index player: no game of \"nobody\" as White at "),
        "{said}"
    );
}
