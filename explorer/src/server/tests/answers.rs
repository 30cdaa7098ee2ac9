//! What each request is answered: the echo of a good query, a 400 naming each bad
//! parameter, the paths, the methods, CORS, a bearer token, keep-alive.

use serde_json::json;

use super::{PAGE, TestServer, quick};

#[test]
fn a_query_is_answered_with_its_echo() {
    let server = TestServer::start(quick());
    let reply = server.client().get(
        "/lichess?variant=chess960&fen=bbqnnrkr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FBBQNNRKR+w+HFhf+-+0+1\
         &play=e2e4,e7e5&speeds=blitz,rapid&ratings=2200,2500&since=2023-01&until=2024-06\
         &moves=5&topGames=2&recentGames=9&history=true",
    );
    assert_eq!(reply.status, 200);
    let expected = json!({
        "endpoint": "lichess",
        "fen": "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        "play": ["e2e4", "e7e5"],
        "speeds": ["blitz", "rapid"],
        "ratings": ["2200", "2500"],
        "since": "2023-01",
        "until": "2024-06",
        "moves": 5,
        "topGames": 2,
        "recentGames": 8,
        "history": true,
    });
    assert_eq!(reply.json(), expected);
    let masters = server.client().get("/masters?since=1990&until=2000");
    assert_eq!(masters.status, 200);
    let body = masters.json();
    assert_eq!(
        (&body["endpoint"], &body["since"], &body["until"]),
        (&json!("masters"), &json!("1990-01"), &json!("2000-12"))
    );
    // A parameter the endpoint does not read: a 400 naming it.
    let unknown = server.client().get("/lichess?variant=chess960&speed=blitz");
    assert_eq!(unknown.status, 400);
    assert_eq!(unknown.json()["parameter"], json!("speed"));
}

#[test]
fn each_bad_parameter_is_a_400_naming_it() {
    let server = TestServer::start(quick());
    let mut client = server.client();
    let cases = [
        ("variant=atomic", "variant"),
        ("variant=Standard", "variant"),
        ("variant=", "variant"),
        ("fen=", "fen"),
        ("play=e2e4,e7e9", "play"),
        ("speeds=blitz,lightning", "speeds"),
        ("ratings=1700", "ratings"),
        ("since=2024-00", "since"),
        ("until=soon", "until"),
        ("moves=-3", "moves"),
        ("topGames=four", "topGames"),
        ("recentGames=1.5", "recentGames"),
        ("history=yes", "history"),
        ("fen=illegal", "fen"),
    ];
    for (query, name) in cases {
        let reply = client.get(&format!("/lichess?{query}"));
        assert_eq!(reply.status, 400, "{query}: {reply:?}");
        let body = reply.json();
        assert_eq!(body["parameter"], name, "{query}: {body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{name}: ")),
            "{body}"
        );
    }
    // An index that cannot be read is the server's fault: a 503, no parameter blamed.
    let reply = client.get("/lichess?fen=unreadable");
    assert_eq!(reply.status, 503, "{reply:?}");
    let body = reply.json();
    assert_eq!(
        body,
        json!({"error": "the index cannot be read: index.redb: I/O error"})
    );
}

#[test]
fn paths_methods_and_cors() {
    let server = TestServer::with(quick(), false, false);
    let mut client = server.client();
    for target in [
        "/nope",
        "/lichess/",
        "/../etc/passwd",
        "/index.html",
        "/LICHESS",
    ] {
        let reply = client.get(target);
        assert_eq!(reply.status, 404, "{target}");
        assert!(reply.json()["error"].is_string());
    }
    let masters = client.get("/masters?fen=x");
    assert_eq!(masters.status, 404);
    assert!(
        masters.json()["error"]
            .as_str()
            .unwrap()
            .contains("masters")
    );

    let page = client.get("/");
    assert_eq!((page.status, page.body.as_str()), (200, PAGE));
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let head = client.request("HEAD", "/lichess?play=e2e4", "");
    assert_eq!(head.status, 200);
    assert!(
        head.header("content-length")
            .unwrap()
            .parse::<usize>()
            .unwrap()
            > 0
    );

    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        let reply = client.request(method, "/lichess", "Content-Length: 0\r\n");
        assert_eq!(reply.status, 405, "{method}");
        assert_eq!(reply.header("allow"), Some("GET, HEAD, OPTIONS"));
        assert!(reply.json()["error"].as_str().unwrap().contains(method));
    }
    let preflight = client.request(
        "OPTIONS",
        "/lichess",
        "Origin: https://example.org\r\nAccess-Control-Request-Method: GET\r\n\
         Access-Control-Request-Headers: authorization\r\n",
    );
    // tower-http's CorsLayer answers it, outermost.
    assert_eq!(preflight.status, 200);
    assert_eq!(
        preflight.header("access-control-allow-methods"),
        Some("GET,HEAD")
    );
    assert_eq!(
        preflight.header("access-control-allow-headers"),
        Some("authorization")
    );
    assert_eq!(preflight.header("access-control-max-age"), Some("86400"));

    let panicked = client.get("/lichess?fen=panic");
    assert_eq!(panicked.status, 500);
    assert_eq!(
        client.get("/lichess").status,
        200,
        "the server goes on after a panic"
    );
}

#[test]
fn a_bearer_token_is_ignored_and_keep_alive_holds() {
    let server = TestServer::start(quick());
    let mut client = server.client();
    let plain = client.get("/lichess?play=d2d4");
    let with_token = client.request(
        "GET",
        "/lichess?play=d2d4",
        "Authorization: Bearer lip_abc123\r\n",
    );
    assert_eq!((plain.status, with_token.status), (200, 200));
    assert_eq!(plain.body, with_token.body);
    assert_eq!(plain.header("connection"), None);
    // Two requests sent at once on the same connection: both answered, in order.
    client.send("GET /lichess?moves=1 HTTP/1.1\r\nHost: t\r\n\r\nGET /lichess?moves=2 HTTP/1.1\r\nHost: t\r\n\r\n");
    assert_eq!(client.reply(false).json()["moves"], 1);
    assert_eq!(client.reply(false).json()["moves"], 2);
}

#[test]
fn methods_are_checked_on_every_path_and_the_url_before_them() {
    let server = TestServer::start(quick());
    let mut client = server.client();
    let reply = client.request("DELETE", "/nope", "Content-Length: 0\r\n");
    assert_eq!(reply.status, 405);
    assert_eq!(reply.header("allow"), Some("GET, HEAD, OPTIONS"));
    let head = client.request("HEAD", "/nope", "");
    assert_eq!((head.status, head.body.as_str()), (404, ""));
    // OPTIONS is the CORS layer's, outermost, on every path and before the URL's bound.
    assert_eq!(client.request("OPTIONS", "/nope", "").status, 200);
    let long = format!("/lichess?fen={}", "x".repeat(5000));
    for method in ["GET", "POST"] {
        let reply = client.request(method, &long, "Content-Length: 0\r\n");
        assert_eq!(reply.status, 414, "{method}");
    }
    assert_eq!(
        client.get("/api/cloud-eval?multiPv=2").json()["parameter"],
        "fen"
    );
}
