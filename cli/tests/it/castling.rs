//! `chess960 castling`: the table, and the JSON's exact keys and values for all 960 and for
//! Double Fischer Random FENs (Black's castlings from Black's position).

use crate::common;

use chess960::Color;
use chess960::castling::Castling;
use chess960::castling::CastlingSide;
use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::{DoubleStartingPosition, StartingPosition};
use common::{chess960, chess960_interleaved, text};
use serde_json::Value;

const KEYS: [&str; 10] = [
    "color",
    "side",
    "king_from",
    "king_to",
    "rook_from",
    "rook_to",
    "must_be_empty",
    "king_passes",
    "uci_king_takes_rook",
    "uci_king_two_squares",
];

/// The JSON the issue asks for, built from the library's answers with serde_json.
fn expected(pair: DoubleStartingPosition) -> Value {
    let names = |squares: chess960::castling::Squares| -> Vec<String> {
        squares.iter().map(|s| s.to_string()).collect()
    };
    Castling::all(pair)
        .iter()
        .map(|c| {
            serde_json::json!({
                "color": c.color().to_string(),
                "side": c.side().to_string(),
                "king_from": c.king_from().to_string(),
                "king_to": c.king_to().to_string(),
                "rook_from": c.rook_from().to_string(),
                "rook_to": c.rook_to().to_string(),
                "must_be_empty": names(c.must_be_empty()),
                "king_passes": names(c.king_passes()),
                "uci_king_takes_rook": c.uci_king_takes_rook().to_string(),
                "uci_king_two_squares": c.uci_king_two_squares().map(|m| m.to_string()),
            })
        })
        .collect()
}

#[test]
fn json_for_all_960_from_stdin_one_array_per_line() {
    let ids: String = (0..960).map(|id| format!("{id}\n")).collect();
    let out = chess960(&["castling", "--format", "json", "-"], ids.as_bytes());
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), ""));
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert_eq!(lines.len(), 960);
    for (sp, line) in StartingPosition::all().zip(lines) {
        let value: Value = serde_json::from_str(line).unwrap();
        let castlings = value.as_array().unwrap();
        assert_eq!(castlings.len(), 4);
        let colours_and_sides: Vec<(&str, &str)> = castlings
            .iter()
            .map(|c| (c["color"].as_str().unwrap(), c["side"].as_str().unwrap()))
            .collect();
        assert_eq!(
            colours_and_sides,
            [
                ("white", "kingside"),
                ("white", "queenside"),
                ("black", "kingside"),
                ("black", "queenside")
            ]
        );
        for castling in castlings {
            let keys: Vec<&String> = castling.as_object().unwrap().keys().collect();
            assert_eq!(keys, KEYS, "exactly these keys, in this order");
        }
        assert_eq!(value, expected(DoubleStartingPosition::new(sp, sp)), "{sp}");
    }
}

#[test]
fn keys_are_written_in_the_issues_order() {
    let out = chess960(&["castling", "--format", "json", "518"], b"");
    let line = text(&out.stdout);
    let mut at = 0;
    for key in KEYS {
        let found = line[at..].find(&format!("\"{key}\":")).unwrap();
        at += found + 1;
    }
    assert!(line.contains(r#""uci_king_two_squares": "e1g1""#));
    let out = chess960(&["castling", "--format", "json", "105"], b"");
    assert!(text(&out.stdout).contains(r#""uci_king_two_squares": null"#));
}

#[test]
fn a_dfrc_fen_gives_black_castlings_from_black_position() {
    let pairs = [(105, 451), (518, 0), (959, 3)];
    for (white, black) in pairs {
        let pair = DoubleStartingPosition::new(
            StartingPosition::from_id(white).unwrap(),
            StartingPosition::from_id(black).unwrap(),
        );
        for fen in [
            Fen::new(pair, CastlingNotation::XFen).to_string(),
            Fen::new(pair, CastlingNotation::Shredder).to_string(),
        ] {
            let out = chess960(&["castling", "--format", "json", &fen], b"");
            assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), ""));
            let value: Value = serde_json::from_str(text(&out.stdout)).unwrap();
            assert_eq!(value, expected(pair));
        }
        let black_castling = Castling::new(pair, Color::Black, CastlingSide::Queenside);
        assert_eq!(
            black_castling.king_from().to_string(),
            format!("{}8", pair.black().king_file())
        );
    }
}

#[test]
fn the_table() {
    let out = chess960(&["castling", "518", "BQNNRKRB"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "518 RNBQKBNR\n\
         color   side       king   rook   must be empty   king passes        UCI   two squares\n\
         white   kingside   e1-g1  h1-f1  f1 g1           e1 f1 g1           e1h1  e1g1\n\
         white   queenside  e1-c1  a1-d1  b1 c1 d1        e1 d1 c1           e1a1  e1c1\n\
         black   kingside   e8-g8  h8-f8  f8 g8           e8 f8 g8           e8h8  e8g8\n\
         black   queenside  e8-c8  a8-d8  b8 c8 d8        e8 d8 c8           e8a8  e8c8\n\
         \n\
         3 BQNNRKRB\n\
         color   side       king   rook   must be empty   king passes        UCI   two squares\n\
         white   kingside   f1-g1  g1-f1  -               f1 g1              f1g1  -\n\
         white   queenside  f1-c1  e1-d1  c1 d1           f1 e1 d1 c1        f1e1  -\n\
         black   kingside   f8-g8  g8-f8  -               f8 g8              f8g8  -\n\
         black   queenside  f8-c8  e8-d8  c8 d8           f8 e8 d8 c8        f8e8  -\n\
         \n"
    );
    let dfrc = "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1";
    let out = chess960(&["castling", "--numbering", "fritz", dfrc], b"");
    let first = text(&out.stdout).lines().next().unwrap();
    let fritz =
        |id| chess960::numbering::Numbering::Fritz.number(StartingPosition::from_id(id).unwrap());
    let (white, black) = (fritz(105), fritz(451));
    assert_eq!(
        first,
        format!("white {white} QNRBBNKR, black {black} BRNNKQRB")
    );
}

#[test]
fn bad_lines_are_reported_and_the_rest_answered_in_order() {
    let stdin = b"518\nRNBQKBNQ\n\nRNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr\n";
    let (both, code) = chess960_interleaved(
        &["castling", "--format", "json"],
        stdin,
        "castling-bad-lines",
    );
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = both.lines().collect();
    assert_eq!(lines.len(), 4, "{both}");
    assert!(lines[0].starts_with(r#"[{"color": "white""#));
    assert_eq!(lines[1], "error: line 2: RNBQKBNQ: 2 queens, expected 1");
    assert_eq!(
        lines[2],
        "error: line 3: empty: expected a number, a back rank such as RNBQKBNR, or a FEN"
    );
    // The turned-around board is standard chess.
    assert_eq!(lines[3], lines[0]);
}
