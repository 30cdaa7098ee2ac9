//! The command line's POS: a number in any numbering, a back rank or a FEN. An accepted POS
//! reads back the same from its number, its back rank and its FEN; as a pair (`castling`), a
//! POS is the same position for both sides unless a FEN gives Black its own.
#![no_main]

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::numbering::Numbering;
use chess960_cli::pos::{parse, parse_pair};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, &str)| {
    let (selector, text) = input;
    let numbering = match selector % 3 {
        0 => Numbering::Scharnagl,
        1 => Numbering::OneBased,
        _ => Numbering::Fritz9,
    };
    match parse(text, numbering) {
        Ok(sp) => {
            assert_eq!(parse(&numbering.number(sp).to_string(), numbering), Ok(sp));
            assert_eq!(parse(&sp.to_string(), numbering), Ok(sp));
            assert_eq!(
                parse(
                    Fen::new(sp.into(), CastlingNotation::XFen).as_str(),
                    numbering
                ),
                Ok(sp)
            );
            assert_eq!(
                parse(
                    Fen::new(sp.into(), CastlingNotation::Shredder).as_str(),
                    numbering
                ),
                Ok(sp)
            );
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
    match parse_pair(text, numbering) {
        Ok(pair) => {
            assert_eq!(
                parse_pair(Fen::new(pair, CastlingNotation::XFen).as_str(), numbering),
                Ok(pair)
            );
            if pair.white() == pair.black() {
                assert_eq!(parse(text, numbering), Ok(pair.white()));
            } else {
                assert!(text.contains('/') && parse(text, numbering).is_err());
            }
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert!(parse(text, numbering).is_err());
        }
    }
});
