//! Firmware of an electronic board recognises the start set up on it, whichever way round the
//! board stands, without allocating: the sensors give each square's piece, the firmware writes
//! the placement into a fixed buffer and reads it as a start.
//!
//!     cargo run --example eboard
//!
//! On a device the squares come from the sensors; here they are a board turned 180° with
//! SP 105 (QNRBBNKR) on it, White's pieces at the top.

use chess960::StartingPosition;
use chess960::fen::{FenReader, Orientation};

/// What a sensor reports for one square: a FEN letter (uppercase White), or none.
type SquareReading = Option<u8>;

/// The squares as the board reports them, its own row 8 first, files a to h of its own.
fn sensors() -> [[SquareReading; 8]; 8] {
    let rank = |letters: &[u8; 8]| letters.map(Some);
    let empty = [None; 8];
    // Turned 180°: White's back rank, read from the board's own a-file, is QNRBBNKR reversed.
    [
        rank(b"RKNBBRNQ"),
        rank(b"PPPPPPPP"),
        empty,
        empty,
        empty,
        empty,
        rank(b"pppppppp"),
        rank(b"rknbbrnq"),
    ]
}

/// The squares as a FEN placement, written into `buffer` (64 squares and 7 slashes fit).
fn placement<'a>(rows: &[[SquareReading; 8]; 8], buffer: &'a mut [u8; 71]) -> &'a str {
    let mut len = 0;
    let mut push = |byte: u8| {
        if let Some(slot) = buffer.get_mut(len) {
            *slot = byte;
            len += 1;
        }
    };
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            push(b'/');
        }
        let mut empty = 0;
        for square in row {
            match square {
                Some(letter) => {
                    if empty > 0 {
                        push(b'0' + empty);
                        empty = 0;
                    }
                    push(*letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            push(b'0' + empty);
        }
    }
    buffer
        .get(..len)
        .and_then(|b| core::str::from_utf8(b).ok())
        .unwrap_or("")
}

fn main() {
    let mut buffer = [0; 71];
    let text = placement(&sensors(), &mut buffer);
    match FenReader::STRICT.read_either_way::<StartingPosition>(text) {
        Ok((sp, orientation)) => {
            println!("start {} {sp}", sp.id());
            if orientation == Orientation::Turned {
                println!("the board is turned: White sits at the far side");
            }
        }
        Err(err) => println!("not a start position: {err}"),
    }
}
