//! The left–right mirror image of a back rank, by arithmetic on its id.

use crate::checked::{cannot_happen, get};
use crate::position::StartingPosition;
use crate::tables::N5N;

impl StartingPosition {
    /// The left–right mirror image: the back rank read from h to a. Always another of the 960
    /// (the bishops swap colours, the king stays between the rooks, and no back rank is its
    /// own mirror image, as it has one king and one queen).
    ///
    /// ```
    /// use chess960::StartingPosition;
    ///
    /// let sp = StartingPosition::STANDARD.mirrored();
    /// assert_eq!(sp.to_string(), "RNBKQBNR");
    /// assert_eq!(sp.mirrored(), StartingPosition::STANDARD);
    /// ```
    pub const fn mirrored(self) -> StartingPosition {
        // Scharnagl's id is light + 4 × dark + 16 × queen slot (of 6) + 96 × N5N code. Read
        // from h to a, the light bishop's index l (file 2l + 1) becomes the dark one's 3 - l,
        // the dark one's d becomes the light one's 3 - d, the queen's slot q becomes 5 - q,
        // and the knights' code becomes that of the reversed pair.
        let id = self.id();
        let (light, dark) = (id % 4, id / 4 % 4);
        let (queen, knights) = (id / 16 % 6, id / 96);
        let mirrored = (3 - dark) + 4 * (3 - light) + 16 * (5 - queen);
        match get(&MIRRORED_N5N, knights as usize) {
            Some(knights) => StartingPosition::from_id_in_range(mirrored + 96 * knights),
            None => cannot_happen(self),
        }
    }
}

/// For each N5N code, the code of the same two knight slots read from the other end.
#[allow(
    clippy::indexing_slicing,
    reason = "evaluated by the compiler: an index out of bounds fails the build"
)]
const MIRRORED_N5N: [u16; 10] = {
    let mut mirrored = [0; 10];
    let mut code = 0;
    while code < 10 {
        let [a, b] = N5N[code];
        let mut other = 0;
        while N5N[other][0] != 4 - b || N5N[other][1] != 4 - a {
            other += 1;
        }
        mirrored[code] = other as u16;
        code += 1;
    }
    mirrored
};
