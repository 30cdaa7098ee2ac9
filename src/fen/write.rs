//! Back ranks → start FEN: [`Fen`], a fixed-size value written without allocating, with
//! castling rights in either [`CastlingNotation`].

use core::fmt;
use core::str::FromStr;

use crate::dfrc::DoubleStartingPosition;
use crate::line::{Text, line_type};
use crate::name::{self, ParseNameError};
use crate::position::StartingPosition;

/// How a FEN writes castling rights: X-FEN's `KQkq` or Shredder-FEN's rook files.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::fen::{CastlingNotation, Fen};
///
/// let sp = StartingPosition::from_id(105)?; // QNRBBNKR: rooks on c1 and h1
/// assert!(Fen::new(sp, CastlingNotation::XFen).as_str().ends_with(" w KQkq - 0 1"));
/// assert!(Fen::new(sp, CastlingNotation::Shredder).as_str().ends_with(" w HChc - 0 1"));
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum CastlingNotation {
    /// `KQkq`: each side's outermost rook (as lichess, shakmaty and python-chess's `fen()`
    /// write it).
    #[default]
    XFen,
    /// The castling rooks' files, kingside first, White's uppercase: `HAha` (as Stockfish and
    /// python-chess's `shredder_fen()` write it).
    Shredder,
}

impl CastlingNotation {
    /// Both notations, in the order of [`CastlingNotation::NAMES`].
    pub const ALL: [CastlingNotation; 2] = [CastlingNotation::XFen, CastlingNotation::Shredder];
    /// Their names, as `FromStr` reads them and `Display` writes them.
    ///
    /// ```
    /// use chess960::fen::CastlingNotation;
    ///
    /// assert_eq!(CastlingNotation::NAMES, ["x-fen", "shredder"]);
    /// assert_eq!("shredder".parse(), Ok(CastlingNotation::Shredder));
    /// assert_eq!(CastlingNotation::XFen.to_string(), "x-fen");
    /// ```
    pub const NAMES: [&'static str; 2] = ["x-fen", "shredder"];
}

/// Its name: `x-fen` or `shredder`.
impl fmt::Display for CastlingNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastlingNotation::XFen => "x-fen",
            CastlingNotation::Shredder => "shredder",
        })
    }
}

/// Reads `x-fen` or `shredder`.
impl FromStr for CastlingNotation {
    type Err = ParseNameError;

    fn from_str(text: &str) -> Result<Self, ParseNameError> {
        let what = "a castling notation";
        name::parse(text, what, &CastlingNotation::ALL, &CastlingNotation::NAMES)
    }
}

/// The length of every start FEN.
const LEN: usize = 56;

line_type! {
    /// A start FEN, written without allocating: always exactly [`Fen::LEN`] (56) ASCII
    /// characters, such as `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`. White to
    /// move, full castling rights, no en passant square, counters `0 1`.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::fen::{CastlingNotation, Fen};
    ///
    /// let sp = StartingPosition::from_id(105)?;
    /// let fen = Fen::new(sp, CastlingNotation::Shredder);
    /// assert_eq!(fen.as_str(), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
    ///
    /// let pair = DoubleStartingPosition::new(sp, StartingPosition::from_id(451)?);
    /// assert_eq!(Fen::new(pair, CastlingNotation::XFen), "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub struct Fen(LEN);
    example: Fen::new(chess960::DoubleStartingPosition::STANDARD, CastlingNotation::XFen);
    uses: "use chess960::fen::{CastlingNotation, Fen};";
}

impl Fen {
    /// The length of every start FEN.
    ///
    /// ```
    /// use chess960::DoubleStartingPosition;
    /// use chess960::fen::{CastlingNotation, Fen};
    ///
    /// assert_eq!(Fen::new(DoubleStartingPosition::STANDARD, CastlingNotation::Shredder).len(), Fen::LEN);
    /// ```
    pub const LEN: usize = LEN;

    /// The start FEN of `start`, a [`StartingPosition`] or a [`DoubleStartingPosition`]
    /// (White's back rank and Black's), with full castling rights in `notation`.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::fen::{CastlingNotation, Fen};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(451)?, StartingPosition::from_id(105)?);
    /// let fen = Fen::new(pair, CastlingNotation::Shredder);
    /// assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w GBhc - 0 1");
    ///
    /// let fen = Fen::new(StartingPosition::from_id(105)?, CastlingNotation::XFen);
    /// assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    pub fn new(start: impl Into<DoubleStartingPosition>, notation: CastlingNotation) -> Fen {
        Fen::of_pair(start.into(), notation)
    }

    pub(crate) const fn of_pair(start: DoubleStartingPosition, notation: CastlingNotation) -> Fen {
        let (white, black) = (start.white(), start.black());
        let [white_king, white_queen, black_king, black_queen] = match notation {
            CastlingNotation::XFen => *b"KQkq",
            CastlingNotation::Shredder => shredder_castling(white, black),
        };
        let [a, b, c, d, e, f, g, h] = white.to_ascii();
        // The letters are ASCII, so setting bit 5 of each lowercases them.
        let black = u64::from_le_bytes(black.to_ascii()) | 0x2020_2020_2020_2020;
        let [s, t, u, v, w, x, y, z] = black.to_le_bytes();
        #[rustfmt::skip]
        let fen = [
            s, t, u, v, w, x, y, z, b'/',
            b'p', b'p', b'p', b'p', b'p', b'p', b'p', b'p', b'/',
            b'8', b'/', b'8', b'/', b'8', b'/', b'8', b'/',
            b'P', b'P', b'P', b'P', b'P', b'P', b'P', b'P', b'/',
            a, b, c, d, e, f, g, h,
            b' ', b'w', b' ', white_king, white_queen, black_king, black_queen,
            b' ', b'-', b' ', b'0', b' ', b'1',
        ];
        Fen(Text::full(fen))
    }
}

/// Full castling rights in Shredder-FEN: each side's rook files, kingside first, White's
/// uppercase.
pub(crate) const fn shredder_castling(white: StartingPosition, black: StartingPosition) -> [u8; 4] {
    [
        white.kingside_rook_file().to_char().to_ascii_uppercase() as u8,
        white.queenside_rook_file().to_char().to_ascii_uppercase() as u8,
        black.kingside_rook_file().to_char() as u8,
        black.queenside_rook_file().to_char() as u8,
    ]
}
