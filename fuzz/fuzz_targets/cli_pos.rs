//! The command line's POS: a number in any numbering, a back rank or a FEN. An accepted POS
//! reads back the same from its number, its back rank and its FEN.
#![no_main]

use chess960::Numbering;
use chess960_cli::pos::parse;
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
            assert_eq!(parse(&sp.number(numbering).to_string(), numbering), Ok(sp));
            assert_eq!(parse(&sp.to_string(), numbering), Ok(sp));
            assert_eq!(parse(sp.fen().as_str(), numbering), Ok(sp));
            assert_eq!(parse(sp.shredder_fen().as_str(), numbering), Ok(sp));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
