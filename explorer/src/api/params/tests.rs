//! The query string alone: each parameter read as lichess reads it, each malformed one
//! named, and a query written back read as the same query.

use crate::answer::query::{
    MAX_MASTERS_TOP_GAMES, MAX_PLAY, MAX_RECENT_GAMES, MAX_TOP_GAMES, Query,
};
use chess960_pgn::{Month, RatingGroup, RatingGroups, Speed, Speeds};

use super::{DEFAULT_MOVES, Endpoint};

/// The moves, as UCI writes them.
fn uci(play: &[chess960::UciMove]) -> Vec<String> {
    play.iter().map(ToString::to_string).collect()
}

fn bad(endpoint: Endpoint, text: &str) -> String {
    match endpoint.parse(text) {
        Ok(query) => panic!("{text} read as {query:?}"),
        Err(err) => {
            assert!(err.to_string().starts_with(&*err.parameter), "{err}");
            err.parameter.into_owned()
        }
    }
}

#[test]
fn defaults_and_unknown_parameters() {
    // Nothing given: every game, lichess's 12 moves.
    let asked = Query {
        moves: Some(DEFAULT_MOVES),
        ..Query::default()
    };
    assert_eq!(
        (asked.top_games, asked.max_top_games, asked.recent_games),
        (4, 4, 8)
    );
    let masters = Query {
        top_games: 15,
        max_top_games: 15,
        ..asked.clone()
    };
    for (endpoint, asked) in [(Endpoint::Lichess, asked), (Endpoint::Masters, masters)] {
        assert_eq!(endpoint.parse("&&=&variant=chess960").unwrap(), asked);
        assert_eq!(endpoint.parse("").unwrap(), asked);
    }
    // A name not read is refused, naming it (lichess ignores it: every game answered).
    for (text, name) in [
        ("speed=blitz", "speed"),
        ("fen=8/8/8/8/8/8/8/8+w+-+-&rating=1800", "rating"),
        ("speeds[]=blitz&Moves=3", "Moves"),
        ("top_games=2", "top_games"),
        ("x%20y=1", "x y"),
    ] {
        assert_eq!(bad(Endpoint::Lichess, text), name, "{text}");
    }
    let err = Endpoint::Lichess.parse("speed=blitz").unwrap_err();
    assert!(
        err.to_string().starts_with(
            "speed: not a parameter of /lichess, which reads variant, source, fen, play, speeds"
        ),
        "{err}"
    );
    let long = "y".repeat(100);
    assert_eq!(bad(Endpoint::Lichess, &long), format!("{}…", &long[..64]));
    // Lists spelt as forms spell arrays, in the order given.
    let query = Endpoint::Lichess
        .parse("speeds[]=blitz&ratings%5B%5D=2200&speeds[]=rapid&play[]=e2e4&play[]=e7e5")
        .unwrap();
    assert_eq!(
        query.speeds,
        Some(Speeds::EMPTY.with(Speed::Blitz).with(Speed::Rapid))
    );
    assert_eq!(
        query.ratings,
        Some(RatingGroups::EMPTY.with(RatingGroup::From2200))
    );
    assert_eq!(uci(&query.play), ["e2e4", "e7e5"]);
    assert_eq!(
        bad(Endpoint::Lichess, "speeds=blitz&speeds[]=rapid"),
        "speeds"
    );
    assert_eq!(bad(Endpoint::Lichess, "speeds[]=fast"), "speeds");
    assert_eq!(bad(Endpoint::Lichess, "moves[]=3"), "moves[]");
}

#[test]
fn every_parameter_read() {
    let text = "variant=chess960&fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR+w+KQkq+-+0+1\
                &play=e2e4,e7e5,e1g1,a7a8q&speeds=blitz,RAPID&ratings=1600,2500&since=2020-01\
                &until=2024-12&moves=7&topGames=0&recentGames=2&history=true";
    let query = Endpoint::Lichess.parse(text).unwrap();
    assert_eq!(
        query.fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    assert_eq!(uci(&query.play), ["e2e4", "e7e5", "e1g1", "a7a8q"]);
    assert_eq!(
        query.speeds,
        Some(Speeds::EMPTY.with(Speed::Blitz).with(Speed::Rapid))
    );
    let ratings = query.ratings.unwrap();
    assert!(ratings.has(RatingGroup::From1600) && ratings.has(RatingGroup::From2500));
    assert!(!ratings.has(RatingGroup::From1800));
    assert_eq!(
        query.since,
        Some(Month {
            year: 2020,
            month: 1
        })
    );
    assert_eq!(
        query.until,
        Some(Month {
            year: 2024,
            month: 12
        })
    );
    assert_eq!(
        (query.moves, query.top_games, query.recent_games),
        (Some(7), 0, 2)
    );
    assert!(query.history);
}

#[test]
fn empty_values_as_lichess_reads_them() {
    let query = Endpoint::Lichess.parse("play=&speeds=&ratings=").unwrap();
    assert!(query.play.is_empty());
    assert_eq!(query.speeds, Some(Speeds::EMPTY));
    assert_eq!(query.ratings, Some(RatingGroups::EMPTY));
    for name in [
        "variant",
        "fen",
        "since",
        "until",
        "moves",
        "topGames",
        "recentGames",
        "history",
    ] {
        assert_eq!(bad(Endpoint::Lichess, &format!("{name}=")), name);
    }
}

#[test]
fn each_malformed_parameter_is_named() {
    let cases = [
        ("variant=atomic", "variant"),
        ("variant=Chess960", "variant"),
        ("variant=from_position", "variant"),
        ("play=e2e4,e7e9", "play"),
        ("play=e2e4,", "play"),
        ("play=e2e4q7", "play"),
        ("play=e7e8k", "play"),
        ("play=0000", "play"),
        ("speeds=blitz,lightning", "speeds"),
        ("ratings=1500", "ratings"),
        ("since=2024-13", "since"),
        ("until=2024", "until"),
        ("moves=-1", "moves"),
        ("topGames=x", "topGames"),
        ("recentGames=99999999999999999999999", "recentGames"),
        ("history=yes", "history"),
        ("fen=x&fen=y", "fen"),
        ("moves=1&speeds=x&moves=y", "speeds"),
    ];
    for (text, name) in cases {
        assert_eq!(bad(Endpoint::Lichess, text), name, "{text}");
    }
}

#[test]
fn play_is_bounded_and_games_capped() {
    let moves = vec!["e2e4"; MAX_PLAY];
    let query = Endpoint::Lichess
        .parse(&format!("play={}", moves.join(",")))
        .unwrap();
    assert_eq!(query.play.len(), MAX_PLAY);
    let err = Endpoint::Lichess
        .parse(&format!("play={},e7e5", moves.join(",")))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "play: {} moves: at most {MAX_PLAY} are played",
            MAX_PLAY + 1
        )
    );
    let query = Endpoint::Lichess
        .parse("topGames=1000&recentGames=5")
        .unwrap();
    assert_eq!((query.top_games, query.recent_games), (MAX_TOP_GAMES, 5));
    let capped = "topGames=1000&recentGames=1000";
    let query = Endpoint::Lichess.parse(capped).unwrap();
    assert_eq!(
        (query.top_games, query.recent_games),
        (MAX_TOP_GAMES, MAX_RECENT_GAMES)
    );
    let query = Endpoint::Masters.parse(capped).unwrap();
    assert_eq!(
        (query.top_games, query.max_top_games, query.recent_games),
        (
            MAX_MASTERS_TOP_GAMES,
            MAX_MASTERS_TOP_GAMES,
            MAX_RECENT_GAMES
        )
    );
}

/// What lichess's own clients send is read as lichess reads it: its analysis board's
/// `source`, berserk's default `variant=standard`, each of lichess's names for chess, and
/// `history` as lichess's aliases spell it.
#[test]
fn lichess_clients_requests_are_read() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for endpoint in [Endpoint::Lichess, Endpoint::Masters] {
        let plain = endpoint.parse(&format!("fen={fen}&play=e2e4")).unwrap();
        for variant in ["chess960", "standard", "chess", "fromPosition"] {
            for source in ["analysis", "opening", "fishnet", "anything"] {
                let text = format!("variant={variant}&fen={fen}&play=e2e4&source={source}");
                assert_eq!(endpoint.parse(&text).unwrap(), plain, "{text}");
            }
        }
        assert_eq!(bad(endpoint, "source=a&source=b"), "source");
    }
    for (text, history) in [
        ("history=1", true),
        ("history=on", true),
        ("history=0", false),
        ("history=off", false),
    ] {
        assert_eq!(Endpoint::Lichess.parse(text).unwrap().history, history);
    }
}

#[test]
fn masters_reads_years_and_refuses_lichess_filters() {
    for name in ["speeds", "ratings", "history", "speeds[]"] {
        let text = format!("since=1990&{name}=blitz");
        assert_eq!(bad(Endpoint::Masters, &text), name);
    }
    let query = Endpoint::Masters
        .parse("since=1990&until=2001&moves=3")
        .unwrap();
    assert_eq!(
        query.since,
        Some(Month {
            year: 1990,
            month: 1
        })
    );
    assert_eq!(
        query.until,
        Some(Month {
            year: 2001,
            month: 12
        })
    );
    assert_eq!(
        (query.speeds, query.ratings, query.history),
        (None, None, false)
    );
    assert_eq!(bad(Endpoint::Masters, "since=1990-01"), "since");
    let written = Endpoint::Masters.to_query_string(&query);
    assert_eq!(written, "variant=chess960&since=1990&until=2001&moves=3");
    assert_eq!(Endpoint::Masters.parse(&written).unwrap(), query);
}

#[test]
fn messages_quote_and_shorten_what_was_given() {
    let long = "x".repeat(300);
    let err = Endpoint::Lichess
        .parse(&format!("moves={long}"))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "moves: \"{}\"…: a non-negative integer is wanted",
            "x".repeat(64)
        )
    );
}

#[test]
fn written_queries_read_back() {
    for text in [
        "",
        "fen=a%26b%3Dc+%2B%25&play=",
        "speeds=&ratings=",
        "speeds=correspondence,ultrabullet&ratings=0&moves=0&topGames=4&recentGames=0",
        "until=0001-02&history=false&play=h7h8n",
    ] {
        let query = Endpoint::Lichess.parse(text).unwrap();
        let written = Endpoint::Lichess.to_query_string(&query);
        assert_eq!(
            Endpoint::Lichess.parse(&written).unwrap(),
            query,
            "{text} -> {written}"
        );
    }
}

/// Query strings of pieces of every parameter, good and bad, in any order and repeated (the
/// fuzz target's checks, on a fixed pseudo-random sample): each read back the same from what
/// it writes, or refused naming a parameter the endpoint reads.
#[test]
fn mixed_queries_read_back_or_name_a_parameter() {
    const PIECES: [&str; 25] = [
        "variant=chess960",
        "variant=x",
        "source=analysis",
        "fen=8/8/8/8/8/8/8/8+w+-+-",
        "fen=",
        "play=e2e4,e7e5",
        "play=",
        "play=e1h1",
        "play=0000",
        "play=e2e4,,",
        "speeds=blitz,rapid",
        "speeds=",
        "ratings=1600",
        "ratings=9",
        "since=2024-01",
        "since=1990",
        "until=2001",
        "moves=3",
        "moves=-1",
        "topGames=99",
        "recentGames=0",
        "history=True",
        "history=no",
        "x=%FF%00",
        "&",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..4000 {
        let mut text = String::new();
        for _ in 0..seed % 5 + 1 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            text.push_str(PIECES[(seed % PIECES.len() as u64) as usize]);
            text.push('&');
        }
        for endpoint in [Endpoint::Lichess, Endpoint::Masters] {
            match endpoint.parse(&text) {
                Ok(query) => {
                    let written = endpoint.to_query_string(&query);
                    assert_eq!(endpoint.parse(&written), Ok(query), "{text} -> {written}");
                }
                Err(err) => {
                    // Named by a name of the endpoint, of lichess's (refused by /masters) or
                    // of none (`x`).
                    let read = Endpoint::Lichess.names().contains(&&*err.parameter);
                    assert!(read || err.parameter == "x", "{text}: {err}");
                    assert!(err.to_string().starts_with(&format!("{}: ", err.parameter)));
                }
            }
        }
    }
}
