//! The board's words read back what they write, and read nothing else: every one- and
//! two-byte ASCII text against a reading written out here from the rules.

use chess960::board::ParseError;
use chess960::{Color, File, Piece, Rank, Square};

#[test]
fn every_word_reads_back_what_it_writes() {
    for file in File::ALL {
        assert_eq!(file.to_string().parse::<File>(), Ok(file));
        for rank in Rank::ALL {
            let square = Square::new(file, rank);
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
    }
    for rank in Rank::ALL {
        assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
    }
    for color in Color::ALL {
        assert_eq!(color.to_string().parse::<Color>(), Ok(color));
    }
    for piece in Piece::ALL {
        assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
        assert_eq!(piece.white_symbol().to_string().parse::<Piece>(), Ok(piece));
        assert_eq!(piece.black_symbol().to_string().parse::<Piece>(), Ok(piece));
    }
}

#[test]
fn every_short_ascii_text_reads_as_the_rules_say() {
    let files = "abcdefgh";
    let ranks = "12345678";
    let pieces = "KQRBNkqrbn";
    let mut texts: Vec<String> = (0u8..128).map(|b| char::from(b).to_string()).collect();
    for a in 0u8..128 {
        for b in 0u8..128 {
            texts.push([char::from(a), char::from(b)].iter().collect());
        }
    }
    for text in &texts {
        let one = |set: &str| text.len() == 1 && set.contains(text.as_str());
        assert_eq!(text.parse::<File>().is_ok(), one(files), "{text:?}");
        assert_eq!(text.parse::<Rank>().is_ok(), one(ranks), "{text:?}");
        assert_eq!(text.parse::<Piece>().is_ok(), one(pieces), "{text:?}");
        let mut chars = text.chars();
        let square = text.len() == 2
            && chars.next().is_some_and(|c| files.contains(c))
            && chars.next().is_some_and(|c| ranks.contains(c));
        assert_eq!(text.parse::<Square>().is_ok(), square, "{text:?}");
        let color = ["w", "b", "W", "B"].contains(&text.as_str());
        assert_eq!(text.parse::<Color>().is_ok(), color, "{text:?}");
    }
    assert_eq!("BLACK".parse(), Ok(Color::Black));
    assert!("whites".parse::<Color>().is_err());
}

#[test]
fn errors_name_the_text_and_the_rule() {
    let cases = [
        (
            "i".parse::<File>().unwrap_err(),
            r#""i" is not a file: expected a letter a-h"#,
        ),
        (
            "0".parse::<Rank>().unwrap_err(),
            r#""0" is not a rank: expected a digit 1-8"#,
        ),
        (
            "e1e2".parse::<Square>().unwrap_err(),
            r#""e1e2" is not a square: expected a file a-h, then a rank 1-8"#,
        ),
        (
            "♙".parse::<Piece>().unwrap_err(),
            r#""♙" is not a piece: expected a letter K, Q, R, B or N (either case) or a chess symbol"#,
        ),
        (
            "\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}"
                .parse::<Color>()
                .unwrap_err(),
            r#""éééé…" is not a color: expected white, black, w or b"#,
        ),
    ];
    for (err, message) in cases {
        assert_eq!(err.to_string(), message);
    }
    assert!(matches!(
        "".parse::<Square>(),
        Err(ParseError::Square { .. })
    ));
}
