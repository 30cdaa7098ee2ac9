//! Numbers in every numbering, single and Double Fischer Random: each accepted number comes
//! back from the position it names, and exactly the numbers in range are accepted.
#![no_main]

use chess960::{DfrcNumbering, DoubleStartingPosition, Numbering, StartingPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u16, u32, u64)| {
    let (number, dfrc_number, random) = input;
    for numbering in [Numbering::Scharnagl, Numbering::OneBased, Numbering::Fritz9] {
        let (low, high) = numbering.range();
        match StartingPosition::from_number(number, numbering) {
            Ok(sp) => {
                assert_eq!(sp.number(numbering), number);
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
        match DoubleStartingPosition::from_number(dfrc_number, numbering) {
            Ok(pair) => assert_eq!(pair.number(numbering), dfrc_number),
            Err(_) => assert!(dfrc_number >= DoubleStartingPosition::COUNT),
        }
    }
    let sp = StartingPosition::from_random_u64(random);
    assert_eq!(StartingPosition::from_id(sp.id()), Ok(sp));
    let pair = DoubleStartingPosition::from_random_u64(random);
    let number = pair.number(DfrcNumbering::Clover);
    assert_eq!(
        DoubleStartingPosition::from_number(number, DfrcNumbering::Clover),
        Ok(pair)
    );
});
