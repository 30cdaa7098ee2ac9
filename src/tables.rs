//! Pieces, files, and Scharnagl's two tables.
//!
//! This file is compiled twice: by `build.rs`, which merges the [`KINGS_TABLE`] and the
//! [`BISHOPS_TABLE`] into all 960 back ranks, and by the library, which exports it as
//! `chess960::tables` (with [`Piece`] and [`File`] also at the crate root).
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
    /// All five pieces, in declaration order.
    ///
    /// ```
    /// assert_eq!(chess960::Piece::ALL.len(), 5);
    /// ```
    pub const ALL: [Piece; 5] = [
        Piece::King,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
    ];

    /// The piece for an ASCII letter, either case (`K Q R B N`).
    ///
    /// ```
    /// use chess960::Piece;
    ///
    /// assert_eq!(Piece::from_ascii(b'q'), Some(Piece::Queen));
    /// assert_eq!(Piece::from_ascii(b'P'), None);
    /// ```
    #[inline]
    pub const fn from_ascii(letter: u8) -> Option<Piece> {
        match letter.to_ascii_uppercase() {
            b'K' => Some(Piece::King),
            b'Q' => Some(Piece::Queen),
            b'R' => Some(Piece::Rook),
            b'B' => Some(Piece::Bishop),
            b'N' => Some(Piece::Knight),
            _ => None,
        }
    }

    /// The piece for a letter (either case) or a white or black Unicode chess symbol.
    ///
    /// ```
    /// use chess960::Piece;
    ///
    /// for c in ['K', 'k', '♔', '♚'] {
    ///     assert_eq!(Piece::from_char(c), Some(Piece::King));
    /// }
    /// assert_eq!(Piece::from_char('♙'), None); // pawns are not back-rank pieces
    /// ```
    pub const fn from_char(c: char) -> Option<Piece> {
        match c {
            '♔' | '♚' => Some(Piece::King),
            '♕' | '♛' => Some(Piece::Queen),
            '♖' | '♜' => Some(Piece::Rook),
            '♗' | '♝' => Some(Piece::Bishop),
            '♘' | '♞' => Some(Piece::Knight),
            _ if c.is_ascii() => Piece::from_ascii(c as u8),
            _ => None,
        }
    }

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

    /// The white Unicode symbol (♔♕♖♗♘).
    ///
    /// ```
    /// assert_eq!(chess960::Piece::Queen.white_symbol(), '♕');
    /// ```
    pub const fn white_symbol(self) -> char {
        match self {
            Piece::King => '♔',
            Piece::Queen => '♕',
            Piece::Rook => '♖',
            Piece::Bishop => '♗',
            Piece::Knight => '♘',
        }
    }

    /// The black Unicode symbol (♚♛♜♝♞).
    ///
    /// ```
    /// assert_eq!(chess960::Piece::Queen.black_symbol(), '♛');
    /// ```
    pub const fn black_symbol(self) -> char {
        match self {
            Piece::King => '♚',
            Piece::Queen => '♛',
            Piece::Rook => '♜',
            Piece::Bishop => '♝',
            Piece::Knight => '♞',
        }
    }

    /// How many of this piece a back rank holds: one king, one queen, two of the others.
    ///
    /// ```
    /// use chess960::Piece;
    ///
    /// assert_eq!(Piece::King.count_on_back_rank(), 1);
    /// assert_eq!(Piece::Knight.count_on_back_rank(), 2);
    /// ```
    pub const fn count_on_back_rank(self) -> u8 {
        match self {
            Piece::King | Piece::Queen => 1,
            Piece::Rook | Piece::Bishop | Piece::Knight => 2,
        }
    }
}

/// The uppercase letter.
///
/// ```
/// assert_eq!(chess960::Piece::Knight.to_string(), "N");
/// ```
impl core::fmt::Display for Piece {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Write::write_char(f, self.to_char())
    }
}

/// The lowercase letter.
///
/// ```
/// assert_eq!(chess960::File::G.to_string(), "g");
/// ```
impl core::fmt::Display for File {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Write::write_char(f, self.to_char())
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

    /// Whether the square on the first rank is dark (a1, c1, e1, g1).
    ///
    /// ```
    /// assert!(chess960::File::A.is_dark_on_rank_1());
    /// assert!(!chess960::File::H.is_dark_on_rank_1());
    /// ```
    #[inline]
    pub const fn is_dark_on_rank_1(self) -> bool {
        self as u8 % 2 == 0
    }
}

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
        table[r] = if (light as u8) < (dark as u8) {
            [light, dark]
        } else {
            [dark, light]
        };
        r += 1;
    }
    table
};

/// `table[index]`, or `None` past its end. Indexing that cannot panic, for `const fn`s
/// (`<[T]>::get` is not `const`).
pub(crate) const fn get<T: Copy>(table: &[T], index: usize) -> Option<T> {
    match table.split_at_checked(index) {
        Some((_, [entry, ..])) => Some(*entry),
        _ => None,
    }
}
