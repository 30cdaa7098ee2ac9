//! FENs from boards either way up: what reads upright is what the plain reader reads; what
//! reads turned is the plain reading of the placement reversed (a 180° turn), never of the
//! text as given.
#![no_main]

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::fen::FenReader;
use chess960::fen::Orientation;
use chess960::{DoubleStartingPosition, StartingPosition};
use libfuzzer_sys::fuzz_target;

/// `fen` with its placement (first field) reversed, the rest as written.
fn turned(fen: &str) -> String {
    let start = fen.len()
        - fen
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
            .len();
    let end = fen[start..]
        .find(|c: char| c.is_ascii_whitespace())
        .map_or(fen.len(), |i| start + i);
    let placement: String = fen[start..end].chars().rev().collect();
    format!("{}{placement}{}", &fen[..start], &fen[end..])
}

fuzz_target!(|fen: &str| {
    match FenReader::STRICT.read_either_way::<DoubleStartingPosition>(fen) {
        Ok((pair, Orientation::Upright)) => {
            assert_eq!(
                FenReader::STRICT.read::<DoubleStartingPosition>(fen),
                Ok(pair)
            );
        }
        Ok((pair, Orientation::Turned)) => {
            assert!(
                FenReader::STRICT
                    .read::<DoubleStartingPosition>(fen)
                    .is_err()
            );
            assert_eq!(
                FenReader::STRICT.read::<DoubleStartingPosition>(&turned(fen)),
                Ok(pair)
            );
            // Turning the written FEN's board gives the same reading back.
            let written = Fen::new(pair, CastlingNotation::XFen);
            assert_eq!(
                FenReader::STRICT
                    .read_either_way::<DoubleStartingPosition>(&turned(written.as_str())),
                Ok((pair, Orientation::Turned))
            );
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert!(
                FenReader::STRICT
                    .read::<DoubleStartingPosition>(fen)
                    .is_err()
            );
        }
    }
    match FenReader::STRICT.read_either_way::<StartingPosition>(fen) {
        Ok((sp, orientation)) => {
            let pair = FenReader::STRICT.read_either_way::<DoubleStartingPosition>(fen);
            assert_eq!(pair, Ok((DoubleStartingPosition::new(sp, sp), orientation)));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
