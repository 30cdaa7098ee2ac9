//! A game's line as the explorer's records hold it (its start's number or a FEN, then a byte
//! a move: its place among the legal moves). Any bytes read as a line: no panic; a line read
//! takes no more than the bytes, reads the same from those it took alone (nothing after them
//! is looked at), and writes bytes that read back to the same line, all of them taken.
#![no_main]

use chess960_explorer::fuzzing::Line;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((line, taken)) = Line::read(bytes) else {
        return;
    };
    assert!(taken <= bytes.len());
    assert!(line.moves() < taken);
    assert_eq!(Line::read(&bytes[..taken]), Some((line.clone(), taken)));
    let written = line.write();
    assert_eq!(Line::read(&written), Some((line, written.len())));
});
