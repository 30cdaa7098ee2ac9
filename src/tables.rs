//! Scharnagl's two tables, and the N5N code that builds the King's table.
//!
//! This file is compiled twice: by `build.rs`, which merges the [`KINGS_TABLE`] and the
//! [`BISHOPS_TABLE`] into all 960 back ranks, and by the library, which exports it as
//! `chess960::tables`.
//!
//! ```
//! use chess960::tables::{BISHOPS_TABLE, KINGS_TABLE};
//! use chess960::{File, StartingPosition};
//!
//! // SP 518 = King's-table number 512 (row 32) + Bishop's-table remainder 6: the bishops go
//! // to c1 and f1, the row's six pieces fill the other files from a to h.
//! let (row, remainder) = (518 / 16, 518 % 16);
//! assert_eq!(BISHOPS_TABLE[remainder], [File::C, File::F]);
//! let mut others = KINGS_TABLE[row].into_iter();
//! let pieces = StartingPosition::STANDARD.pieces();
//! for (file, piece) in File::ALL.into_iter().zip(pieces) {
//!     if !BISHOPS_TABLE[remainder].contains(&file) {
//!         assert_eq!(Some(piece), others.next());
//!     }
//! }
//! ```

use super::piece::{File, Piece};

/// Scharnagl's N5N code: the knights' two slots among five free squares, numbered 0 to 9.
///
/// ```
/// // Standard chess: the five squares left of bishops and queen are R N K N R: code 5.
/// assert_eq!(chess960::tables::N5N[5], [1, 3]);
/// ```
pub const N5N: [[u8; 2]; 10] = [
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [1, 2],
    [1, 3],
    [1, 4],
    [2, 3],
    [2, 4],
    [3, 4],
];

/// Scharnagl's King's table: row `r` (number `16 × r`) is the sequence of the six pieces other
/// than the bishops, from a to h.
///
/// The queen's slot among the six is `r % 6`; the knights stand on [`N5N`]`[r / 6]` of the
/// five slots the queen leaves; rook, king and rook fill the last three.
///
/// ```
/// use chess960::Piece::{King as K, Knight as N, Queen as Q, Rook as R};
/// use chess960::tables::KINGS_TABLE;
///
/// assert_eq!(KINGS_TABLE[512 / 16], [R, N, Q, K, N, R]); // standard chess is 512 + 6
/// ```
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
pub const KINGS_TABLE: [[Piece; 6]; 60] = {
    let mut table = [[Piece::Rook; 6]; 60];
    let mut row = 0;
    while row < 60 {
        table[row] = kings_row(row % 6, N5N[row / 6]);
        row += 1;
    }
    table
};

/// Only called while the compiler evaluates [`KINGS_TABLE`].
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
const fn kings_row(queen: usize, knights: [u8; 2]) -> [Piece; 6] {
    let mut row = [Piece::Rook; 6];
    row[queen] = Piece::Queen;
    let (mut free, mut outer) = (0, 0);
    let mut slot = 0;
    while slot < 6 {
        if slot != queen {
            if free == knights[0] || free == knights[1] {
                row[slot] = Piece::Knight;
            } else {
                // The three slots left are rook, king, rook.
                if outer == 1 {
                    row[slot] = Piece::King;
                }
                outer += 1;
            }
            free += 1;
        }
        slot += 1;
    }
    row
}

/// Scharnagl's Bishop's table: remainder `r` (0 to 15) puts the light-squared bishop on
/// b, d, f or h by `r % 4` and the dark-squared one on a, c, e or g by `r / 4`. Each row
/// lists the two files from a to h.
///
/// ```
/// use chess960::File;
/// use chess960::tables::BISHOPS_TABLE;
///
/// assert_eq!(BISHOPS_TABLE[6], [File::C, File::F]); // standard chess
/// ```
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
pub const BISHOPS_TABLE: [[File; 2]; 16] = {
    let mut table = [[File::A; 2]; 16];
    let mut r = 0;
    while r < 16 {
        let light = File::ALL[2 * (r % 4) + 1];
        let dark = File::ALL[2 * (r / 4)];
        table[r] = if light.index() < dark.index() {
            [light, dark]
        } else {
            [dark, light]
        };
        r += 1;
    }
    table
};
