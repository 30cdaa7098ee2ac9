//! `chess960 tree` on hand-made games: two move orders that meet in one node, a game that
//! comes back to a position, the filters (Elo, speed, month), --play, the formats, and bad
//! input named.

use crate::common::{chess960, json_lines, text};

/// A game of SP 105 (QNRBBNKR) with these tags and moves.
fn game(tags: &[(&str, &str)], moves: &str, result: &str) -> String {
    let mut pgn = String::from(
        "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n",
    );
    for (name, value) in tags {
        pgn += &format!("[{name} \"{value}\"]\n");
    }
    pgn + &format!("[Result \"{result}\"]\n\n{moves} {result}\n\n")
}

pub fn database() -> String {
    let elo = [("WhiteElo", "2200"), ("BlackElo", "2000")];
    let blitz = [("TimeControl", "180+2"), ("UTCDate", "2024.03.05")];
    [
        // Two orders of the same two moves each: they meet after 2. b3.
        game(
            &[elo[0], elo[1], blitz[0], blitz[1]],
            "1. g3 g6 2. b3 b6",
            "1-0",
        ),
        game(
            &[("TimeControl", "60+0"), ("UTCDate", "2024.01.31")],
            "1. b3 g6 2. g3 Nc6",
            "0-1",
        ),
        // Knights out and back: the start again after 4 plies, counted once, with 3. g3.
        game(
            &[("TimeControl", "600+5"), ("Date", "2023.12.24")],
            "1. Nc3 Nc6 2. Nb1 Nb8 3. g3 g6",
            "1/2-1/2",
        ),
        // Unfinished: not counted.
        game(&[], "1. g3 g6", "*"),
    ]
    .concat()
}

fn tree(args: &[&str]) -> Vec<serde_json::Value> {
    let out = chess960(
        &[&["tree", "--sp", "105", "--format", "json"], args].concat(),
        database().as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    json_lines(&out.stdout)
}

/// The moves of a node as `san games` words.
fn moves(node: &serde_json::Value) -> Vec<String> {
    let moves = node["moves"].as_array().unwrap();
    let games = |m: &serde_json::Value| {
        ["white", "draws", "black"]
            .map(|k| m[k].as_u64().unwrap())
            .iter()
            .sum::<u64>()
    };
    moves
        .iter()
        .map(|m| format!("{} {}", m["san"].as_str().unwrap(), games(m)))
        .collect()
}

#[test]
fn transpositions_meet_and_a_game_counts_once_per_node() {
    let root = &tree(&[])[0];
    assert_eq!(
        (
            root["white"].as_u64(),
            root["draws"].as_u64(),
            root["black"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    // The knights' game came back to the start: it counts there once, with its last move.
    assert_eq!(moves(root), ["g3 2", "b3 1"]);
    // 1. g3 g6 2. b3 and 1. b3 g6 2. g3: one node, both games (the knights' 3. g3 g6 reaches
    // 1. g3 g6, and stops there).
    let met = &tree(&["--play", "g2g3,g7g6,b2b3"])[0];
    assert_eq!(moves(met), ["b6 1", "Nc6 1"]); // equals by UCI
    assert_eq!(
        met["fen"],
        "qnrbbnkr/pppppp1p/6p1/8/8/1P4P1/P1PPPP1P/QNRBBNKR b HChc -"
    );
    let same = &tree(&["--play", "b2b3,g7g6,g2g3"])[0];
    assert_eq!(met["moves"], same["moves"]);
    // lichess's fields, and the mover's average Elo where the tags give it.
    let b6 = &met["moves"][0];
    assert_eq!(b6["uci"], "b7b6");
    assert_eq!(b6["averageRating"], 2000);
    // lichess always writes averageRating: 0 where no mover's Elo is known.
    assert_eq!(met["moves"][1]["averageRating"], 0);
    let top = &met["topGames"].as_array().unwrap();
    assert_eq!(top.len(), 1);
    assert_eq!(
        (
            top[0]["game"].as_u64(),
            top[0]["winner"].as_str(),
            top[0]["uci"].as_str()
        ),
        (Some(0), Some("white"), Some("b7b6"))
    );
    assert_eq!(top[0]["white"]["rating"], 2200);
}

#[test]
fn filters_keep_the_games_lichess_would() {
    let games = |args: &[&str]| {
        let root = &tree(args)[0];
        ["white", "draws", "black"].map(|k| root[k].as_u64().unwrap())
    };
    assert_eq!(games(&["--min-elo", "2000"]), [1, 0, 0]);
    assert_eq!(games(&["--speed", "blitz"]), [1, 0, 0]);
    assert_eq!(games(&["--speed", "bullet,rapid"]), [0, 1, 1]);
    assert_eq!(games(&["--since", "2024-01"]), [1, 0, 1]);
    assert_eq!(games(&["--until", "2024-01"]), [0, 1, 1]);
    assert_eq!(
        games(&["--since", "2024-02", "--until", "2024-03"]),
        [1, 0, 0]
    );
    // Two plies: the knights' game is at the start after 1. Nc3 Nc6 only once it is back.
    assert_eq!(
        moves(&tree(&["--plies", "2"])[0]),
        ["Nc3 1", "b3 1", "g3 1"]
    );
    // A node kept lists every move played there, however rare.
    assert_eq!(moves(&tree(&["--min-games", "3"])[0]), ["g3 2", "b3 1"]);
    assert_eq!(moves(&tree(&["--min-games", "4"])[0]), Vec::<String>::new());
    assert_eq!(tree(&["--min-games", "2", "--nodes"]).len(), 2);
}

#[test]
fn every_node_once_breadth_first() {
    let nodes = tree(&["--nodes"]);
    let fens: Vec<&str> = nodes.iter().map(|n| n["fen"].as_str().unwrap()).collect();
    let unique: std::collections::HashSet<_> = fens.iter().collect();
    assert_eq!(unique.len(), fens.len());
    assert_eq!(
        fens[0],
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -"
    );
    // The root and 1. g3, 1. g3 g6, 1. b3, 1. b3 g6, and where they meet; and the knights'
    // game's. It counts at the start with its last move there (3. g3), so its 1. Nc3 is
    // no counted move of the root, but a move passed through, which reaches the three nodes
    // after it where the game counts.
    assert_eq!(nodes.len(), 9, "{fens:#?}");
    assert_eq!(nodes[0]["through"][0]["uci"], "b1c3");
    assert_eq!(nodes[0]["through"][0]["white"], 0);
    let after_nc3 = nodes
        .iter()
        .find(|n| n["fen"] == "qnrbbnkr/pppppppp/8/8/8/2N5/PPPPPPPP/Q1RBBNKR b HChc -");
    assert_eq!(after_nc3.unwrap()["moves"][0]["san"], "Nc6");
}

#[test]
fn the_text_shows_the_node_with_bars() {
    let out = chess960(
        &["tree", "--sp", "QNRBBNKR", "--play", "g2g3"],
        database().as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let want = "\
SP 105 QNRBBNKR, after g2g3
qnrbbnkr/pppppppp/8/8/8/6P1/PPPPPP1P/QNRBBNKR b HChc -
2 games  White 50.0%  draws 50.0%  Black 0.0%

move     uci       games  share   white  draws  black  bar                         Elo
g6       g7g6          2 100.0%   50.0%  50.0%   0.0%  ████████████▒▒▒▒▒▒▒▒▒▒▒▒   2000

";
    assert_eq!(text(&out.stdout), want);
}

#[test]
fn bad_input_is_named() {
    // Each is refused before stdin is read.
    let run = |args: &[&str]| {
        let out = chess960(args, b"");
        (out.status.code(), text(&out.stderr).to_owned())
    };
    let (code, err) = run(&["tree", "--sp", "105", "--play", "g2g3,g2g4"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--play: move 2, g2g4: not a legal move in UCI there"),
        "{err}"
    );
    let (code, err) = run(&["tree", "--sp", "105", "--speed", "lightning"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("lightning: a speed is one of ultraBullet, bullet"),
        "{err}"
    );
    let (code, err) = run(&["tree", "--sp", "105", "--since", "2024-3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("2024-3: a month is YYYY-MM"), "{err}");
    let (code, err) = run(&["tree", "--sp", "105,518", "--play", "g2g3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--play is the moves from one start"), "{err}");
    let (code, err) = run(&["tree", "--sp", "961"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("--sp 961"), "{err}");
    let (code, _) = run(&["tree", "--sp", "105", "no-such-file.pgn"]);
    assert_eq!(code, Some(1));
}

#[test]
fn double_fischer_random_pairs_have_trees_of_their_own() {
    let pgn = "[Variant \"Chess960\"]\n[FEN \"brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1\"]\n[Result \"1-0\"]\n\n1. g3 g6 1-0\n\n";
    let out = chess960(
        &["tree", "--sp", "105 451", "--format", "json"],
        pgn.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let root = &json_lines(&out.stdout)[0];
    assert_eq!(
        (root["whiteSp"].as_u64(), root["blackSp"].as_u64()),
        (Some(105), Some(451))
    );
    assert_eq!(moves(root), ["g3 1"]);
    let out = chess960(&["tree", "--sp", "105", "--format", "json"], pgn.as_bytes());
    assert_eq!(moves(&json_lines(&out.stdout)[0]), Vec::<String>::new());
}

#[test]
fn a_book_of_the_lines_played() {
    let book = |args: &[&str]| {
        let out = chess960(
            &[&["book", "--tree", "-", "--sp", "105"], args].concat(),
            database().as_bytes(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout).to_owned()
    };
    // Two plies of each game counted: the knights' game is a line of its own.
    assert_eq!(
        book(&["--plies", "2", "--format", "epd", "--castling", "shredder"]),
        "q1rbbnkr/pppppppp/2n5/8/8/2N5/PPPPPPPP/Q1RBBNKR w HChc - hmvc 2; fmvn 2; id \"chess960 105\"; c0 \"1. Nc3 Nc6\"; c1 \"1 game\";\n\
         qnrbbnkr/pppppp1p/6p1/8/8/1P6/P1PPPPPP/QNRBBNKR w HChc - hmvc 0; fmvn 2; id \"chess960 105\"; c0 \"1. b3 g6\"; c1 \"1 game\";\n\
         qnrbbnkr/pppppp1p/6p1/8/8/6P1/PPPPPP1P/QNRBBNKR w HChc - hmvc 0; fmvn 2; id \"chess960 105\"; c0 \"1. g3 g6\"; c1 \"1 game\";\n"
    );
    // 1. b3 g6 2. g3 and 1. g3 g6 2. b3 reach one position: written once, with the games of
    // both lines; castling as `book` writes it (X-FEN by default).
    assert_eq!(
        book(&["--plies", "3"]),
        "qnrbbnkr/pppppp1p/6p1/8/8/1P4P1/P1PPPP1P/QNRBBNKR b KQkq - 0 2\n\
         q1rbbnkr/pppppppp/2n5/8/8/8/PPPPPPPP/QNRBBNKR b KQkq - 3 2\n"
    );
    assert!(book(&["--plies", "3", "--format", "epd"]).contains("c1 \"2 games\""));
    // Books leave out what --exclude names, and say so with nothing left.
    assert_eq!(book(&["--plies", "3", "--exclude", "105"]), "");
    let out = chess960(&["book", "--tree", "-", "--plies", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
    // Six plies: the knights' game is back at the start after four, and 3. g3 g6 is a line
    // of two plies from there; no game has six plies from the start by its last moves.
    assert_eq!(book(&["--plies", "6"]), "");
    // Each line of two plies was played by one game.
    assert_eq!(book(&["--plies", "2", "--min-games", "2"]), "");
    let pgn = book(&["--plies", "2", "--format", "pgn"]);
    assert!(
        pgn.contains(
            "[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. g3 g6 *\n"
        ),
        "{pgn}"
    );
    assert_eq!(pgn.matches("[Event ").count(), 3);
    let out = chess960(&["book", "--min-elo", "2000"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = chess960(&["book", "--tree", "-", "--format", "csv"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn games_and_stats_take_the_trees_filters() {
    let run = |args: &[&str]| {
        let out = chess960(args, database().as_bytes());
        (
            out.status.code(),
            text(&out.stdout).to_owned(),
            text(&out.stderr).to_owned(),
        )
    };
    let root = &tree(&["--speed", "blitz", "--ratings", "2000"])[0];
    let (code, listed, _) = run(&["games", "--speed", "blitz", "--ratings", "2000"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        listed.lines().count() as u64,
        root["white"].as_u64().unwrap()
    );
    let (code, _, err) = run(&["games", "--stats", "--speed", "blitz"]);
    assert_eq!(code, Some(0));
    assert!(err.contains("left out by the filters: 3 games"), "{err}");
    for command in [
        &["games"][..],
        &["games", "--stats"],
        &["tree", "--sp", "105"],
    ] {
        // Refused before stdin is read: none is given, so that no write to it can break.
        let out = chess960(
            &[command, &["--since", "2024-05", "--until", "2024-01"]].concat(),
            b"",
        );
        let (code, err) = (out.status.code(), text(&out.stderr));
        assert_eq!(code, Some(2), "{command:?}");
        assert!(
            err.contains("since 2024-05 is after until 2024-01"),
            "{err}"
        );
    }
}

#[test]
fn the_page_offers_the_root_of_games_without_castling_rights() {
    let no_castling = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w - - 0 1\"]\n[Result \"1-0\"]\n\n1. g3 g6 1-0\n\n";
    let pgn = [no_castling, no_castling, &database()].concat();
    let out = chess960(&["tree", "--sp", "105", "--format", "html"], pgn.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(
        page.contains("data-sp=\"105\" data-name=\"SP 105 QNRBBNKR (3 games)\""),
        "{page}"
    );
    assert!(
        page.contains(
            "data-sp=\"105~-\" data-name=\"SP 105 QNRBBNKR, castling rights - (2 games)\""
        ),
        "{page}"
    );
}

#[test]
fn fritz_numbers_in_the_text_and_the_json_alike() {
    // Fritz's 106 is Scharnagl's 105 (QNRBBNKR), the database's start.
    let run = |format: &str| {
        let args = [
            "tree",
            "--numbering",
            "fritz",
            "--sp",
            "106",
            "--format",
            format,
        ];
        let out = chess960(&args, database().as_bytes());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        out.stdout
    };
    assert!(text(&run("text")).starts_with("SP 106 QNRBBNKR, the start\n"));
    let node = &json_lines(&run("json"))[0];
    assert_eq!(
        (node["whiteSp"].as_u64(), node["white"].as_u64()),
        (Some(106), Some(1))
    );
}
