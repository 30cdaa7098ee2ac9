//! What lichess's own clients send, answered as lichess answers it: the analysis board's
//! request URLs (`source=analysis`, `variant=standard`), lichess's old paths (`/master`,
//! `/lichess/history`), a host's tokens (`Server::tokens`), and each listed game's PGN
//! (`/masters/pgn/{id}`, `/master/pgn/{id}`, `/lichess/pgn/{id}`).

use std::sync::Arc;

use serde_json::json;

use super::{PAGE, TestServer, echo_endpoints, quick};
use crate::server::{Backend, Endpoints, IndexBackend, Server, Tokens};

#[test]
fn lichess_s_own_request_urls_are_answered() {
    let server = TestServer::start(quick());
    let mut client = server.client();
    // As lichess's analysis board asks (lila's `ui/analyse/src/explorer/explorerXhr.ts`).
    let board = "/lichess?variant=standard&fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR+w+KQkq+-+0+1\
                 &play=e2e4&speeds=blitz,rapid&ratings=2000,2200&source=analysis";
    let reply = client.get(board);
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.json()["play"], json!(["e2e4"]));
    let reply = client.get("/masters?variant=chess960&play=e2e4&source=analysis&topGames=99");
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.json()["topGames"], 15);
    // berserk's default: variant=standard; a variant of other rules is not served.
    assert_eq!(client.get("/lichess?variant=standard").status, 200);
    assert_eq!(client.get("/lichess?variant=fromPosition").status, 200);
    let atomic = client.get("/lichess?variant=atomic");
    assert_eq!(
        (atomic.status, atomic.json()["parameter"].clone()),
        (400, json!("variant"))
    );
}

#[test]
fn lichess_s_old_paths_are_answered() {
    let server = TestServer::start(quick());
    let mut client = server.client();
    let master = client.get("/master?since=1990&play=e2e4");
    assert_eq!(master.status, 200);
    let body = master.json();
    assert_eq!(
        (&body["endpoint"], &body["since"]),
        (&json!("masters"), &json!("1990-01"))
    );
    // `/lichess/history`: the history alone, whatever the limits asked.
    let history = client.get("/lichess/history?play=e2e4&since=2024-01&topGames=3&moves=5");
    assert_eq!(history.status, 200);
    let body = history.json();
    assert_eq!(
        (
            &body["history"],
            &body["moves"],
            &body["topGames"],
            &body["recentGames"]
        ),
        (&json!(true), &json!(0), &json!(0), &json!(0))
    );
    assert_eq!(body["since"], json!("2024-01"));
    assert_eq!(client.get("/lichess/history?speed=blitz").status, 400);
    // A backend that cannot say what it holds: `/summary` is a 404 saying so.
    let summary = client.get("/summary");
    assert_eq!(summary.status, 404);
    assert!(
        summary.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("no summary")
    );
    assert_eq!(client.get("/summary?x=1").status, 400);
}

#[test]
fn a_host_s_tokens_are_required_of_api_requests_only() {
    let tokens: Tokens = "lip_club\nlip_bot\n".parse().unwrap();
    let server = Server::new(echo_endpoints(), PAGE).tokens(Some(tokens));
    let server = TestServer::of(server.limits(quick()).stop_on_signals(false));
    let mut client = server.client();
    for path in [
        "/lichess?play=e2e4",
        "/masters",
        "/master",
        "/api/cloud-eval?fen=x",
        "/starts",
        "/nope",
    ] {
        let reply = client.get(path);
        assert_eq!(reply.status, 401, "{path}: {reply:?}");
        assert_eq!(reply.header("www-authenticate"), Some("Bearer"), "{path}");
        let error = reply.json()["error"].as_str().unwrap().to_owned();
        assert!(error.starts_with("a token is required"), "{path}: {error}");
        let wrong = client.request("GET", path, "Authorization: Bearer lip_other\r\n");
        assert_eq!(
            (wrong.status, wrong.json()),
            (401, json!({"error": "No such token"}))
        );
    }
    for token in ["lip_club", "lip_bot"] {
        let header = format!("Authorization: Bearer {token}\r\n");
        let reply = client.request("GET", "/lichess?play=e2e4", &header);
        assert_eq!(reply.status, 200, "{token}");
        assert_eq!(client.request("GET", "/nope", &header).status, 404);
    }
    // Open: the page, the balancer's probe, a CORS preflight (which a browser sends without
    // the token it then sends).
    assert_eq!(client.get("/").status, 200);
    assert_eq!(client.get("/health").status, 200);
    let preflight = client.request(
        "OPTIONS",
        "/lichess",
        "Origin: https://lichess.org\r\nAccess-Control-Request-Method: GET\r\n\
         Access-Control-Request-Headers: authorization\r\n",
    );
    assert_eq!(preflight.status, 200);
    // A 401 is open to every origin too, so that a page can read why.
    let refused = client.request("GET", "/lichess", "Origin: https://example.org\r\n");
    assert_eq!(refused.header("access-control-allow-origin"), Some("*"));
}

#[test]
fn each_listed_game_s_pgn_is_served_by_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let (index, file) = (dir.path().join("index"), dir.path().join("games.pgn"));
    let games =
        crate::tests::corpus(5, 120).replace("[Site \"https://lichess.org/", "[Site \"Club ");
    std::fs::write(&file, games).unwrap();
    crate::tests::writer(&index)
        .add(&[file], &chess960_pgn::Progress::default())
        .unwrap();
    let backend = || Arc::new(IndexBackend::open(&index).unwrap()) as Arc<dyn Backend>;
    let endpoints = Endpoints {
        lichess: backend(),
        masters: Some(backend()),
    };
    let server = TestServer::serving(endpoints, quick(), false);
    let mut client = server.client();
    let answer = client
        .get("/masters?play=&topGames=15&recentGames=8")
        .json();
    let listed: Vec<&str> = (answer["topGames"].as_array().unwrap().iter())
        .chain(answer["recentGames"].as_array().unwrap())
        .map(|game| game["id"].as_str().unwrap())
        .collect();
    assert!(listed.len() > 4, "{answer}");
    for id in listed {
        let pgn = client.get(&format!("/masters/pgn/{id}"));
        assert_eq!(pgn.status, 200, "{id}: {pgn:?}");
        assert_eq!(pgn.header("content-type"), Some("application/x-chess-pgn"));
        assert!(pgn.body.starts_with("[Event \"") && pgn.body.contains("[Variant \"Chess960\"]"));
        // lichess's old path, and the lichess index's own, give the same game.
        assert_eq!(client.get(&format!("/master/pgn/{id}")).body, pgn.body);
        assert_eq!(client.get(&format!("/lichess/pgn/{id}")).body, pgn.body);
    }
    for unknown in [
        "/masters/pgn/Zz9Zz9Zz",
        "/lichess/pgn/nothing",
        "/masters/pgn/",
    ] {
        assert_eq!(client.get(unknown).status, 404, "{unknown}");
    }
    // No masters index: its games are not found either.
    let alone = TestServer::serving(
        Endpoints {
            lichess: backend(),
            masters: None,
        },
        quick(),
        false,
    );
    assert_eq!(alone.client().get("/masters/pgn/Zz9Zz9Zz").status, 404);
}
