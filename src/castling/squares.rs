//! [`Squares`]: the few squares of one castling, in a fixed-size list.

use core::fmt;

use crate::board::{File, Rank, Square};
use crate::checked::get;

/// Up to eight squares on one rank, in a given order: what a castling needs empty, or what
/// its king walks over. `Copy`, 9 bytes, no allocation.
///
/// ```
/// use chess960::castling::Castling;
/// use chess960::StartingPosition;
/// use chess960::castling::CastlingSide;
/// use chess960::Color;
///
/// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Queenside);
/// let empty = castling.must_be_empty();
/// assert_eq!(empty.len(), 3);
/// assert_eq!(empty.to_string(), "b1 c1 d1");
/// assert_eq!(empty.iter().map(|square| square.to_string()).collect::<Vec<_>>(), ["b1", "c1", "d1"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Squares {
    squares: [Square; 8],
    len: u8,
}

impl Squares {
    /// The squares of `rank` on the files whose bits are set in `files` (bit 0 = a), a to h.
    pub(crate) const fn on_files(rank: Rank, files: u8) -> Squares {
        let mut list = Squares::EMPTY;
        let mut rest: &[File] = &File::ALL;
        while let [file, tail @ ..] = rest {
            if files & (1 << *file as u8) != 0 {
                list = list.push(Square::new(*file, rank));
            }
            rest = tail;
        }
        list
    }

    /// The squares of `rank` from `from` to `to`, both included, in that order.
    pub(crate) const fn walk(rank: Rank, from: File, to: File) -> Squares {
        let mut list = Squares::EMPTY.push(Square::new(from, rank));
        let mut file = from;
        while file as u8 != to as u8 {
            let next = if (file as u8) < to as u8 {
                file as usize + 1
            } else {
                (file as usize).wrapping_sub(1)
            };
            file = match get(&File::ALL, next) {
                Some(next) => next,
                None => return list,
            };
            list = list.push(Square::new(file, rank));
        }
        list
    }

    const EMPTY: Squares = Squares {
        squares: [Square::new(File::A, Rank::First); 8],
        len: 0,
    };

    /// The list with `square` appended; unchanged if it is full.
    const fn push(mut self, square: Square) -> Squares {
        if let Some((_, [slot, ..])) = self.squares.split_at_mut_checked(self.len as usize) {
            *slot = square;
            self.len += 1;
        }
        self
    }

    /// The squares, in order.
    ///
    /// ```
    /// use chess960::castling::Castling;
    /// use chess960::StartingPosition;
    /// use chess960::castling::CastlingSide;
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::Black, CastlingSide::Kingside);
    /// let empty = castling.must_be_empty();
    /// let [f8, g8] = empty.as_slice() else { panic!() };
    /// assert_eq!((f8.to_string(), g8.to_string()), ("f8".into(), "g8".into()));
    /// ```
    #[inline]
    pub const fn as_slice(&self) -> &[Square] {
        match self.squares.split_at_checked(self.len as usize) {
            Some((squares, _)) => squares,
            None => &self.squares,
        }
    }

    /// How many squares there are.
    ///
    /// ```
    /// use chess960::castling::Castling;
    /// use chess960::StartingPosition;
    /// use chess960::castling::CastlingSide;
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Kingside);
    /// assert_eq!(castling.king_passes().len(), 3);
    /// ```
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none: a castling where the king and the rook only swap squares.
    ///
    /// ```
    /// use chess960::castling::Castling;
    /// use chess960::StartingPosition;
    /// use chess960::castling::CastlingSide;
    /// use chess960::Color;
    ///
    /// // BQNNRKRB: the king on f1 and the rook on g1 change places.
    /// let sp = StartingPosition::from_id(3)?;
    /// assert!(Castling::new(sp, Color::White, CastlingSide::Kingside).must_be_empty().is_empty());
    /// assert!(!Castling::new(sp, Color::White, CastlingSide::Queenside).must_be_empty().is_empty());
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `square` is one of them.
    ///
    /// ```
    /// use chess960::castling::Castling;
    /// use chess960::{File, StartingPosition};
    /// use chess960::castling::CastlingSide;
    /// use chess960::{Color, Rank, Square};
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Queenside);
    /// assert!(castling.must_be_empty().contains(Square::new(File::B, Rank::First)));
    /// assert!(!castling.king_passes().contains(Square::new(File::B, Rank::First)));
    /// ```
    pub const fn contains(&self, square: Square) -> bool {
        let mut rest = self.as_slice();
        while let [first, tail @ ..] = rest {
            if first.index() == square.index() {
                return true;
            }
            rest = tail;
        }
        false
    }

    /// The squares, in order.
    ///
    /// ```
    /// use chess960::castling::Castling;
    /// use chess960::StartingPosition;
    /// use chess960::castling::CastlingSide;
    /// use chess960::Color;
    ///
    /// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Queenside);
    /// let walk: Vec<String> = castling.king_passes().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(walk, ["e1", "d1", "c1"]);
    /// ```
    pub fn iter(&self) -> core::iter::Copied<core::slice::Iter<'_, Square>> {
        self.as_slice().iter().copied()
    }
}

/// The squares separated by spaces, such as `b1 c1 d1`.
///
/// ```
/// use chess960::castling::Castling;
/// use chess960::StartingPosition;
/// use chess960::castling::CastlingSide;
/// use chess960::Color;
///
/// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Kingside);
/// assert_eq!(castling.king_passes().to_string(), "e1 f1 g1");
/// ```
impl fmt::Display for Squares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, square) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(&square, f)?;
        }
        Ok(())
    }
}

/// A list of the squares.
///
/// ```
/// use chess960::castling::Castling;
/// use chess960::StartingPosition;
/// use chess960::castling::CastlingSide;
/// use chess960::Color;
///
/// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Kingside);
/// assert_eq!(format!("{:?}", castling.must_be_empty()), "[f1, g1]");
/// ```
impl fmt::Debug for Squares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The squares, in order.
///
/// ```
/// use chess960::castling::Castling;
/// use chess960::StartingPosition;
/// use chess960::castling::CastlingSide;
/// use chess960::Color;
///
/// let castling = Castling::new(StartingPosition::STANDARD, Color::White, CastlingSide::Kingside);
/// let mut n = 0;
/// for _square in &castling.king_passes() {
///     n += 1;
/// }
/// assert_eq!(n, 3);
/// ```
impl<'a> IntoIterator for &'a Squares {
    type Item = Square;
    type IntoIter = core::iter::Copied<core::slice::Iter<'a, Square>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
