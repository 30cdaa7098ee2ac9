//! Numbers in every numbering, single and Double Fischer Random: each accepted number comes
//! back from the position it names, and exactly the numbers in range are accepted; a random
//! word picks the Double Fischer Random pair its multiply-shift names.
#![no_main]

use chess960::book::Book;
use chess960::numbering::{DfrcNumbering, Numbering};
use chess960::{DoubleStartingPosition, StartingPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u16, u32, u64)| {
    let (number, dfrc_number, random) = input;
    for numbering in [Numbering::Scharnagl, Numbering::OneBased, Numbering::Fritz] {
        let (low, high) = numbering.range();
        match numbering.position(number) {
            Ok(sp) => {
                assert_eq!(numbering.number(sp), number);
                assert_eq!(StartingPosition::from_id(sp.id()), Ok(sp));
                let mut reversed = sp.pieces();
                reversed.reverse();
                assert_eq!(sp.mirrored().pieces(), reversed);
                assert_eq!(sp.mirrored().mirrored(), sp);
            }
            Err(error) => {
                assert!(!(low..=high).contains(&number));
                assert!(!error.to_string().is_empty());
            }
        }
    }
    for numbering in [DfrcNumbering::Viridithas, DfrcNumbering::Clover] {
        match numbering.pair(dfrc_number) {
            Ok(pair) => assert_eq!(numbering.number(pair), dfrc_number),
            Err(_) => assert!(dfrc_number >= DoubleStartingPosition::COUNT),
        }
    }
    // One random word picks the pair Clover's numbering gives ⌊word × 921,600 / 2⁶⁴⌋, unless
    // the pick rejects the word (the low half of the product below 2⁶⁴ mod 921,600).
    let product = u128::from(random) * u128::from(DoubleStartingPosition::COUNT);
    let rejected =
        (product as u64) < ((1u128 << 64) % u128::from(DoubleStartingPosition::COUNT)) as u64;
    let picked = Book::DFRC
        .pick(&mut [random].into_iter())
        .map(|entry| entry.pair());
    let expected = DfrcNumbering::Clover.pair((product >> 64) as u32).ok();
    assert_eq!(picked, if rejected { None } else { expected });
});
