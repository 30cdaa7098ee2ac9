//! Back ranks → start FEN: [`Fen`], a fixed-size value written without allocating.

use core::fmt;

use crate::{DoubleStartingPosition, StartingPosition};

/// How a FEN writes castling rights: X-FEN's `KQkq` or Shredder-FEN's rook files.
///
/// ```
/// use chess960::{CastlingNotation, StartingPosition};
///
/// let sp = StartingPosition::from_id(105)?; // QNRBBNKR: rooks on c1 and h1
/// assert!(sp.fen_in(CastlingNotation::XFen).as_str().ends_with(" w KQkq - 0 1"));
/// assert!(sp.fen_in(CastlingNotation::Shredder).as_str().ends_with(" w HChc - 0 1"));
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

/// A start FEN, written without allocating: always exactly 56 ASCII characters, such as
/// `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`.
///
/// ```
/// use chess960::StartingPosition;
///
/// let fen = StartingPosition::from_id(105)?.shredder_fen();
/// assert_eq!(fen.as_str(), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
/// assert_eq!(fen.to_string(), fen.as_str());
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fen([u8; Fen::LEN]);

impl Fen {
    /// The length of every start FEN.
    ///
    /// ```
    /// assert_eq!(chess960::StartingPosition::STANDARD.fen().as_str().len(), chess960::Fen::LEN);
    /// ```
    pub const LEN: usize = 56;

    /// Writes the FEN of White's `white` and Black's `black` back ranks, with full castling
    /// rights in `notation`.
    pub(crate) const fn new(
        white: StartingPosition,
        black: StartingPosition,
        notation: CastlingNotation,
    ) -> Fen {
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
        Fen(fen)
    }

    /// The FEN as text.
    ///
    /// ```
    /// let fen = chess960::StartingPosition::STANDARD.fen();
    /// assert_eq!(fen.as_str(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn as_str(&self) -> &str {
        // Every byte written is ASCII, so this never takes the `Err` arm.
        core::str::from_utf8(&self.0).unwrap_or_default()
    }

    /// The FEN as ASCII bytes.
    ///
    /// ```
    /// let fen = chess960::StartingPosition::STANDARD.fen();
    /// assert_eq!(&fen.as_bytes()[..8], b"rnbqkbnr");
    /// ```
    pub const fn as_bytes(&self) -> &[u8; Fen::LEN] {
        &self.0
    }
}

/// The FEN text.
///
/// ```
/// let fen = chess960::StartingPosition::STANDARD.shredder_fen();
/// assert_eq!(format!("{fen}"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
/// ```
impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The FEN text, quoted.
///
/// ```
/// let fen = chess960::StartingPosition::STANDARD.fen();
/// assert!(format!("{fen:?}").starts_with("Fen(\"rnbqkbnr/"));
/// ```
impl fmt::Debug for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Fen").field(&self.as_str()).finish()
    }
}

/// ```
/// let fen = chess960::StartingPosition::STANDARD.fen();
/// let text: &str = fen.as_ref();
/// assert!(text.ends_with(" w KQkq - 0 1"));
/// ```
impl AsRef<str> for Fen {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// ```
/// let fen = chess960::StartingPosition::STANDARD.fen();
/// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
impl PartialEq<&str> for Fen {
    fn eq(&self, other: &&str) -> bool {
        self.0[..] == *other.as_bytes()
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

/// Start FENs of a single Chess960 position (Black's back rank the same as White's).
impl StartingPosition {
    /// The start FEN with X-FEN castling, `KQkq` (as lichess, shakmaty and python-chess's
    /// `fen()` write it).
    ///
    /// ```
    /// let fen = chess960::StartingPosition::from_id(105)?.fen();
    /// assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn fen(self) -> Fen {
        Fen::new(self, self, CastlingNotation::XFen)
    }

    /// The start FEN with Shredder-FEN castling: the rooks' files, kingside first, White then
    /// Black (as Stockfish and python-chess's `shredder_fen()` write it).
    ///
    /// ```
    /// let fen = chess960::StartingPosition::from_id(105)?.shredder_fen();
    /// assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn shredder_fen(self) -> Fen {
        Fen::new(self, self, CastlingNotation::Shredder)
    }

    /// The start FEN with castling in `notation`.
    ///
    /// ```
    /// use chess960::{CastlingNotation, StartingPosition};
    ///
    /// let sp = StartingPosition::from_id(105)?;
    /// assert_eq!(sp.fen_in(CastlingNotation::XFen), sp.fen());
    /// assert_eq!(sp.fen_in(CastlingNotation::Shredder), sp.shredder_fen());
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn fen_in(self, notation: CastlingNotation) -> Fen {
        Fen::new(self, self, notation)
    }
}

/// Start FENs of a Double Fischer Random pair.
impl DoubleStartingPosition {
    /// The start FEN with X-FEN castling, `KQkq`.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(105)?, StartingPosition::from_id(451)?);
    /// assert_eq!(pair.fen(), "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn fen(self) -> Fen {
        Fen::new(self.white(), self.black(), CastlingNotation::XFen)
    }

    /// The start FEN with Shredder-FEN castling: each side's rook files, kingside first.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(451)?, StartingPosition::from_id(105)?);
    /// assert_eq!(pair.shredder_fen(), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/BRNNKQRB w GBhc - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn shredder_fen(self) -> Fen {
        Fen::new(self.white(), self.black(), CastlingNotation::Shredder)
    }

    /// The start FEN with castling in `notation`.
    ///
    /// ```
    /// use chess960::{CastlingNotation, DoubleStartingPosition, StartingPosition};
    ///
    /// let pair = DoubleStartingPosition::new(StartingPosition::from_id(451)?, StartingPosition::from_id(105)?);
    /// assert_eq!(pair.fen_in(CastlingNotation::Shredder), pair.shredder_fen());
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn fen_in(self, notation: CastlingNotation) -> Fen {
        Fen::new(self.white(), self.black(), notation)
    }
}
