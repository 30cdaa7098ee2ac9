//! Fritz 9's numbering: Scharnagl's bishop code plus the number of the queen's and knights'
//! skeleton in Fritz 9's own table, mapped both ways from the rows of Scharnagl's King's table.

use crate::board::Piece;
use crate::tables::KINGS_TABLE;

/// For each row of Scharnagl's King's table, the row of Fritz 9's skeleton table: 15 × the
/// queen's slot among the four squares the knights leave + the knights' pair among six
/// (0 = `NN----`, 1 = `N-N---`, …, 14 = `----NN`).
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
pub(super) const KINGS_ROW_TO_FRITZ: [u8; 60] = {
    let mut fritz = [0; 60];
    let mut row = 0;
    while row < 60 {
        let (mut knights, mut seen, mut queen) = ([0; 2], 0, 0);
        let mut slot = 0;
        while slot < 6 {
            match KINGS_TABLE[row][slot] {
                Piece::Knight => {
                    knights[seen] = slot;
                    seen += 1;
                }
                Piece::Queen => queen = slot - seen,
                _ => {}
            }
            slot += 1;
        }
        // Pairs (a, b) of six slots, a < b, in order: 5 + 4 + … pairs start left of a.
        let mut pair = knights[1] - knights[0] - 1;
        let mut a = 0;
        while a < knights[0] {
            pair += 5 - a;
            a += 1;
        }
        fritz[row] = (15 * queen + pair) as u8;
        row += 1;
    }
    fritz
};

/// The inverse of [`KINGS_ROW_TO_FRITZ`].
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
pub(super) const FRITZ_TO_KINGS_ROW: [u8; 60] = {
    let mut rows = [0; 60];
    let mut row = 0;
    while row < 60 {
        rows[KINGS_ROW_TO_FRITZ[row] as usize] = row as u8;
        row += 1;
    }
    rows
};
