//! `explorer_page.rs`'s player steps: the page's games of one player (the first top game's
//! White at 105, named in capitals), then a move, then as Black in rated games, each as
//! `/player` answers Node; the masters' where the server has none; lichess's again. On a
//! phone (390 px) the same by finger: what the page asked of `/player`, each control within
//! the screen and big enough for a finger, nothing wider than the screen.

use serde_json::{Value, json};

use crate::explorer_page_board::assert_fits_phone;
use crate::explorer_page_evals::page;
use crate::explorer_page_seen::assert_as_api;

/// The start 105 as the page writes it (X-FEN's castling), in what it asks.
const PAGE_FEN_105: &str = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1";

/// The player steps of `seen` (the report of `cli/tests/explorer_page.mjs`).
pub fn assert_player(seen: &Value) {
    let name = seen["player"].as_str().unwrap();
    assert!(!name.is_empty(), "{seen}");
    let games = assert_as_api(seen, "player");
    assert!(games >= 1, "{name} as White at 105: {games} games");
    assert!(assert_as_api(seen, "playerOne") >= 1);
    assert_as_api(seen, "playerBlack");
    // The opponents' average Elo and the performance, where the speeds are asked and not the
    // rating groups (lichess's player explorer has none).
    assert_eq!(seen["playerHead"], "Opp. / perf.");
    assert_eq!(seen["playerHidden"], json!([false, false, true]));
    let shown = &page(seen, "player")["moves"];
    assert!(
        shown
            .as_array()
            .unwrap()
            .iter()
            .all(|mv| mv["elo"].as_str().unwrap().contains(" / ")),
        "{shown}"
    );
    let hash = seen["playerHash"].as_str().unwrap();
    for part in [
        "db=player",
        "color=black",
        "modes=rated",
        &format!("player={}", name.to_uppercase()),
    ] {
        assert!(hash.contains(part), "{part}: {hash}");
    }
    let masters = page(seen, "masters");
    assert_eq!(
        masters["status"],
        "This explorer has no masters' games (chess960 serve --masters DIR)."
    );
    assert_eq!(masters["moves"], json!([]));
    assert!(assert_as_api(seen, "lichessAgain") > 0);
}

/// The player steps on a phone, 390 px wide (`seen["phonePlayer"]` and the steps named
/// `phonePlayer…`): "a player's" tapped asks for a name; the name tapped in (in capitals), Black
/// chosen from the list, "rated" tapped and a move's row tapped each ask `/player` with those
/// parameters and show its answer, the opponents' Elo and the performance; every control is
/// within the screen, uncovered, at least 24 CSS px each way (WCAG 2.2's minimum target size),
/// the name's and the colour's text 16 px at least (a phone's browser zooms into a field with
/// smaller text when it is focused); nothing is wider than the screen.
pub fn assert_player_phone(seen: &Value) {
    let phone = &seen["phonePlayer"];
    let name = seen["player"].as_str().unwrap().to_uppercase();
    assert_eq!(
        phone["prompt"],
        json!({
            "hash": "#sp=105&db=player&player=&color=white",
            "status": "Type a player's name (as on lichess, any case) to see their games with the colour chosen."
        })
    );

    let controls = phone["controls"].as_object().unwrap();
    assert_eq!(controls.len(), 4, "db, name, color, rated: {controls:?}");
    for (what, control) in controls {
        assert_eq!(control["hit"], true, "{what}: covered: {control}");
        let target = &control["target"];
        let at = |field: &str| target[field].as_f64().unwrap();
        assert!(
            at("left") >= 0.0 && at("right") <= 390.0,
            "{what}: off the screen: {control}"
        );
        assert!(
            at("width") >= 24.0 && at("height") >= 24.0,
            "{what}: smaller than a finger's target: {control}"
        );
        if what == "name" || what == "color" {
            let size = control["fontSize"].as_f64().unwrap();
            assert!(size >= 16.0, "{what}: its text {size} px");
        }
    }
    assert_eq!(phone["row"]["hit"], true, "{}", phone["row"]);
    assert!(
        phone["row"]["height"].as_f64().unwrap() >= 24.0,
        "{}",
        phone["row"]
    );

    // What the page asked of /player at each step, and what it showed.
    let (rated, one) = (page(seen, "phonePlayerRated"), page(seen, "phonePlayerOne"));
    let (uci, san) = (&rated["moves"][0]["uci"], &rated["moves"][0]["san"]);
    let (uci, san) = (uci.as_str().unwrap(), san.as_str().unwrap());
    let asked = |color: &str, more: Value| {
        let mut want = json!({"variant": "chess960", "fen": PAGE_FEN_105, "player": name,
            "color": color, "recentGames": "8", "moves": "256"});
        want.as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        want
    };
    let want = [
        ("white", asked("white", json!({}))),
        ("black", asked("black", json!({}))),
        ("rated", asked("black", json!({"modes": "rated"}))),
        (
            "move",
            asked("black", json!({"modes": "rated", "play": uci})),
        ),
    ];
    for (step, want) in want {
        assert_eq!(phone["asked"][step], want, "{step}: asked of /player");
    }
    let hash = |color: &str| format!("#sp=105&db=player&player={name}&color={color}");
    assert_eq!(page(seen, "phonePlayerWhite")["hash"], hash("white"));
    let hash = hash("black");
    assert_eq!(page(seen, "phonePlayerBlack")["hash"], hash);
    assert_eq!(rated["hash"], format!("{hash}&modes=rated"));
    assert_eq!(
        one["hash"],
        format!("#sp=105&play={uci}:{san}&db=player&player={name}&color=black&modes=rated")
    );
    for step in [
        "phonePlayerWhite",
        "phonePlayerBlack",
        "phonePlayerRated",
        "phonePlayerOne",
    ] {
        let games = assert_as_api(seen, step);
        let moves = page(seen, step)["moves"].as_array().unwrap();
        assert!(games >= 1 && !moves.is_empty(), "{step}: {games} games");
        assert!(
            moves
                .iter()
                .all(|mv| mv["elo"].as_str().unwrap().contains(" / ")),
            "{step}: {moves:?}"
        );
    }
    // The same question as on the desk, the same moves.
    assert_eq!(
        page(seen, "phonePlayerWhite")["moves"],
        page(seen, "player")["moves"]
    );
    assert_eq!(phone["shown"], json!(["Opp. / perf.", false, false, true]));
    assert_fits_phone(&phone["fits"]);
    // The screenshot: the moves and the Games' fieldset (the name) both on the screen.
    let [results, games] = [0, 1].map(|i| &phone["pictured"][i]);
    assert!(
        results[0].as_f64().unwrap() >= 0.0 && games[1].as_f64().unwrap() <= 844.0,
        "{}",
        phone["pictured"]
    );
}
