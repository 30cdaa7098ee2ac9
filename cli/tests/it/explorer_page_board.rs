//! The explorer's page on a desk and on a phone (`explorer_page.rs`'s run): moves played on
//! the board by a click and by a drag (a finger's on the phone) are the moves /lichess
//! answers, an illegal one plays nothing; a link with moves alone reads in SAN; the FEN
//! shown and copied is the position's; the games link to lichess; the list of starts tells
//! /lichess's totals and Random picks a start with games; at 390 px nothing is wider than
//! the screen.

use chess960::{DoubleStartingPosition, StartingPosition};
use chess960_pgn::moves::san;
use chess960_pgn::tree::{fen_after, root};
use serde_json::{Value, json};

use crate::explorer_page_evals::page;
use crate::explorer_page_seen::{assert_as_api, back_ranks};
use crate::explorer_page_setup::LINE;

fn start(id: u16) -> DoubleStartingPosition {
    StartingPosition::from_id(id).unwrap().into()
}

/// `moves` from `start` in SAN, numbered as the page writes a line (`1. Ng3 Ng6 2. O-O`).
fn san_line(start: DoubleStartingPosition, moves: &[&str]) -> String {
    let mut board = root(start);
    let mut words = Vec::new();
    for (ply, uci) in moves.iter().enumerate() {
        let mut found = None;
        board.generate_moves(|piece| {
            found = found.or(piece.into_iter().find(|m| m.to_string() == *uci));
            found.is_some()
        });
        let mv = found.unwrap_or_else(|| panic!("{uci}: not legal"));
        let mut after = board.clone();
        after.play_unchecked(mv);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        }
        words.push(san(&board, mv, &after).to_string());
        board = after;
    }
    words.join(" ")
}

/// The page at 390 px as the script's `fits` measured it: nothing wider than the screen (the
/// page does not scroll sideways), the board within it and big enough to play on.
pub fn assert_fits_phone(fits: &Value) {
    let at = |field: &str| fits[field].as_f64().unwrap();
    assert_eq!(at("innerWidth"), 390.0, "{fits}");
    assert!(at("scrollWidth") <= at("innerWidth"), "sideways: {fits}");
    assert!(
        at("boardLeft") >= 0.0 && at("boardRight") <= 390.0,
        "{fits}"
    );
    assert!(at("boardWidth") >= 300.0, "a board to play on: {fits}");
}

/// The page as a player uses its board, on a desk (1280 px) and a phone (390 px).
pub fn assert_board(seen: &Value) {
    // A click on b2 picks the pawn up and shows its squares; one on b4 plays it.
    let picked = seen["clickSelected"].as_array().unwrap();
    let picked: Vec<&str> = picked.iter().map(|s| s.as_str().unwrap()).collect();
    assert!(
        picked
            .iter()
            .any(|s| s.starts_with("b2:") && s.contains("sel"))
            && picked
                .iter()
                .any(|s| s.starts_with("b3:") && s.contains("dest"))
            && picked
                .iter()
                .any(|s| s.starts_with("b4:") && s.contains("dest")),
        "b2 picked up, b3 and b4 shown: {picked:?}"
    );
    let (clicked, dragged) = (page(seen, "clicked"), page(seen, "dragged"));
    assert_eq!(clicked["hash"], "#sp=105&play=b2b4:b4");
    assert_eq!(clicked["line"], "1. b4");
    assert_eq!(clicked["turn"], "Black to move");
    assert_as_api(seen, "clicked");
    assert_eq!(dragged["hash"], "#sp=105&play=b2b4:b4,c7c5:c5");
    assert_eq!(dragged["line"], "1. b4 c5");
    assert_eq!(dragged["last"], "c5,c7");
    assert_as_api(seen, "dragged");
    let fen = fen_after(start(105), &["b2b4", "c7c5"]).unwrap();
    assert_eq!(dragged["fen"], fen);
    // An illegal move, clicked and dragged: nothing played, nothing asked.
    assert_eq!(
        seen["illegal"],
        json!({"hash": dragged["hash"], "answers": 0})
    );
    assert_eq!(seen["copied"], json!({"said": "Copied", "text": fen}));

    // A link with moves alone: the line in SAN (castlings, a capture), the FEN after it.
    let link = page(seen, "uciLink");
    let want = san_line(start(105), &LINE);
    assert_eq!(want, "1. Ng3 Ng6 2. O-O O-O 3. d4 e5 4. dxe5");
    assert_eq!(link["line"], want);
    assert_eq!(link["fen"], fen_after(start(105), &LINE).unwrap());
    let sans: Vec<&str> = want.split(' ').filter(|w| !w.ends_with('.')).collect();
    let written: Vec<String> = LINE
        .iter()
        .zip(&sans)
        .map(|(u, s)| format!("{u}:{s}"))
        .collect();
    assert_eq!(link["hash"], format!("#sp=105&play={}", written.join(",")));

    // The games listed at 105 link to lichess (the generated games are lichess's), or, not
    // being lichess's, to their PGN here.
    let listed = &seen["rootListed"];
    let games: Vec<&Value> = listed["topGames"]
        .as_array()
        .unwrap()
        .iter()
        .chain(listed["recentGames"].as_array().unwrap())
        .collect();
    let want: Vec<Value> = games
        .iter()
        .map(|g| {
            let id = g["id"].as_str().unwrap();
            let href = match g["lichess"] != false {
                true => format!("https://lichess.org/{id}"),
                false => format!("lichess/pgn/{id}"),
            };
            json!({"text": id, "href": href})
        })
        .collect();
    assert!(want.len() >= 5, "{listed}");
    assert_eq!(seen["rootLinks"], json!(want));

    // The list of starts: 960, each with /lichess's total at its position.
    let picker = &seen["picker"];
    assert_eq!(picker["count"], 960);
    // How fresh the index is, as /summary says it: its games, the newest month.
    let (summary, said) = (&seen["summary"]["api"], &seen["summary"]["page"]);
    let digits = summary["games"].as_u64().unwrap().to_string();
    // As the page writes a count: its digits grouped by three with commas.
    let mut games = String::new();
    for (n, digit) in digits.chars().enumerate() {
        if n > 0 && (digits.len() - n) % 3 == 0 {
            games.push(',');
        }
        games.push(digit);
    }
    let newest = summary["newestMonth"].as_str().unwrap();
    let said = said.as_str().unwrap();
    assert!(
        said.starts_with(&format!(
            "{games} games, the newest of {newest}; last added 20"
        )),
        "{said} against {summary}"
    );
    for (id, rank) in [("0", "BBQNNRKR"), ("105", "QNRBBNKR"), ("518", "RNBQKBNR")] {
        let option = &picker["options"][id];
        let games = seen["rootGames"][id].as_u64().unwrap();
        assert!(games > 0, "{id}");
        assert_eq!(option["games"], games, "{id}: {option}");
        let text = option["text"].as_str().unwrap();
        assert!(text.starts_with(&format!("{id} {rank} · ")), "{text}");
    }
    assert_eq!(page(seen, "picked")["hash"], "#sp=518");
    assert_eq!(
        back_ranks(seen, "picked"),
        ("rnbqkbnr".into(), "RNBQKBNR".into())
    );
    assert_as_api(seen, "picked");
    // Random: a start with games, its back ranks Scharnagl's, the list showing it.
    for random in seen["randoms"].as_array().unwrap() {
        let hash = random["hash"].as_str().unwrap();
        let id: u16 = hash.strip_prefix("#sp=").unwrap().parse().unwrap();
        let rank = StartingPosition::from_id(id).unwrap().to_string();
        let board = random["board"].as_str().unwrap();
        assert_eq!(&board[56..], rank, "{hash}");
        assert_eq!(board[..8], rank.to_lowercase(), "{hash}");
        assert!(random["games"].as_u64().unwrap() > 0, "{hash}: {random}");
        assert_eq!(random["picker"]["value"], id.to_string());
    }

    // At 390 px: nothing wider than the screen, the board in it; a tap, a finger's drag.
    let phone = &seen["phone"];
    assert_fits_phone(&phone["fits"]);
    assert_fits_phone(&phone["pictured"]);
    assert_eq!(page(seen, "phoneTapped")["hash"], "#sp=105&play=g2g3:g3");
    assert_as_api(seen, "phoneTapped");
    assert_eq!(
        page(seen, "phoneDragged")["hash"],
        "#sp=105&play=g2g3:g3,g7g6:g6"
    );
    assert_as_api(seen, "phoneDragged");
    let desk = &seen["picturedFits"];
    assert!(
        desk["scrollWidth"].as_f64() <= desk["innerWidth"].as_f64(),
        "{desk}"
    );
}
