//! The command line's POS: a number in any numbering, a back rank, a FEN, a pair, or a line of
//! the tool's own output. An accepted POS reads back the same from every form the tool writes
//! it in; a pair is one start only when both sides have it; a stream of lines yields only what
//! each line reads as alone.
#![no_main]

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::numbering::Numbering;
use chess960_cli::pos::{LineReader, PosError, parse, parse_pair};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, &str)| {
    let (selector, text) = input;
    let numbering = match selector % 3 {
        0 => Numbering::Scharnagl,
        1 => Numbering::OneBased,
        _ => Numbering::Fritz,
    };
    match parse_pair(text, numbering) {
        Ok(pair) => {
            let (white, black) = (pair.white(), pair.black());
            let (w, b) = (numbering.number(white), numbering.number(black));
            let written = [
                Fen::new(pair, CastlingNotation::XFen).to_string(),
                Fen::new(pair, CastlingNotation::Shredder).to_string(),
                format!("{w} {b}"),
                format!("{white} {black}"),
                format!("{w} {white} {b} {black}"),
                format!("7,{w},{white},{b},{black}"),
                format!(
                    r#"{{"white_sp": {w}, "white_rank": "{white}", "black_sp": {b}, "black_rank": "{black}"}}"#
                ),
            ];
            for line in written {
                assert_eq!(parse_pair(&line, numbering), Ok(pair), "{line}");
            }
            match pair.single() {
                Some(sp) => {
                    assert_eq!(parse(text, numbering), Ok(sp));
                    assert_eq!(parse(&w.to_string(), numbering), Ok(sp));
                    assert_eq!(parse(&format!("{w} {sp}"), numbering), Ok(sp));
                }
                None => assert_eq!(
                    parse(text, numbering),
                    Err(PosError::Start(chess960::ParseStartError::Pair))
                ),
            }
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert!(parse(text, numbering).is_err());
        }
    }
    let mut reader = LineReader::new(numbering);
    for line in text.lines() {
        if let Ok(Some(pair)) = reader.read(line) {
            assert_eq!(parse_pair(line, numbering), Ok(pair), "{line}");
        }
    }
});
