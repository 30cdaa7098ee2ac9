//! [`Square`] and [`Rank`]: the squares of the board by file and rank, as `e1` is written.

use core::fmt;

use super::File;
use crate::checked::get;

/// A rank of the board, `1` (White's back rank) to `8` (Black's).
///
/// ```
/// use chess960::{Color, Rank};
///
/// assert_eq!(Rank::Eighth.to_char(), '8');
/// assert_eq!(Color::Black.back_rank(), Rank::Eighth);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Rank {
    /// Rank 1, White's back rank.
    First,
    /// Rank 2.
    Second,
    /// Rank 3.
    Third,
    /// Rank 4.
    Fourth,
    /// Rank 5.
    Fifth,
    /// Rank 6.
    Sixth,
    /// Rank 7.
    Seventh,
    /// Rank 8, Black's back rank.
    Eighth,
}

impl Rank {
    /// All eight ranks, 1 to 8.
    ///
    /// ```
    /// assert_eq!(chess960::Rank::ALL[7], chess960::Rank::Eighth);
    /// ```
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank's index, 0 for rank 1 to 7 for rank 8.
    ///
    /// ```
    /// assert_eq!(chess960::Rank::First.index(), 0);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit, `1` to `8`.
    ///
    /// ```
    /// assert_eq!(chess960::Rank::Second.to_char(), '2');
    /// ```
    #[inline]
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank of the digit `1` to `8`.
    ///
    /// ```
    /// use chess960::Rank;
    ///
    /// assert_eq!(Rank::from_ascii(b'8'), Some(Rank::Eighth));
    /// assert_eq!(Rank::from_ascii(b'9'), None);
    /// ```
    #[inline]
    pub const fn from_ascii(digit: u8) -> Option<Rank> {
        get(&Rank::ALL, digit.wrapping_sub(b'1') as usize)
    }
}

/// The digit.
///
/// ```
/// assert_eq!(chess960::Rank::Seventh.to_string(), "7");
/// ```
impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.to_char())
    }
}

impl File {
    /// The file of the letter `a` to `h` (lowercase, as squares are written).
    ///
    /// ```
    /// use chess960::File;
    ///
    /// assert_eq!(File::from_ascii(b'e'), Some(File::E));
    /// assert_eq!(File::from_ascii(b'E'), None);
    /// ```
    #[inline]
    pub const fn from_ascii(letter: u8) -> Option<File> {
        get(&File::ALL, letter.wrapping_sub(b'a') as usize)
    }
}

/// A square of the board, such as `e1`. One byte, `Copy`, ordered a1, b1, …, h1, a2, …, h8.
///
/// ```
/// use chess960::File;
/// use chess960::{Rank, Square};
///
/// let e1 = Square::new(File::E, Rank::First);
/// assert_eq!(e1.to_string(), "e1");
/// assert_eq!((e1.file(), e1.rank()), (File::E, Rank::First));
/// assert_eq!(Square::from_ascii(b"e1"), Some(e1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use chess960::File;
    /// use chess960::{Rank, Square};
    ///
    /// assert_eq!(Square::new(File::H, Rank::Eighth).index(), 63);
    /// ```
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank as u8 * 8 + file as u8)
    }

    /// The square's file.
    ///
    /// ```
    /// use chess960::File;
    /// use chess960::{Rank, Square};
    ///
    /// assert_eq!(Square::new(File::G, Rank::First).file(), File::G);
    /// ```
    #[inline]
    pub const fn file(self) -> File {
        match get(&File::ALL, (self.0 % 8) as usize) {
            Some(file) => file,
            None => File::A,
        }
    }

    /// The square's rank.
    ///
    /// ```
    /// use chess960::File;
    /// use chess960::{Rank, Square};
    ///
    /// assert_eq!(Square::new(File::G, Rank::Eighth).rank(), Rank::Eighth);
    /// ```
    #[inline]
    pub const fn rank(self) -> Rank {
        match get(&Rank::ALL, (self.0 / 8) as usize) {
            Some(rank) => rank,
            None => Rank::First,
        }
    }

    /// The square's index: 0 for a1, 7 for h1, 8 for a2, 63 for h8 (the order of
    /// shakmaty, cozy-chess and python-chess).
    ///
    /// ```
    /// use chess960::File;
    /// use chess960::{Rank, Square};
    ///
    /// assert_eq!(Square::new(File::E, Rank::First).index(), 4);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square written as a file letter and a rank digit, such as `b"e1"`.
    ///
    /// ```
    /// use chess960::Square;
    ///
    /// assert_eq!(Square::from_ascii(b"h8").map(Square::index), Some(63));
    /// assert_eq!(Square::from_ascii(b"i1"), None);
    /// assert_eq!(Square::from_ascii(b"e10"), None);
    /// ```
    pub const fn from_ascii(text: &[u8]) -> Option<Square> {
        match text {
            [file, rank] => match (File::from_ascii(*file), Rank::from_ascii(*rank)) {
                (Some(file), Some(rank)) => Some(Square::new(file, rank)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The two letters, such as `*b"e1"`.
    ///
    /// ```
    /// use chess960::File;
    /// use chess960::{Rank, Square};
    ///
    /// assert_eq!(&Square::new(File::C, Rank::Eighth).to_ascii(), b"c8");
    /// ```
    #[inline]
    pub const fn to_ascii(self) -> [u8; 2] {
        [b'a' + self.0 % 8, b'1' + self.0 / 8]
    }
}

/// File letter and rank digit.
///
/// ```
/// use chess960::File;
/// use chess960::{Rank, Square};
///
/// assert_eq!(format!("{:>3}", Square::new(File::A, Rank::First)), " a1");
/// ```
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = self.to_ascii();
        f.pad(core::str::from_utf8(&letters).map_err(|_| fmt::Error)?)
    }
}

/// The square's name.
///
/// ```
/// use chess960::File;
/// use chess960::{Rank, Square};
///
/// assert_eq!(format!("{:?}", Square::new(File::E, Rank::First)), "e1");
/// ```
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
