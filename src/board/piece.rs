//! [`Piece`] and [`File`]: the pieces of a back rank and the files they stand on, by their
//! letters.
//!
//! `build.rs` compiles this file and `tables.rs` as well as the library, so it holds only what
//! both use. What only the library needs lives with what it is for: reading and writing pieces
//! as text in `parse_rank.rs`, piece counts and square colours in `rules.rs`.

use core::fmt;

/// A piece on a back rank. Its discriminant is its uppercase ASCII letter.
///
/// ```
/// use chess960::Piece;
///
/// assert_eq!(Piece::from_char('♞'), Some(Piece::Knight));
/// assert_eq!(Piece::Knight.to_char(), 'N');
/// assert_eq!(Piece::Knight.black_symbol(), '♞');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Piece {
    /// `K`, ♔, ♚
    King = b'K',
    /// `Q`, ♕, ♛
    Queen = b'Q',
    /// `R`, ♖, ♜
    Rook = b'R',
    /// `B`, ♗, ♝
    Bishop = b'B',
    /// `N`, ♘, ♞
    Knight = b'N',
}

impl Piece {
    /// The uppercase ASCII letter.
    ///
    /// ```
    /// assert_eq!(chess960::Piece::Bishop.to_ascii(), b'B');
    /// ```
    #[inline]
    pub const fn to_ascii(self) -> u8 {
        self as u8
    }

    /// The uppercase letter.
    ///
    /// ```
    /// assert_eq!(chess960::Piece::Rook.to_char(), 'R');
    /// ```
    #[inline]
    pub const fn to_char(self) -> char {
        self as u8 as char
    }
}

/// The uppercase letter.
///
/// ```
/// assert_eq!(chess960::Piece::Knight.to_string(), "N");
/// ```
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.to_char())
    }
}

/// A file of the board, `a` (White's left) to `h`.
///
/// ```
/// use chess960::File;
///
/// assert_eq!(File::C.to_char(), 'c');
/// assert!(File::C.is_dark_on_rank_1());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum File {
    /// The a-file.
    A,
    /// The b-file.
    B,
    /// The c-file.
    C,
    /// The d-file.
    D,
    /// The e-file.
    E,
    /// The f-file.
    F,
    /// The g-file.
    G,
    /// The h-file.
    H,
}

impl File {
    /// All eight files, a to h.
    ///
    /// ```
    /// assert_eq!(chess960::File::ALL[4], chess960::File::E);
    /// ```
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file's index, 0 for `a` to 7 for `h`.
    ///
    /// ```
    /// assert_eq!(chess960::File::H.index(), 7);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter, `a` to `h`.
    ///
    /// ```
    /// assert_eq!(chess960::File::A.to_char(), 'a');
    /// ```
    #[inline]
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }
}

/// The lowercase letter.
///
/// ```
/// assert_eq!(chess960::File::G.to_string(), "g");
/// ```
impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.to_char())
    }
}
