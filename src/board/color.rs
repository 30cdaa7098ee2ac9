//! [`Color`]: whose a piece is, White or Black, and the rank each starts on.

use core::fmt;

use super::Rank;

/// A side of the board: White, whose back rank is rank 1, or Black, rank 8.
///
/// ```
/// use chess960::{Color, Rank};
///
/// assert_eq!(Color::White.back_rank(), Rank::First);
/// assert_eq!(Color::Black.to_string(), "black");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// White, who starts on ranks 1 and 2.
    White,
    /// Black, who starts on ranks 7 and 8.
    Black,
}

impl Color {
    /// White, then Black.
    ///
    /// ```
    /// assert_eq!(chess960::Color::ALL[0], chess960::Color::White);
    /// ```
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The rank this side's pieces start on: 1 for White, 8 for Black.
    ///
    /// ```
    /// assert_eq!(chess960::Color::Black.back_rank(), chess960::Rank::Eighth);
    /// ```
    #[inline]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }
}

/// `white` or `black`.
///
/// ```
/// assert_eq!(chess960::Color::White.to_string(), "white");
/// ```
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
