//! Pins the size of the generated static data (the back-rank table and the phf map) and of every
//! public type a caller holds by value, so that a footprint regression fails a test: firmware
//! keeps these on a stack of a few KiB.

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
}

/// Each public type's size in bytes. A change here is a change in what a microcontroller's
/// stack holds: only [`ManyDraws`](chess960::draw::ManyDraws), for draws of more than 16
/// Double Fischer Random pairs, is not for a small stack.
#[test]
fn public_type_sizes() {
    use chess960::book::{Book, BookEntry, Epd, Pgn};
    use chess960::castling::{Castling, Squares};
    use chess960::draw::{Draws, ManyDraws};
    use chess960::fen::{Fen, FenReader, ParseFenError};
    use chess960::game::{NoStart, Repair, RepairError, Repaired, StartReader};
    use chess960::set::PositionSet;
    use chess960::*;

    type Words = std::iter::Empty<u64>;
    let sizes = [
        (size_of::<StartingPosition>(), 2, "StartingPosition"),
        (
            size_of::<DoubleStartingPosition>(),
            4,
            "DoubleStartingPosition",
        ),
        (size_of::<Square>(), 1, "Square"),
        (size_of::<UciMove>(), 3, "UciMove"),
        (size_of::<Castling>(), 4, "Castling"),
        (size_of::<Squares>(), 9, "Squares"),
        (size_of::<Fen>(), 64, "Fen"),
        (size_of::<FenReader>(), 3, "FenReader"),
        (size_of::<Epd>(), 96, "Epd"),
        (size_of::<Pgn>(), 216, "Pgn"),
        (size_of::<PositionSet>(), 120, "PositionSet"),
        (size_of::<Book>(), 128, "Book"),
        (size_of::<BookEntry>(), 6, "BookEntry"),
        (size_of::<Draws<Words>>(), 192, "Draws"),
        (size_of::<ManyDraws<Words>>(), 117_256, "ManyDraws"),
        (size_of::<Repair>(), 2, "Repair"),
        (size_of::<StartReader>(), 1, "StartReader"),
        (size_of::<Repaired<'static>>(), 184, "Repaired"),
        (size_of::<RepairError>(), 200, "RepairError"),
        (size_of::<NoStart>(), 16, "NoStart"),
        (size_of::<ParseFenError>(), 16, "ParseFenError"),
        (size_of::<ParseStartError>(), 24, "ParseStartError"),
        (size_of::<board::ParseError>(), 11, "board::ParseError"),
    ];
    for (size, expected, name) in sizes {
        assert_eq!(size, expected, "size_of::<{name}>()");
    }
}
