//! `chess960 serve`'s page in headless Chromium against a running server, played by
//! `cli/tests/explorer_page.mjs` over the DevTools protocol: an index of about 8 MiB of
//! lichess-like games over three months (and a Double Fischer Random pair's), the page's
//! moves and totals equal to what `/lichess` answers Node for the same question at each step
//! (a click, the keys, the filters, a fresh tab on the shared address, another start typed,
//! Black's start), its back ranks Scharnagl's, and a readable status for an impossible move,
//! a start that does not exist and a server stopped; the engine's evaluations the index holds
//! (the scripted engine's, `eval --from-index` then `index evals`) as the page shows them: the
//! bar and the score of the position, each move's score, from the side to move, as /lichess's
//! `eval` fields say; a screenshot (the path is printed) for docs/explorer.png.

use std::time::Instant;

use serde_json::json;

use crate::explorer_page_board::assert_board;
use crate::explorer_page_evals::{assert_evals, assert_no_eval, evaluate, page};
use crate::explorer_page_player::{assert_player, assert_player_phone};
use crate::explorer_page_rules::{asked, assert_rules, drawn};
use crate::explorer_page_seen::{assert_as_api, back_ranks};
use crate::explorer_page_setup::{build_index, played};
use crate::html::tempdir;

#[test]
#[ignore = "needs node and Chromium: `cargo test -- --ignored`, as .ci/run does"]
fn the_explorer_page_shows_what_the_api_answers_in_chromium() {
    let dir = tempdir("explorer-page");
    let started = Instant::now();
    let index = build_index(&dir);
    let built = started.elapsed();
    evaluate(&index, &dir);
    let evaluated = started.elapsed() - built;
    let games = drawn(960, 150);
    let (seen, [png, phone, player], address) = played(&index, &dir, &asked(&games));
    eprintln!(
        "index of 8 MiB built in {built:.1?}, evaluated in {evaluated:.1?}, the page played in \
         {} ms; screenshots: {} (1280 px), {} (390 px), {} (390 px, a player's games)",
        seen["ms"],
        png.display(),
        phone.display(),
        player.display()
    );
    assert_eq!(seen["exceptions"], json!([]), "uncaught in the page");
    assert!(png.metadata().unwrap().len() > 20_000, "the screenshot");
    assert!(
        phone.metadata().unwrap().len() > 20_000,
        "the phone's screenshot"
    );
    assert!(
        player.metadata().unwrap().len() > 20_000,
        "the phone's screenshot of a player's games"
    );
    assert_rules(&games, &seen["rules"]);
    assert_board(&seen);

    // The start 105 from the address: Scharnagl's back ranks, the moves as the API's.
    let root = page(&seen, "root");
    assert_eq!(root["hash"], "#sp=105");
    let ranks = |r8: &str, r1: &str| (r8.to_owned(), r1.to_owned());
    assert_eq!(back_ranks(&seen, "root"), ranks("qnrbbnkr", "QNRBBNKR"));
    assert_eq!(root["turn"], "White to move");
    // a1 dark (#b58863), h1 light (#f0d9b5).
    assert_eq!(
        root["colours"],
        json!(["rgb(181, 136, 99)", "rgb(240, 217, 181)"])
    );
    assert!(assert_as_api(&seen, "root") > 2000);
    assert!(
        root["top"].as_array().unwrap().len() == 4,
        "{}",
        root["top"]
    );

    // A click plays the first move, a second its reply: the board, the address, the moves.
    let first = seen["played"]["first"].as_str().unwrap();
    let reply = seen["played"]["reply"].as_str().unwrap();
    let (one, two) = (page(&seen, "one"), page(&seen, "two"));
    let san_first = root["moves"][0]["san"].as_str().unwrap();
    let san_reply = one["moves"][0]["san"].as_str().unwrap();
    assert_ne!(one["board"], root["board"]);
    assert_eq!(one["hash"], format!("#sp=105&play={first}:{san_first}"));
    let mut squares = [&first[..2], &first[2..4]];
    squares.sort_unstable();
    assert_eq!(one["last"], squares.join(","));
    assert_eq!(one["turn"], "Black to move");
    assert_eq!(
        two["hash"],
        format!("#sp=105&play={first}:{san_first},{reply}:{san_reply}")
    );
    assert_eq!(two["line"], format!("1. {san_first} {san_reply}"));
    assert!(assert_as_api(&seen, "one") > 100);
    assert!(assert_as_api(&seen, "two") > 20);

    // The keys: back, forward, the start, the end of the line.
    for (key, want) in [("left", one), ("right", two), ("home", root), ("end", two)] {
        for field in ["hash", "board", "last", "moves", "turn", "games"] {
            assert_eq!(page(&seen, key)[field], want[field], "{key}: {field}");
        }
    }

    // A row clicked while the next answer is held: nothing played (its position is gone).
    assert_eq!(seen["heldRequests"], 1, "one request held");
    assert_eq!(seen["whileAsked"], json!([one["hash"], "true"]));
    for field in ["hash", "board", "moves", "games"] {
        assert_eq!(
            page(&seen, "staleClick")[field],
            one[field],
            "staleClick: {field}"
        );
    }

    // The filters: the totals as the API's with them, kept in the address; a key pressed
    // right after a checkbox still moves.
    let filtered = page(&seen, "filtered");
    let line = format!("play={first}:{san_first},{reply}:{san_reply}");
    let filters = "speeds=blitz&ratings=1800&since=2024-02";
    assert_eq!(filtered["hash"], format!("#sp=105&{line}&{filters}"));
    let games = assert_as_api(&seen, "filtered");
    assert!(games > 0 && games < page(&seen, "two")["games"].as_u64().unwrap());
    let left = page(&seen, "checkboxLeft");
    assert_eq!(
        left["hash"],
        format!("#sp=105&play={first}:{san_first}&speeds=blitz,rapid&ratings=1800&since=2024-02")
    );
    assert_eq!(left["board"], one["board"]);
    assert_as_api(&seen, "checkboxLeft");
    assert_as_api(&seen, "shared");

    // The shared address in a fresh tab: the same position, moves and filters.
    let (shared, reopened) = (page(&seen, "shared"), page(&seen, "reopened"));
    assert_eq!(shared["hash"], filtered["hash"]);
    for field in [
        "hash", "board", "last", "line", "fen", "moves", "total", "speeds", "ratings", "since",
        "until", "sp", "black",
    ] {
        assert_eq!(reopened[field], shared[field], "reopened: {field}");
    }
    assert_eq!(reopened["speeds"], json!(["blitz"]));
    assert_eq!(reopened["ratings"], json!(["1800"]));
    assert_eq!(reopened["since"], "2024-02");
    let pictured = seen["pictured"].as_str().unwrap();
    assert!(pictured.contains("&speeds=blitz,rapid"), "{pictured}");
    assert_eq!(pictured.matches(':').count(), 3, "three plies: {pictured}");
    // The moves beside the board (the bar and the Engine column too), not under it.
    let at = |field: &str| seen["picturedLayout"][field].as_f64().unwrap();
    assert!(
        at("resultsLeft") > at("boardRight") && at("resultsTop") < at("boardBottom"),
        "the screenshot's moves beside the board: {}",
        seen["picturedLayout"]
    );

    // Another start typed, then Black's: Scharnagl's back ranks, the pair's games.
    assert_eq!(page(&seen, "sp518")["hash"], "#sp=518");
    assert_eq!(back_ranks(&seen, "sp518"), ranks("rnbqkbnr", "RNBQKBNR"));
    assert_eq!(page(&seen, "dfrc")["hash"], "#sp=518&black=0");
    assert_eq!(back_ranks(&seen, "dfrc"), ranks("bbqnnrkr", "RNBQKBNR"));
    assert_eq!(assert_as_api(&seen, "dfrc"), 300);
    assert!(seen["played"]["dfrc"].is_string(), "{}", seen["played"]);
    assert!(assert_as_api(&seen, "dfrcOne") > 0);
    assert_eq!(back_ranks(&seen, "sp0"), ranks("bbqnnrkr", "BBQNNRKR"));

    // An impossible move: the API's reason on the status line, no moves of another position.
    assert!(
        !page(&seen, "beforeImpossible")["moves"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let impossible = &seen["steps"]["impossible"];
    assert_eq!(impossible["api"]["status"], 400);
    let status = impossible["page"]["status"].as_str().unwrap();
    let reason = impossible["api"]["body"]["error"].as_str().unwrap();
    assert!(
        status.contains(reason) && reason.contains("e1e8"),
        "{status}"
    );
    assert_eq!(impossible["page"]["moves"], json!([]));
    assert_eq!(impossible["page"]["total"], "");
    // Starts that do not exist: said, nothing asked, nothing thrown.
    for (name, said) in [
        (
            "sp960",
            "There is no start 960: they are numbered 0 to 959.",
        ),
        (
            "black-3",
            "There is no start -3 for Black: they are numbered 0 to 959.",
        ),
        ("spAbc", "Choose a start: they are numbered 0 to 959."),
    ] {
        assert_eq!(page(&seen, name)["status"], said, "{name}");
        assert_eq!(page(&seen, name)["moves"], json!([]), "{name}");
    }
    assert_eq!(page(&seen, "again")["moves"], one["moves"]);
    assert_eq!(page(&seen, "again")["status"], "");
    assert_player(&seen);
    assert_player_phone(&seen);

    // The server stopped: the next position says the explorer does not answer.
    let stopped = page(&seen, "stopped");
    assert_eq!(stopped["hash"], "#sp=105");
    let status = stopped["status"].as_str().unwrap();
    assert!(
        status.contains("does not answer") && status.contains("is the server running?"),
        "{status}"
    );
    assert_eq!(stopped["moves"], json!([]));

    // The engine's evaluations: at the start, White to move, and after a click, Black to move,
    // the position's and some of its moves' (and after the click some moves without one, whose
    // cells are empty); at every other step
    // /lichess answered as the page's; none where an answer was refused or not given.
    for name in ["root", "one"] {
        let api = &seen["steps"][name]["api"];
        assert!(
            !api["eval"].is_null(),
            "{name}: no eval in /lichess's answer"
        );
        let (scored, unscored) = assert_evals(&seen, name);
        assert!(scored > 0, "{name}: no move with a score: {}", api["moves"]);
        assert!(
            name == "root" || unscored > 0,
            "{name}: no move without a score"
        );
    }
    assert_eq!(page(&seen, "root")["turn"], "White to move");
    assert_eq!(page(&seen, "one")["turn"], "Black to move");
    let steps = [
        "two",
        "filtered",
        "checkboxLeft",
        "shared",
        "pictured",
        "dfrc",
        "dfrcOne",
    ];
    for name in steps {
        assert_evals(&seen, name);
    }
    // A position the index has no evaluation of (too few games), after one it has: no bar.
    let api = &seen["steps"]["dfrcTwo"]["api"];
    assert_eq!(api["status"], 200, "dfrcTwo: {api}");
    assert!(
        api["eval"].is_null() && !seen["steps"]["dfrcOne"]["api"]["eval"].is_null(),
        "dfrcOne has an eval, dfrcTwo none: {}, then {}",
        seen["steps"]["dfrcOne"]["api"]["eval"],
        api["eval"]
    );
    assert_as_api(&seen, "dfrcTwo");
    assert_evals(&seen, "dfrcTwo");
    // The screenshot's position (with its filters): the bar.
    assert_as_api(&seen, "pictured");
    let bar = &page(&seen, "pictured")["evalbar"];
    assert_eq!(bar["shown"], true, "pictured: the evaluation bar");
    for name in ["impossible", "sp960", "black-3", "spAbc", "stopped"] {
        assert_no_eval(&seen, name);
    }

    // Only the server was asked.
    assert_eq!(seen["requests"], json!([address.trim_end_matches('/')]));
}
