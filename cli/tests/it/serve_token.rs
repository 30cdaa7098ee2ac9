//! `chess960 serve --token-file`: a file that cannot be read or holds no token stops the
//! server before it listens; a running server answers an API request without one of its
//! tokens 401, and with one as it always did.

use std::io::{Read, Write};
use std::net::TcpStream;

use crate::common::{chess960, text};
use crate::index::{add, dir, games, serve_with};

#[test]
fn serve_requires_the_tokens_of_its_token_file() {
    let dir = dir("tokens");
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, games(3, 5, "2024.01", 0)).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&pgn]).status.code(), Some(0));
    let index_arg = index.to_str().unwrap();
    // A file that cannot be read, or holds no token: the server does not start.
    let tokens = dir.join("tokens.txt");
    for (written, said) in [
        (None, "tokens.txt: "),
        (Some("# none yet\n\n"), "tokens.txt: no token"),
    ] {
        if let Some(written) = written {
            std::fs::write(&tokens, written).unwrap();
        }
        let file = tokens.to_str().unwrap();
        let args = ["serve", "--index", index_arg, "--token-file", file];
        let out = chess960(&args, b"");
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        assert!(
            err.starts_with("chess960: serve: --token-file ") && err.contains(said),
            "{err}"
        );
    }
    std::fs::write(&tokens, "lip_member\n").unwrap();
    let (mut child, page, mut stderr) =
        serve_with(&index, &["--token-file", tokens.to_str().unwrap()]);
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    let addr = page.trim_start_matches("http://").trim_end_matches('/');
    let get = |headers: &str| {
        let mut stream = TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "GET /lichess?play=e2e4 HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n"
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response[9..12].to_owned()
    };
    assert_eq!(get(""), "401");
    assert_eq!(get("Authorization: Bearer lip_other\r\n"), "401");
    assert_eq!(get("Authorization: Bearer lip_member\r\n"), "200");
    let _ = child.kill();
    let _ = child.wait();
}
