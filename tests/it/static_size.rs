//! Pins the size of the generated static data (the back-rank table and the phf map), so that a
//! footprint regression fails a test. Goal: at most 24 KiB in all.

use std::mem::{size_of, size_of_val};

mod generated {
    // The generated code takes `Piece` from where it is included.
    use chess960::Piece;

    include!(concat!(env!("OUT_DIR"), "/back_ranks.rs"));
}

#[test]
fn generated_static_data_size() {
    let table = size_of_val(&generated::BACK_RANKS);
    let map = &generated::IDS;
    let (disps, entries) = (size_of_val(map.disps), size_of_val(map.entries));
    assert_eq!(table, 960 * 8, "one byte per piece");
    assert_eq!(map.entries.len(), 960);
    assert_eq!(size_of_val(&map.entries[0]), 10, "([u8; 8] key, u16 id)");
    assert_eq!(entries, 9_600);
    assert_eq!(disps, 2_560, "320 (u32, u32) displacements");
    let total = table + size_of::<phf::Map<[u8; 8], u16>>() + disps + entries;
    assert_eq!(total, 19_880);
    assert!(total <= 24 * 1024);
}
