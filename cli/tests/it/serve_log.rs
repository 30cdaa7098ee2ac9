//! `chess960 serve`'s access log: a line a request on stderr (tower-http's trace layer's span
//! and event, written by the command's `tracing` subscriber), and a note at its stop.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;

use crate::index::{add, serve_logging};

#[test]
fn each_request_is_a_line_of_the_access_log() {
    let dir = crate::index::dir("serve-log");
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, crate::index::games(3, 20, "2024.01", 0)).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&pgn]).status.code(), Some(0));
    let (mut child, page, mut stderr) = serve_logging(&index);
    let addr = page.trim_start_matches("http://").trim_end_matches('/');
    for target in ["/lichess?play=e2e4", "/nope"] {
        let mut stream = TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        stream.read_to_end(&mut Vec::new()).unwrap();
    }
    // SIGTERM: the server stops, and its stderr ends.
    let _ = Command::new("kill").arg(child.id().to_string()).status();
    let mut log = String::new();
    stderr.read_to_string(&mut log).unwrap();
    child.wait().unwrap();
    let lines: Vec<&str> = log.lines().collect();
    let line = |target: &str| lines.iter().find(|line| line.contains(target)).copied();
    let answered = line("target=/lichess?play=e2e4").unwrap_or_else(|| panic!("{log}"));
    assert!(
        answered.contains("method=GET") && answered.contains("peer=127.0.0.1:"),
        "{answered}"
    );
    assert!(
        answered.contains("status=200") && answered.contains(" ms="),
        "{answered}"
    );
    assert!(!answered.contains("bytes=0"), "{answered}");
    assert!(
        line("target=/nope")
            .unwrap_or_default()
            .contains("status=404"),
        "{log}"
    );
    assert!(log.contains("SIGTERM: stopping"), "{log}");
}
