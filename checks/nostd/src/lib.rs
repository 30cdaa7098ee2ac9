//! Calls every library entry point from a `#![no_std]` staticlib with its own panic handler.
#![no_std]

use chess960::castling::Castling;
use chess960::fen::FenReader;
use chess960::numbering::DfrcNumbering;
use core::fmt::Write;
use core::panic::PanicInfo;

use chess960::book::{Book, BookEntry};
use chess960::castling::CastlingSide;
use chess960::fen::{CastlingNotation, Orientation};
use chess960::{Color, UciMove};
use chess960::{DoubleStartingPosition, Piece, StartingPosition};

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
    let Ok(pair) = DfrcNumbering::Clover.pair(n) else {
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

/// What an electronic board needs from a placement its sensors read (`len` bytes of `text`),
/// either way up: the id of White's start (-1 if it is no start), whether the board is turned
/// (through `turned`), and for the move `uci` (4 or 5 bytes), its other castling spelling
/// written into `converted` with the squares White's kingside castling needs empty as bits
/// (a1 = bit 0) through `must_be_empty`.
#[unsafe(no_mangle)]
pub extern "C" fn chess960_eboard(
    text: &[u8; 96],
    len: usize,
    turned: &mut bool,
    uci: &[u8; 5],
    uci_len: usize,
    converted: &mut [u8; 5],
    must_be_empty: &mut u64,
) -> i32 {
    let Some(Ok(fen)) = text.get(..len).map(core::str::from_utf8) else {
        return -1;
    };
    let Ok((pair, orientation)) = FenReader::STRICT.read_either_way::<DoubleStartingPosition>(fen)
    else {
        return -1;
    };
    *turned = orientation == Orientation::Turned;
    let castling = Castling::new(pair, Color::White, CastlingSide::Kingside);
    *must_be_empty = castling
        .must_be_empty()
        .iter()
        .fold(0, |bits, square| bits | 1 << square.index());
    let mv = uci
        .get(..uci_len)
        .and_then(|bytes| UciMove::from_ascii(bytes).ok())
        .unwrap_or(UciMove::NULL);
    let mut buf = Buf(converted, 0);
    let _ = write!(buf, "{}", mv.respelled(pair));
    i32::from(pair.white().id())
}

/// Text written into a fixed buffer, as far as it fits.
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

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}
