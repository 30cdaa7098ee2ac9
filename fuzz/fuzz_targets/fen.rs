//! FEN reading, strict and relaxed, single and Double Fischer Random: whatever is accepted
//! writes back to a FEN that reads as the same position.
#![no_main]

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::fen::FenReader;
use chess960::{DoubleStartingPosition, StartingPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, &str)| {
    let (flags, fen) = input;
    let mut options = FenReader::STRICT;
    if flags & 1 != 0 {
        options = options.ignore_turn();
    }
    if flags & 2 != 0 {
        options = options.ignore_castling();
    }
    if flags & 4 != 0 {
        options = options.ignore_counters();
    }

    match options.read::<StartingPosition>(fen) {
        Ok(sp) => {
            assert_eq!(
                FenReader::STRICT
                    .read::<StartingPosition>(Fen::new(sp, CastlingNotation::XFen).as_str()),
                Ok(sp)
            );
            assert_eq!(
                FenReader::STRICT
                    .read::<StartingPosition>(Fen::new(sp, CastlingNotation::Shredder).as_str()),
                Ok(sp)
            );
            if options == FenReader::STRICT {
                assert_strictly_the_start_of(
                    fen,
                    Fen::new(sp, CastlingNotation::XFen).as_str(),
                    Fen::new(sp, CastlingNotation::Shredder).as_str(),
                );
            }
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }

    match options.read::<DoubleStartingPosition>(fen) {
        Ok(pair) => {
            assert_eq!(
                FenReader::STRICT.read::<DoubleStartingPosition>(
                    Fen::new(pair, CastlingNotation::XFen).as_str()
                ),
                Ok(pair)
            );
            assert_eq!(
                FenReader::STRICT.read::<DoubleStartingPosition>(
                    Fen::new(pair, CastlingNotation::Shredder).as_str()
                ),
                Ok(pair)
            );
            if pair.white() == pair.black() {
                assert_eq!(options.read::<StartingPosition>(fen), Ok(pair.white()));
            }
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});

/// A strict read accepts the placement alone, the first four fields, or all six, each as
/// written, with each of the four castling rights granted once, in any order, by its X-FEN
/// letter or its rook's file.
fn assert_strictly_the_start_of(fen: &str, x_fen: &str, shredder_fen: &str) {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let x_fields: Vec<&str> = x_fen.split(' ').collect();
    if fields.len() == 1 {
        assert_eq!(fields[0], x_fields[0]);
        return;
    }
    assert!(fields.len() == 4 || fields.len() == 6, "{fen:?}");
    for i in (0..fields.len()).filter(|&i| i != 2) {
        assert_eq!(fields[i], x_fields[i], "{fen:?}");
    }
    // Both castling fields list the rights in the same order: K, Q, k, q.
    let x_letters: Vec<char> = x_fields[2].chars().collect();
    let files: Vec<char> = shredder_fen.split(' ').nth(2).unwrap().chars().collect();
    let mut rights: Vec<usize> = fields[2]
        .chars()
        .map(|c| {
            (0..4)
                .find(|&i| c == x_letters[i] || c == files[i])
                .unwrap()
        })
        .collect();
    rights.sort_unstable();
    assert_eq!(rights, [0, 1, 2, 3], "{fen:?}");
}
