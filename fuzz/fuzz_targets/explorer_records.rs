//! A game's record as the explorer's segments store it (its head: key, players, Elos,
//! outcome, speed, mode, month, where it is in its file; then its line, replayed). Any bytes
//! read as a record: no panic; a record read is all of the bytes, its head and its start read
//! alone are its own, and it writes bytes that read back to the same record and write again
//! to the very same bytes.
#![no_main]

use chess960_explorer::fuzzing::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some(record) = Record::read(bytes) else {
        return;
    };
    assert!(record.parts_agree(bytes));
    let written = record.write();
    let again = Record::read(&written).expect("a record written reads back");
    assert_eq!(again, record);
    assert!(again.parts_agree(&written));
    assert_eq!(again.write(), written);
});
