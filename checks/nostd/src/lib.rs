//! Calls every library entry point from a `#![no_std]` staticlib with its own panic handler.
#![no_std]

use core::fmt::Write;
use core::panic::PanicInfo;

use chess960::{
    Book, BookEntry, CastlingNotation, DfrcNumbering, DoubleStartingPosition, Piece,
    StartingPosition,
};

/// Writes the back rank of `id` into `out`; false for an id out of range.
#[unsafe(no_mangle)]
pub extern "C" fn chess960_back_rank(id: u16, out: &mut [u8; 8]) -> bool {
    match StartingPosition::from_id(id) {
        Ok(sp) => {
            *out = sp.pieces().map(|p| p.to_ascii());
            true
        }
        Err(_) => false,
    }
}

/// The id of a back rank given as UTF-8 text (letters or symbols); -1 if it is none.
#[unsafe(no_mangle)]
pub extern "C" fn chess960_parse(text: &[u8; 32], len: usize) -> i32 {
    let Some(Ok(text)) = text.get(..len).map(core::str::from_utf8) else {
        return -1;
    };
    text.parse::<StartingPosition>()
        .map_or(-1, |sp| i32::from(sp.id()))
}

/// The id of eight ASCII piece letters; -1 if they are not a back rank.
#[unsafe(no_mangle)]
pub extern "C" fn chess960_id(letters: &[u8; 8]) -> i32 {
    let mut pieces = [Piece::King; 8];
    for (piece, &letter) in pieces.iter_mut().zip(letters) {
        let Some(p) = Piece::from_ascii(letter) else {
            return -1;
        };
        *piece = p;
    }
    StartingPosition::from_pieces(pieces).map_or(-1, |sp| i32::from(sp.id()))
}

/// Formats a position and an error message into a fixed buffer; returns the bytes used.
#[unsafe(no_mangle)]
pub extern "C" fn chess960_describe(id: u16, out: &mut [u8; 64]) -> usize {
    struct Buf<'a>(&'a mut [u8], usize);
    impl Write for Buf<'_> {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let end = self.1 + s.len();
            self.0
                .get_mut(self.1..end)
                .ok_or(core::fmt::Error)?
                .copy_from_slice(s.as_bytes());
            self.1 = end;
            Ok(())
        }
    }
    let mut buf = Buf(out, 0);
    let _ = match StartingPosition::from_id(id) {
        Ok(sp) => write!(buf, "{sp} {sp:?}"),
        Err(err) => write!(buf, "{err}"),
    };
    buf.1
}

/// Line `n` of the Double Fischer Random EPD book (Shredder-FEN castling; line n is Clover's
/// number n), copied into `out`; returns the bytes used, 0 past the end of the book. The
/// count of the 960 book without standard chess comes back through `count`.
#[unsafe(no_mangle)]
pub extern "C" fn chess960_dfrc_epd_line(n: u32, out: &mut [u8; 96], count: &mut u32) -> usize {
    *count = Book::CHESS960
        .without(StartingPosition::STANDARD)
        .entries()
        .count() as u32;
    let Ok(pair) = DoubleStartingPosition::from_number(n, DfrcNumbering::Clover) else {
        return 0;
    };
    let epd = BookEntry::Dfrc(pair).epd(CastlingNotation::Shredder);
    let line = epd.as_bytes();
    match out.get_mut(..line.len()) {
        Some(slot) => {
            slot.copy_from_slice(line);
            line.len()
        }
        None => 0,
    }
}

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}
