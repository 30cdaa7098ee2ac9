//! A position's all-months row (its counts, or its games listed) and a group of games' facts,
//! as the explorer's segments store them. Any bytes read as either: no panic; what is read
//! writes bytes that read back to what they were read from (a row), or to the very bytes read
//! (facts, of fixed width).
#![no_main]

use chess960_explorer::fuzzing::{facts_rewritten, row_rewritten};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Some(written) = row_rewritten(bytes) {
        assert_eq!(row_rewritten(&written).as_ref(), Some(&written));
    }
    if let Some(written) = facts_rewritten(bytes) {
        assert_eq!(written, bytes);
    }
});
