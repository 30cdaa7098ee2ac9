//! Back-rank text: whatever `FromStr` accepts writes back to text that parses to the same
//! position, and every rejection has a message.
#![no_main]

use chess960::StartingPosition;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match text.parse::<StartingPosition>() {
        Ok(sp) => {
            assert_eq!(text.trim().chars().count(), 8, "{text:?} is not 8 symbols");
            assert_eq!(sp.to_string().parse(), Ok(sp));
            assert_eq!(StartingPosition::from_pieces(sp.pieces()), Ok(sp));
            assert_eq!(StartingPosition::from_id(sp.id()), Ok(sp));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
