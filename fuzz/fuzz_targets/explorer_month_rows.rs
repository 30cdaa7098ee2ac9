//! A position's row of one month as the explorer's segments store it (an entry: its moves'
//! counts by bucket, its top and recent games; one game's in a short form, derivable lists
//! left out in a compact one). The first two bytes a month (big-endian), the rest read as the
//! row: no panic; an entry read writes bytes that read back to the same entry, of that month.
#![no_main]

use chess960_explorer::fuzzing::MonthEntry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((month, row)) = bytes.split_first_chunk::<2>() else {
        return;
    };
    let month = u16::from_be_bytes(*month);
    let Some(entry) = MonthEntry::read(row, month) else {
        return;
    };
    let written = entry.write();
    assert_eq!(MonthEntry::read(&written, month), Some(entry));
});
