//! UCI moves: whatever reads writes back as the same text, and converting a move between the
//! two castling spellings of any start (a Double Fischer Random pair too) is its own inverse,
//! keeps the castling it is, and leaves every other move alone.
#![no_main]

use chess960::UciMove;
use chess960::castling::Castling;
use chess960::{DoubleStartingPosition, StartingPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u16, u16, &str)| {
    let (white, black, text) = input;
    let sp = |id: u16| StartingPosition::from_id(id % 960).unwrap();
    let pair = DoubleStartingPosition::new(sp(white), sp(black));

    let mv = match text.parse::<UciMove>() {
        Ok(mv) => mv,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            if text.is_ascii() {
                assert_eq!(UciMove::from_ascii(text.as_bytes()), Err(error));
            }
            return;
        }
    };
    assert_eq!(mv.to_string(), text);
    assert_eq!(UciMove::from_ascii(text.as_bytes()), Ok(mv));

    let converted = mv.respelled(pair);
    assert_eq!(converted.respelled(pair), mv);
    match Castling::from_uci(pair, mv) {
        Some(castling) => {
            assert_eq!(Castling::from_uci(pair, converted), Some(castling));
            let spellings = [
                Some(castling.uci_king_takes_rook()),
                castling.uci_king_two_squares(),
            ];
            assert!(spellings.contains(&Some(mv)) && spellings.contains(&Some(converted)));
            assert_eq!(converted == mv, castling.uci_king_two_squares().is_none());
            assert_eq!(mv.king_takes_rook(pair), castling.uci_king_takes_rook());
            let two = castling.uci_king_two_squares();
            assert_eq!(
                mv.king_two_squares(pair),
                two.unwrap_or(castling.uci_king_takes_rook())
            );
        }
        None => {
            assert_eq!(converted, mv);
            assert_eq!(
                (mv.king_takes_rook(pair), mv.king_two_squares(pair)),
                (mv, mv)
            );
        }
    }
    if white % 960 == black % 960 {
        assert_eq!(mv.respelled(pair.white()), converted);
    }
});
