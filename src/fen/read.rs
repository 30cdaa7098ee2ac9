//! Start FEN → back ranks: a [`FenReader`] says which fields to check and reads a FEN as
//! either kind of start ([`FromFen`]); a [`ParseFenError`] names the first field that is not as
//! a start position has it.

use core::str::SplitAsciiWhitespace;

use super::error::{FenField, ParseFenError};
use crate::board::Piece;
use crate::checked::cannot_happen;
use crate::dfrc::DoubleStartingPosition;
use crate::parse_rank::{NotEightPieces, eight_pieces};
use crate::position::StartingPosition;

/// Reads start FENs, checking the fields it is told to beyond the placement. The default,
/// [`FenReader::STRICT`], checks them all; python-chess's `chess960_pos` offers the same three
/// relaxations. A FEN reads as a [`StartingPosition`] (Black's back rank must be White's) or a
/// [`DoubleStartingPosition`], whichever the caller asks for ([`FromFen`]).
///
/// ```
/// use chess960::StartingPosition;
/// use chess960::fen::FenReader;
///
/// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 5 20";
/// assert!(FenReader::STRICT.read::<StartingPosition>(fen).is_err());
/// let lax = FenReader::STRICT.ignore_turn().ignore_castling().ignore_counters();
/// assert_eq!(lax.read::<StartingPosition>(fen)?, StartingPosition::STANDARD);
/// # Ok::<(), chess960::fen::ParseFenError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FenReader {
    ignore_turn: bool,
    ignore_castling: bool,
    ignore_counters: bool,
}

impl FenReader {
    /// White to move, full castling rights for the rooks on the board, no en passant square,
    /// counters `0 1`.
    ///
    /// ```
    /// use chess960::fen::FenReader;
    ///
    /// assert_eq!(FenReader::STRICT, FenReader::default());
    /// ```
    pub const STRICT: FenReader = FenReader {
        ignore_turn: false,
        ignore_castling: false,
        ignore_counters: false,
    };

    /// Accept any side to move.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::fen::FenReader;
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    /// assert!(FenReader::STRICT.ignore_turn().read::<StartingPosition>(fen).is_ok());
    /// ```
    pub const fn ignore_turn(self) -> FenReader {
        FenReader {
            ignore_turn: true,
            ..self
        }
    }

    /// Accept any castling field.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::fen::FenReader;
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    /// assert!(FenReader::STRICT.ignore_castling().read::<StartingPosition>(fen).is_ok());
    /// ```
    pub const fn ignore_castling(self) -> FenReader {
        FenReader {
            ignore_castling: true,
            ..self
        }
    }

    /// Accept any halfmove clock and fullmove number, or the halfmove clock alone.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960::fen::FenReader;
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    /// assert!(FenReader::STRICT.ignore_counters().read::<StartingPosition>(fen).is_ok());
    /// ```
    pub const fn ignore_counters(self) -> FenReader {
        FenReader {
            ignore_counters: true,
            ..self
        }
    }

    /// Reads a start FEN as a [`StartingPosition`] or a [`DoubleStartingPosition`]. Castling
    /// may be X-FEN or Shredder letters, in any order.
    ///
    /// A FEN is read whole or in one of two shorter forms, and every field given is checked:
    /// its placement alone (as an electronic board sends it), its first four fields (an EPD
    /// line's, and the FEN tags some PGN writers leave without counters), or all six. Two,
    /// three or five fields are [`ParseFenError::Missing`] the next one.
    ///
    /// # Errors
    ///
    /// A [`ParseFenError`] naming the first field checked that is not as a start position has
    /// it; [`ParseFenError::BlackNotWhite`] when a [`StartingPosition`] is asked for and Black's
    /// back rank differs from White's.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, StartingPosition};
    /// use chess960::fen::FenReader;
    ///
    /// let sp: StartingPosition = FenReader::STRICT.read("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w CHch - 0 1")?;
    /// assert_eq!(sp.id(), 105);
    /// assert_eq!(FenReader::STRICT.read::<StartingPosition>("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR")?.id(), 105);
    /// assert_eq!(FenReader::STRICT.read::<StartingPosition>("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq -")?.id(), 105);
    /// let err = FenReader::STRICT.read::<StartingPosition>("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HAha - 0 1");
    /// assert_eq!(err.unwrap_err().to_string(), "castling: expected KQkq or HChc (in any order)");
    ///
    /// let pair: DoubleStartingPosition = FenReader::STRICT.read("brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1")?;
    /// assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
    /// # Ok::<(), chess960::fen::ParseFenError>(())
    /// ```
    pub fn read<S: FromFen>(self, fen: &str) -> Result<S, ParseFenError> {
        let (white, black) = read(fen, self)?;
        S::from_back_ranks(white, black)
    }
}

/// What a start FEN reads as: a [`StartingPosition`] (Black's back rank must be White's) or a
/// [`DoubleStartingPosition`]. Sealed: only these two.
///
/// ```
/// use chess960::{DoubleStartingPosition, StartingPosition};
/// use chess960::fen::{FenReader, ParseFenError};
///
/// let dfrc = "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR";
/// assert!(FenReader::STRICT.read::<DoubleStartingPosition>(dfrc).is_ok());
/// assert!(matches!(FenReader::STRICT.read::<StartingPosition>(dfrc), Err(ParseFenError::BlackNotWhite { .. })));
/// ```
pub trait FromFen: Sized + sealed::Sealed {
    /// The start of White's `white` and Black's `black` back ranks, if it is one of `Self`.
    #[doc(hidden)]
    fn from_back_ranks(
        white: StartingPosition,
        black: StartingPosition,
    ) -> Result<Self, ParseFenError>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::position::StartingPosition {}
    impl Sealed for crate::dfrc::DoubleStartingPosition {}
}

/// White's position, if Black starts from the same one.
impl FromFen for StartingPosition {
    fn from_back_ranks(
        white: StartingPosition,
        black: StartingPosition,
    ) -> Result<Self, ParseFenError> {
        DoubleStartingPosition::new(white, black)
            .single()
            .ok_or(ParseFenError::BlackNotWhite { white, black })
    }
}

/// White's and Black's positions.
impl FromFen for DoubleStartingPosition {
    fn from_back_ranks(
        white: StartingPosition,
        black: StartingPosition,
    ) -> Result<Self, ParseFenError> {
        Ok(DoubleStartingPosition::new(white, black))
    }
}

/// Reads a start FEN (or its placement alone) into White's and Black's back ranks.
pub(super) fn read(
    fen: &str,
    options: FenReader,
) -> Result<(StartingPosition, StartingPosition), ParseFenError> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().ok_or(ParseFenError::Empty)?;
    read_fields(placement, fields, options)
}

/// Reads a start FEN whose placement field is `placement` and whose other fields follow in
/// `fields`.
pub(super) fn read_fields(
    placement: &str,
    mut fields: SplitAsciiWhitespace<'_>,
    options: FenReader,
) -> Result<(StartingPosition, StartingPosition), ParseFenError> {
    let (white, black) = read_placement(placement)?;
    let Some(turn) = fields.next() else {
        return Ok((white, black));
    };
    if !options.ignore_turn && turn != "w" {
        return Err(ParseFenError::Turn);
    }
    let castling = fields.next().ok_or(ParseFenError::Missing {
        field: FenField::Castling,
    })?;
    if !options.ignore_castling && !full_castling_rights(castling, white, black) {
        return Err(ParseFenError::Castling { white, black });
    }
    let en_passant = fields.next().ok_or(ParseFenError::Missing {
        field: FenField::EnPassant,
    })?;
    if en_passant != "-" {
        return Err(ParseFenError::EnPassant);
    }
    let counters = match (fields.next(), fields.next()) {
        // EPD's four fields: the counters are left out, not wrong.
        (None, _) => return Ok((white, black)),
        (Some(halfmove), fullmove) => (halfmove, fullmove),
    };
    if !options.ignore_counters {
        match counters {
            ("0", Some("1")) => {}
            (_, None) => {
                return Err(ParseFenError::Missing {
                    field: FenField::FullmoveNumber,
                });
            }
            (_, Some(_)) => return Err(ParseFenError::Counters),
        }
    }
    match fields.count() {
        0 => Ok((white, black)),
        extra => Err(ParseFenError::TooManyFields { found: 6 + extra }),
    }
}

/// The longest placement that can be a start position's: 64 squares and 7 slashes.
pub(super) const LONGEST_PLACEMENT: usize = 71;

/// Reads a placement field into White's and Black's back ranks.
fn read_placement(placement: &str) -> Result<(StartingPosition, StartingPosition), ParseFenError> {
    // The ranks between slashes, by hand: `str::split`'s searcher, once it is not inlined,
    // is not proven panic-free (checks/no-panic).
    let mut ranks = [""; 8];
    let mut found = 0;
    let mut rest = placement;
    loop {
        let end = rest.bytes().position(|b| b == b'/').unwrap_or(rest.len());
        let (rank, after) = rest
            .split_at_checked(end)
            .unwrap_or_else(|| cannot_happen((rest, "")));
        if let Some(slot) = ranks.get_mut(found) {
            *slot = rank;
        }
        found += 1;
        match after.get(1..) {
            Some(next) => rest = next,
            None => break,
        }
    }
    if found != 8 {
        return Err(ParseFenError::RankCount { found });
    }
    let [black, black_pawns, middle @ .., white_pawns, white] = ranks;
    let black = read_back_rank(black, 8)?;
    if black_pawns != "pppppppp" {
        return Err(ParseFenError::Pawns { rank: 7 });
    }
    for (rank, text) in (3..=6).rev().zip(middle) {
        if text != "8" {
            return Err(ParseFenError::NotEmpty { rank });
        }
    }
    if white_pawns != "PPPPPPPP" {
        return Err(ParseFenError::Pawns { rank: 2 });
    }
    Ok((read_back_rank(white, 1)?, black))
}

/// Rank 1 must be uppercase piece letters, rank 8 lowercase.
fn read_back_rank(text: &str, rank: u8) -> Result<StartingPosition, ParseFenError> {
    let pieces = eight_pieces(text, |c| {
        let own_case = if rank == 1 {
            c.is_ascii_uppercase()
        } else {
            c.is_ascii_lowercase()
        };
        if own_case {
            Piece::from_ascii(c as u8)
        } else {
            None
        }
    })
    .map_err(|err| match err {
        NotEightPieces::Length { chars } => ParseFenError::BackRankLength { rank, chars },
        NotEightPieces::Symbol { symbol, file } => {
            ParseFenError::BackRankSymbol { rank, file, symbol }
        }
    })?;
    StartingPosition::from_pieces(pieces).map_err(|error| ParseFenError::BackRank { rank, error })
}

/// Whether `field` grants all four castling rights, each once, in any order: `K`/`Q` (`k`/`q`
/// for Black) for the outermost rook on that side, or a rook's file letter (Shredder-FEN).
fn full_castling_rights(field: &str, white: StartingPosition, black: StartingPosition) -> bool {
    // Bits: White kingside, White queenside, Black kingside, Black queenside.
    let mut granted = 0u8;
    for c in field.bytes() {
        let (sp, shift) = if c.is_ascii_uppercase() {
            (white, 0)
        } else {
            (black, 2)
        };
        let right = match c.to_ascii_lowercase() {
            b'k' => 0,
            b'q' => 1,
            file @ b'a'..=b'h' => {
                let file = file - b'a';
                if file == sp.kingside_rook_file() as u8 {
                    0
                } else if file == sp.queenside_rook_file() as u8 {
                    1
                } else {
                    return false;
                }
            }
            _ => return false,
        };
        let bit = 1 << (right + shift);
        if granted & bit != 0 {
            return false;
        }
        granted |= bit;
    }
    granted == 0b1111
}
