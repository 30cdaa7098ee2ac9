//! A query string to lichess's explorer, read as `chess960 serve` reads it: any bytes are
//! read without a panic; a query read is written back (`to_query_string`) as printable ASCII
//! that reads as the same query, within the bounds the index is given; a query refused names
//! a parameter the endpoint reads, at the start of its message. The same bytes read as
//! `/api/cloud-eval`'s query (`CloudEvalQuery::parse`): no panic; a query read asks for a
//! FEN and at least one line, and reads back the same from its own query string; a query
//! refused names `fen`, `multiPv` or `variant`, or a parameter it does not read. And as
//! `/player`'s (`parse_player`): no panic; a query read names a player and lists at most 8
//! recent games; a query refused names a parameter `/player` reads, or one it does not.
#![no_main]

use std::fmt::Write;

use chess960_explorer::api::{CloudEvalQuery, Endpoint, parse_player};
use chess960_explorer::{MAX_MASTERS_TOP_GAMES, MAX_PLAY, MAX_RECENT_GAMES};
use libfuzzer_sys::fuzz_target;

/// The parameters each endpoint reads.
const LICHESS: &str =
    "variant source fen play speeds ratings since until moves topGames recentGames history";
const MASTERS: &str = "variant source fen play since until moves topGames recentGames";
const PLAYER: &str = "variant source player color fen play modes speeds since until moves recentGames ratings topGames history";

/// The parameters `/api/cloud-eval` reads.
const CLOUD_EVAL: &str = "fen multiPv variant";

/// Every byte of `text` percent-encoded.
fn encoded(text: &str) -> String {
    text.bytes().fold(String::new(), |mut out, b| {
        let _ = write!(out, "%{b:02X}");
        out
    })
}

fuzz_target!(|input: (bool, &[u8])| {
    let (masters, bytes) = input;
    let (endpoint, names) = match masters {
        true => (Endpoint::Masters, MASTERS),
        false => (Endpoint::Lichess, LICHESS),
    };
    let text = String::from_utf8_lossy(bytes);
    match parse_player(&text) {
        Ok(asked) => {
            assert!(!asked.player.trim().is_empty(), "{text:?}");
            assert!(asked.query.recent_games <= MAX_RECENT_GAMES, "{text:?}");
            assert!(asked.query.play.len() <= MAX_PLAY, "{text:?}");
        }
        Err(err) => {
            let read = PLAYER.split(' ').any(|name| name == err.parameter);
            assert!(
                read || err.message.starts_with("not a parameter of /player"),
                "{err}"
            );
            assert!(err.to_string().starts_with(&format!("{}: ", err.parameter)));
        }
    }
    match CloudEvalQuery::parse(&text) {
        Ok(query) => {
            assert!(query.multi_pv >= 1, "{text:?}");
            assert!(!query.fen.is_empty(), "{text:?}");
            let written = format!(
                "variant=chess960&multiPv={}&fen={}",
                query.multi_pv,
                encoded(&query.fen)
            );
            assert_eq!(
                CloudEvalQuery::parse(&written),
                Ok(query),
                "{text:?} written {written}"
            );
        }
        Err(err) => {
            let read = CLOUD_EVAL.split(' ').any(|name| name == err.parameter);
            assert!(
                read || err
                    .message
                    .starts_with("not a parameter of /api/cloud-eval"),
                "{err}"
            );
            assert!(err.to_string().starts_with(&format!("{}: ", err.parameter)));
        }
    }
    match endpoint.parse(&text) {
        Ok(query) => {
            assert!(query.play.len() <= MAX_PLAY);
            assert!(
                query.top_games <= MAX_MASTERS_TOP_GAMES && query.recent_games <= MAX_RECENT_GAMES
            );
            assert_ne!(query.fen.as_deref(), Some(""));
            let written = endpoint.to_query_string(&query);
            assert!(written.bytes().all(|b| b.is_ascii_graphic()), "{written}");
            assert_eq!(
                endpoint.parse(&written),
                Ok(query),
                "{text:?} written {written}"
            );
        }
        Err(err) => {
            let read = names.split(' ').any(|name| name == err.parameter);
            let not_read = format!("not a parameter of {}", endpoint.path());
            assert!(read || err.message.starts_with(&not_read), "{err}");
            assert!(
                !err.parameter.is_empty() && err.parameter.chars().count() <= 65,
                "{err}"
            );
            assert!(err.to_string().starts_with(&format!("{}: ", err.parameter)));
            let body: serde_json::Value = serde_json::from_str(&err.to_json()).unwrap();
            assert_eq!(body["parameter"].as_str(), Some(&*err.parameter));
        }
    }
});
