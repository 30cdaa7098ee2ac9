//! Text as a start or a pair (`DoubleStartingPosition`'s `FromStr`), and the board's words:
//! whatever reads, writes back as text that reads as the same thing, as its FEN, and one word
//! at a time; whatever does not read is an error with a message, never a panic.
#![no_main]

use chess960::fen::{CastlingNotation, Fen};
use chess960::numbering::Numbering;
use chess960::{Color, DoubleStartingPosition, File, Piece, Rank, Square, StartingPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    for word in [
        text.parse::<File>().map(|x| x.to_string()),
        text.parse::<Rank>().map(|x| x.to_string()),
        text.parse::<Square>().map(|x| x.to_string()),
        text.parse::<Color>().map(|x| x.to_string()),
        text.parse::<Piece>().map(|x| x.to_string()),
    ] {
        match word {
            Ok(written) => assert!(written.len() <= text.len().max(5)),
            Err(err) => assert!(err.found().as_str().len() <= 8 && !err.to_string().is_empty()),
        }
    }
    let pair = match text.parse::<DoubleStartingPosition>() {
        Ok(pair) => pair,
        Err(err) => {
            assert!(!err.to_string().is_empty());
            return;
        }
    };
    assert_eq!(pair.to_string().parse::<DoubleStartingPosition>(), Ok(pair));
    let fen = Fen::new(pair, CastlingNotation::Shredder);
    assert_eq!(fen.as_str().parse::<DoubleStartingPosition>(), Ok(pair));
    let ids = format!("{} {}", pair.white().id(), pair.black().id());
    assert_eq!(ids.parse::<DoubleStartingPosition>(), Ok(pair));
    assert_eq!(
        StartingPosition::parse_numbered(text, Numbering::Scharnagl).ok(),
        pair.single()
    );
});
