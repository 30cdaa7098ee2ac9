//! The bounds: long URLs and heads, idle connections and a slow loris, a client that stops
//! reading; and the stop, by a `Stopper` and by SIGTERM.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

use super::super::Limits;
use super::{BIG, Client, TestServer, quick};

#[test]
fn long_urls_are_414_and_long_heads_431() {
    let server = TestServer::start(Limits {
        max_url_bytes: 1000,
        max_head_bytes: 8192,
        ..quick()
    });
    let mut client = server.client();
    let long = format!("/lichess?play={}", "e2e4,".repeat(200));
    let reply = client.get(&long);
    assert_eq!(reply.status, 414);
    assert!(
        reply.json()["error"]
            .as_str()
            .unwrap()
            .contains("1000 bytes")
    );
    assert_eq!(client.get("/lichess").status, 200, "the connection is kept");
    // A head beyond max_head_bytes is refused by hyper, which writes the 431 itself (without
    // the CORS header: no browser's request has such a head) and closes the connection.
    let mut other = server.client();
    other.send(&format!(
        "GET /lichess HTTP/1.1\r\nX-Big: {}\r\n\r\n",
        "a".repeat(9000)
    ));
    let reply = other.any_reply(false);
    assert_eq!(
        (reply.status, reply.header("connection")),
        (431, Some("close"))
    );
    assert!(other.closed_within(Duration::from_secs(2)));
}

#[test]
fn idle_connections_and_a_slow_loris_do_not_keep_a_new_client_waiting() {
    let places = 8;
    // A head timeout of 4 s: long beside the bounds asserted below, so that a loaded
    // machine's delays cannot pass for the eviction or the timeout.
    let server = TestServer::start(Limits {
        max_connections: places,
        head_timeout: Duration::from_secs(4),
        ..quick()
    });
    let started = Instant::now();
    // Every place taken: idle connections, and one sending its head a byte a second.
    let mut idle: Vec<Client> = (1..places).map(|_| server.client()).collect();
    let mut loris = server.client();
    let loris_thread = thread::spawn(move || {
        let started = Instant::now();
        for byte in b"GET /lichess HTTP/1.1\r\nHost: slow\r\nX-Slow: 1234567890".iter() {
            if loris.stream.write_all(&[*byte]).is_err() {
                return Some(started.elapsed());
            }
            thread::sleep(Duration::from_millis(300));
            if loris.closed_within(Duration::from_millis(1)) {
                return Some(started.elapsed());
            }
        }
        None
    });
    thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let reply = server.client().get("/lichess?moves=3");
    assert_eq!(reply.status, 200);
    // At once: the quietest idle connection made room (the head timeout would take 3.7 s).
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    // The slow loris is cut by the head timeout (4 s), not after its 55 bytes (16 s).
    let cut = loris_thread
        .join()
        .unwrap()
        .expect("the slow loris was never cut");
    assert!(cut < Duration::from_secs(8), "{cut:?}");
    // The idle connections are closed by the same timeout (due 4 s after they connected, by
    // now; 6 s more for a machine so loaded that the server's thread waits its turn).
    assert!(
        idle.iter_mut()
            .all(|client| client.closed_within(Duration::from_secs(6)))
    );
    assert!(started.elapsed() < Duration::from_secs(14));
}

#[test]
fn a_client_that_stops_reading_is_closed() {
    let server = TestServer::start(Limits {
        stall_timeout: Duration::from_secs(1),
        ..quick()
    });
    let mut client = server.client();
    client.send("GET /lichess?fen=big HTTP/1.1\r\nHost: t\r\n\r\n");
    thread::sleep(Duration::from_millis(2500));
    let mut received = 0;
    let mut chunk = vec![0; 1 << 16];
    loop {
        match client.stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => received += n,
        }
    }
    assert!(received > 0 && received < BIG, "{received} bytes of {BIG}");
}

#[test]
fn a_stop_lets_the_answer_in_flight_finish() {
    let server = TestServer::start(quick());
    let addr = server.addr;
    let slow = thread::spawn(move || Client::connect(addr).get("/lichess?fen=slow"));
    thread::sleep(Duration::from_millis(200));
    let stopping = Instant::now();
    assert!(server.stop().is_ok());
    assert!(
        stopping.elapsed() < Duration::from_secs(2),
        "{:?}",
        stopping.elapsed()
    );
    assert_eq!(slow.join().unwrap().status, 200);
    assert!(
        TcpStream::connect(addr).is_err(),
        "still accepting after the stop"
    );
}

/// SIGTERM to this process stops the one server listening for signals. (After this test the
/// test binary keeps tokio's handlers of SIGTERM and SIGINT: it is not stopped by them.)
#[cfg(unix)]
#[test]
fn sigterm_stops_cleanly() {
    let mut server = TestServer::with(quick(), true, true);
    // Answered: the accept loop runs, so the handlers are in place.
    assert_eq!(server.client().get("/").status, 200);
    let addr = server.addr;
    let slow = thread::spawn(move || Client::connect(addr).get("/lichess?fen=slow"));
    thread::sleep(Duration::from_millis(200));
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &std::process::id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let run = server.thread.take().unwrap().join().unwrap();
    assert!(run.is_ok(), "{run:?}");
    assert_eq!(slow.join().unwrap().status, 200);
}

/// A client past its rate is answered 429 with `Retry-After` (open to every origin, logged
/// as any answer), then answered again once the time has passed; `/health` says the index
/// answers, and is not counted.
#[test]
fn a_client_past_its_rate_is_429_with_retry_after_and_health_answers() {
    // One request a second: the second, right after the first, waits.
    let server = TestServer::start(Limits {
        requests_per_second: 1,
        ..quick()
    });
    let mut client = server.client();
    // Probes are not counted.
    for _ in 0..3 {
        let health = client.get("/health");
        assert_eq!(
            (health.status, health.body.as_str()),
            (200, r#"{"status":"ok"}"#)
        );
    }
    assert_eq!(client.get("/lichess").status, 200);
    let refused = client.get("/lichess");
    assert_eq!(refused.status, 429);
    let seconds: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=2).contains(&seconds), "{seconds}");
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("too many requests")
    );
    // A browser's preflight is not refused either: the CORS layer, outermost, answers it.
    let preflight = "Origin: https://example.org\r\nAccess-Control-Request-Method: GET\r\n";
    assert_eq!(client.request("OPTIONS", "/lichess", preflight).status, 200);
    thread::sleep(Duration::from_millis(1100));
    assert_eq!(client.get("/lichess").status, 200, "answered again");
}

#[test]
fn waits_of_duration_max_mean_never_and_the_server_answers() {
    let limits = Limits {
        head_timeout: Duration::MAX,
        stall_timeout: Duration::MAX,
        shutdown_grace: Duration::MAX,
        ..quick()
    };
    let server = TestServer::start(limits);
    for _ in 0..3 {
        assert_eq!(server.client().get("/health").status, 200);
    }
    assert!(server.stop().is_ok());
}

#[test]
fn an_answer_past_its_deadline_is_a_503_and_the_server_goes_on() {
    let server = TestServer::start(Limits {
        answer_timeout: Duration::from_millis(150),
        ..quick()
    });
    let mut client = server.client();
    let started = Instant::now();
    let slow = client.get("/lichess?fen=slow");
    assert_eq!(slow.status, 503, "{slow:?}");
    assert!(
        started.elapsed() < Duration::from_millis(550),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(client.get("/lichess").status, 200);
}

#[test]
fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_rate() {
    let endpoints = super::echo_endpoints();
    let limits = Limits {
        requests_per_second: 1,
        ..quick()
    };
    let server = TestServer::behind(endpoints, limits, false, vec!["127.0.0.1".parse().unwrap()]);
    let mut client = server.client();
    let from = |ip: &str| format!("X-Forwarded-For: {ip}\r\n");
    let first = from("198.51.100.1");
    assert_eq!(client.request("GET", "/lichess", &first).status, 200);
    assert_eq!(client.request("GET", "/lichess", &first).status, 429);
    // Another client behind the same proxy is answered.
    let second = from("198.51.100.2");
    assert_eq!(client.request("GET", "/lichess", &second).status, 200);
    // Not trusted, the header is not believed: one client, the peer.
    let server = TestServer::start(Limits {
        requests_per_second: 1,
        ..quick()
    });
    let mut client = server.client();
    assert_eq!(client.request("GET", "/lichess", &first).status, 200);
    assert_eq!(client.request("GET", "/lichess", &second).status, 429);
}
